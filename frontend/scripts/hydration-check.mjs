// Hydration check in a real browser, without the Rust server: a small Node server renders pages
// with the server bundle (as the Rust server does, same document shell) and serves a development
// build of the client bundle, whose React reports every hydration mismatch on the console.
// Usage: npm run build && node scripts/hydration-check.mjs   (needs /usr/bin/chromium)
// SCREENSHOTS=/tmp/shots saves a full-page screenshot of every page and viewport.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { chromium } from "playwright-core";
import { loadServerBundle, makeProduct, makeStore, site as testSite } from "../test/helpers.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "dist");
const manifest = JSON.parse(fs.readFileSync(path.join(dist, "manifest.json"), "utf8"));
const bundle = loadServerBundle();
const caps = JSON.parse(fs.readFileSync(path.join(dist, "geo", "cap.json"), "utf8"));
const leads = [];

const devClient = await esbuild.build({
  entryPoints: [path.join(root, "src/entry-client.tsx")],
  bundle: true,
  write: false,
  format: "iife",
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"development"', __BUILD_YEAR__: JSON.stringify(String(new Date().getUTCFullYear())) },
  logLevel: "error",
});
const devJs = devClient.outputFiles[0].contents;

const escapeJson = (v) =>
  JSON.stringify(v).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

const store = makeStore({ logo_img_url: null, opening_hours: [{ days: ["Mo", "Tu", "We", "Th", "Fr"], opens: "08:00", closes: "12:30" }, { days: ["Sa"], opens: "08:30", closes: "12:30" }] });
// A shop with a logo: its image is in the seller block, which the server renders as a fragment.
const logo = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#9a3412"/></svg>')}`;
const storeWithLogo = makeStore({ id: 4, slug: "con-logo", logo_img_url: logo });
const products = Array.from({ length: 60 }, (_, i) => makeProduct(60 - i, { image_url: null }));
const evil = "</script><script>alert(1)</script>";
/** A stand-in for GET /api/stores/3/products: search in name and brand, category, newest or
 * price order, pages. The real server's rules are tested in server/tests/api/catalogue.rs. */
function listingFor(url) {
  const query = new URL(url, "http://x").searchParams;
  const q = (query.get("q") ?? "").toLowerCase();
  const category = query.get("category");
  const sort = query.get("sort") ?? "newest";
  const page = Number(query.get("page") ?? 1);
  const perPage = Number(query.get("per_page") ?? 24);
  const found = products
    .filter((p) => (!category || p.category === category) && (!q || `${p.name} ${p.brand}`.toLowerCase().includes(q)))
    .sort((a, b) => (sort === "priceAsc" ? a.price - b.price : sort === "priceDesc" ? b.price - a.price : b.id - a.id));
  const categories = [...new Set(products.map((p) => p.category).filter(Boolean))].sort().map((name) => ({ name, count: products.filter((p) => p.category === name).length }));
  return { items: found.slice((page - 1) * perPage, page * perPage), total: found.length, page, per_page: perPage, pages: Math.max(1, Math.ceil(found.length / perPage)), categories };
}
const exploreStores = Array.from({ length: 15 }, (_, i) => makeStore({ id: i + 1, slug: `s${i + 1}`, name: `Negozio ${i + 1}`, product_count: i * 3 }));

function propsFor(url, site) {
  if (url.startsWith("/store/")) {
    const { pathname, search } = new URL(url, "http://x");
    const all = listingFor("/");
    const categories = all.categories.map((c) => ({ ...c, slug: c.name.toLowerCase() }));
    const brands = [...new Set(products.map((p) => p.brand).filter(Boolean))].sort().map((name) => ({ name, slug: name.toLowerCase(), count: products.filter((p) => p.brand === name).length }));
    const section = categories.find((c) => pathname.endsWith(`/c/${c.slug}`));
    const category = section?.name ?? "all";
    const asked = new URLSearchParams(search);
    if (section) asked.set("category", section.name);
    const listing = {
      q: "",
      category,
      brand: "",
      sort: "newest",
      path: pathname,
      canonical: pathname + search,
      noindex: false,
      section: section ? { kind: "category", ...section } : null,
      categories,
      brands,
      result: listingFor(`/?${asked}`),
    };
    return { site, store, listing };
  }
  if (url.startsWith("/product/4/")) return { site, store: storeWithLogo, product: makeProduct(12, { image_url: null }), related: [] };
  if (url.startsWith("/product/")) return { site, store, product: { ...makeProduct(12, { image_url: null }), name: evil }, related: products.slice(0, 15).filter((p) => p.id !== 12) };
  if (url.startsWith("/explore")) {
    const stores = [...exploreStores].sort((a, b) => b.product_count - a.product_count).slice(0, 12);
    return { site, stores, explore: { q: "", sort: "productsDesc", page: 1, pages: 2, total: exploreStores.length, canonical: "/explore", noindex: false } };
  }
  return { site };
}

const server = http.createServer((req, res) => {
  const url = req.url;
  if (url === `/${manifest.js}`) return res.writeHead(200, { "content-type": "text/javascript" }).end(devJs);
  if (url.startsWith("/assets/")) {
    const file = path.join(dist, "client", url);
    if (fs.existsSync(file)) return res.writeHead(200, { "content-type": url.endsWith(".css") ? "text/css" : url.endsWith(".svg") ? "image/svg+xml" : "application/octet-stream" }).end(fs.readFileSync(file));
    return res.writeHead(404).end();
  }
  if (url.startsWith("/api/geo/city-by-cap")) {
    const cap = new URL(url, "http://x").searchParams.get("cap");
    const comuni = caps[cap];
    return comuni
      ? res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ comuni }))
      : res.writeHead(404, { "content-type": "application/json" }).end('{"error":"CAP non trovato","code":"not_found"}');
  }
  if (url === "/api/leads" && req.method === "POST") {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      leads.push(JSON.parse(body));
      res.writeHead(201, { "content-type": "application/json" }).end("{}");
    });
    return;
  }
  if (url.startsWith("/api/stores/3/products")) return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(listingFor(url)));
  if (url.startsWith("/api/")) return res.writeHead(404, { "content-type": "application/json" }).end("{}");
  const site = { publicUrl: `http://${req.headers.host}` };
  const props = propsFor(url, site);
  const out = bundle.render(url, props);
  const doc = `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${out.head}<link rel="stylesheet" href="/${manifest.css}"></head><body><div id="root">${out.html}</div><script type="application/json" id="__DATA__">${escapeJson(props)}</script><script src="/${manifest.js}" defer></script></body></html>`;
  res.writeHead(out.status, { "content-type": "text/html; charset=utf-8" }).end(doc);
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}`;

const pages = ["/", "/explore", "/store/3/edilizia-demo", "/store/3/edilizia-demo/c/cementi?page=2", "/product/3/edilizia-demo/12/prodotto-12", "/product/4/con-logo/12/prodotto-12", "/pricing", "/pricing?billing=monthly", "/contacts", "/faq", "/privacy", "/cookie", "/non-esiste"];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
let failures = 0;
for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  const context = await browser.newContext({ viewport });
  for (const p of pages) {
    const page = await context.newPage();
    const problems = [];
    page.on("console", (m) => {
      if (/Failed to load resource/.test(m.text())) return; // images and the map geocoder are not served here
      if (m.type() === "error" || (m.type() === "warning" && /hydrat|did not match|server/i.test(m.text()))) problems.push(`${m.type()}: ${m.text().slice(0, 400)}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("dialog", (d) => {
      problems.push(`dialog opened: ${d.message()}`);
      d.dismiss();
    });
    await page.goto(base + p, { waitUntil: "load" });
    // The cookie banner is drawn once the app has mounted: waiting for it (not for a fixed time)
    // is waiting for hydration, however slow a busy machine makes the development build.
    await page.getByText("Accetta tutti").first().waitFor({ timeout: 20_000 }).catch(() => {});
    const banner = await page.getByText("Accetta tutti").count();
    if (banner !== 1) problems.push(`cookie banner count ${banner}`);
    const label = `${viewport.width}px ${p}`;
    if (process.env.SCREENSHOTS) {
      fs.mkdirSync(process.env.SCREENSHOTS, { recursive: true });
      const name = `${viewport.width}${p.replace(/[^a-z0-9]+/gi, "_")}.png`;
      await page.screenshot({ path: path.join(process.env.SCREENSHOTS, name), fullPage: true });
    }
    if (problems.length) {
      failures++;
      console.log(`FAIL ${label}\n  ${problems.join("\n  ")}`);
    } else console.log(`ok   ${label}`);
    await page.close();
  }
  await context.close();
}
// Interactions after hydration.
async function check(label, fn) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await fn(page, context);
    console.log(`ok   ${label}`);
  } catch (e) {
    failures++;
    console.log(`FAIL ${label}\n  ${e.message.split("\n").slice(0, 12).join("\n  ")}`);
  } finally {
    await context.close();
  }
}
const expectEq = (a, b, what) => {
  if (a !== b) throw new Error(`${what}: expected ${JSON.stringify(b)}, got ${JSON.stringify(a)}`);
};
const productLinks = (page) => page.locator('main a[href^="/product/"]').count();

/** The shop's "Aperto ora"/"Chiuso ora" line is written once the app has taken over. */
const hydrated = (page) => page.locator("[data-open-now]").filter({ hasText: /ora/ }).waitFor();
await check("store: the next page shown in place, its address kept", async (page) => {
  await page.goto(`${base}/store/3/edilizia-demo`);
  await hydrated(page);
  expectEq(await productLinks(page), 24, "first page");
  await page.locator("[data-page-links]").getByRole("link", { name: "Successiva" }).click();
  await page.waitForURL(`${base}/store/3/edilizia-demo?page=2`);
  await page.getByText("Pagina 2 di 3").waitFor();
  expectEq(await productLinks(page), 24, "second page");
});
await check("store: search by brand and name, a category's page, sort by price (asked of the server)", async (page) => {
  const links = (n) => page.waitForFunction((n) => document.querySelectorAll('main a[href^="/product/"]').length === n, n, { timeout: 10_000 });
  await page.goto(`${base}/store/3/edilizia-demo`);
  await page.getByLabel("Cerca prodotti").pressSequentially("Prodotto 7", { delay: 10 });
  await links(1);
  await page.getByLabel("Cerca prodotti").press("Control+a");
  await page.getByLabel("Cerca prodotti").press("Delete");
  await links(24);
  await page.getByLabel("Categoria").selectOption("Cementi");
  await page.waitForURL(`${base}/store/3/edilizia-demo/c/cementi`);
  await page.waitForFunction(() => /1-24 di 30 prodotti/.test(document.querySelector("[data-products-count]")?.textContent ?? ""), null, { timeout: 10_000 });
  expectEq(await productLinks(page), 24, "category (30 of 60, first 24)");
  await page.getByLabel("Ordina per").selectOption("priceAsc");
  await page.waitForFunction(() => document.querySelector('main a[href^="/product/"]')?.getAttribute("href") === "/product/3/edilizia-demo/1/prodotto-1", null, { timeout: 10_000 });
});
await check("store on mobile: a page of 24 from the address, pages as links", async (page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/store/3/edilizia-demo?page=2`);
  await hydrated(page);
  await page.getByText("Pagina 2 di 3").waitFor();
  expectEq(await productLinks(page), 24, "page 2");
  await page.locator("[data-page-links]").getByRole("link", { name: "Successiva" }).click();
  await page.getByText("Pagina 3 di 3").waitFor();
  expectEq(await productLinks(page), 12, "page 3");
});
await check("product: carousel buttons enable and disable at the ends", async (page) => {
  await page.goto(`${base}/product/3/edilizia-demo/12/prodotto-12`);
  const left = page.getByRole("button", { name: "Scorri a sinistra" });
  const right = page.getByRole("button", { name: "Scorri a destra" });
  await page.getByRole("button", { name: "Rifiuta tutti" }).click();
  // The cards past the server's six join after hydration; the ends are known once all are in.
  const related = propsFor("/product/3/", testSite).related.length;
  await page.waitForFunction((n) => document.querySelectorAll("section[aria-labelledby=related-title] ul li").length === n, related);
  expectEq(await left.isDisabled(), true, "left at start");
  expectEq(await right.isDisabled(), false, "right at start");
  for (let i = 0; i < 8 && !(await right.isDisabled()); i++) {
    // A smooth scroll still under way may reach the end, and disable the button, just
    // before the click: that is the end this loop is after.
    await right.click({ timeout: 2000 }).catch(async (err) => {
      if (!(await right.isDisabled())) throw err;
    });
    await page.waitForTimeout(500);
  }
  expectEq(await right.isDisabled(), true, "right at end");
  expectEq(await left.isDisabled(), false, "left at end");
  expectEq(await page.title(), `${evil} | Edilizia Demo`, "title text");
});
await check("cookie banner: accept hides it and stores preferences; footer link reopens settings", async (page) => {
  await page.goto(`${base}/faq`);
  await page.getByRole("button", { name: "Accetta tutti" }).click();
  expectEq(await page.getByRole("button", { name: "Accetta tutti" }).count(), 0, "banner hidden");
  const saved = await page.evaluate(() => localStorage.getItem("cookiePreferences"));
  expectEq(saved, '{"essential":true,"analytics":true,"marketing":true}', "saved");
  await page.reload();
  await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
  await page.waitForTimeout(300);
  expectEq(await page.getByRole("button", { name: "Accetta tutti" }).count(), 0, "banner stays hidden");
  await page.getByRole("button", { name: "Gestisci impostazioni cookie" }).click();
  await page.getByRole("dialog", { name: "Preferenze cookie" }).waitFor();
  await page.keyboard.press("Escape");
  expectEq(await page.getByRole("dialog").count(), 0, "Escape closes");
});
await check("FAQ: one item open at a time", async (page) => {
  await page.goto(`${base}/faq`);
  const buttons = page.locator("main h2 button");
  await buttons.nth(0).click();
  await buttons.nth(1).click();
  expectEq(await page.locator('main [role="region"]:not([hidden])').count(), 1, "open items");
});
await check("demo modal: CAP lookup (one town, several towns), submit, success", async (page, context) => {
  const popups = [];
  context.on("page", (p) => popups.push(p.url()));
  await context.route("https://calendly.com/**", (r) => r.fulfill({ status: 200, body: "ok" }));
  await page.goto(`${base}/`);
  await page.getByRole("button", { name: "Prova la demo" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email di lavoro*").fill("mario@edilrossi.it");
  await dialog.getByLabel("Nome dell'attività*").fill("Edil Rossi");
  await dialog.getByLabel("CAP*").fill("0011");
  await page.waitForTimeout(1300);
  expectEq(await dialog.getByLabel("Città*").inputValue(), "", "no lookup with 4 digits");
  await dialog.getByLabel("CAP*").fill("00118");
  await page.waitForTimeout(600);
  expectEq(await dialog.getByLabel("Città*").inputValue(), "", "debounced");
  // The lookup is debounced and asked of the server: wait for its answer, up to 10 s.
  const city = async (name) => {
    for (let i = 0; i < 100 && (await dialog.getByLabel("Città*").inputValue()) !== name; i++) await page.waitForTimeout(100);
    expectEq(await dialog.getByLabel("Città*").inputValue(), name, `city of the CAP`);
  };
  await city("Roma");
  const multi = Object.entries(caps).find(([, v]) => v.length > 1);
  await dialog.getByLabel("CAP*").fill(multi[0]);
  await dialog.locator("select").waitFor({ timeout: 10_000 });
  await dialog.locator("select").selectOption(multi[1][1]);
  await dialog.getByLabel("CAP*").fill("99999");
  await dialog.getByText("Nessuna città trovata per questo CAP.").waitFor({ timeout: 10_000 });
  await dialog.getByLabel("CAP*").fill("20121");
  await city("Milano");
  await dialog.getByRole("button", { name: "Richiedi la demo" }).click();
  await dialog.getByText("Grazie! Il tuo lead è stato inviato con successo.").waitFor();
  expectEq(await dialog.getByLabel("Email di lavoro*").inputValue(), "", "form cleared");
  expectEq(JSON.stringify(leads.at(-1)), JSON.stringify({ workEmail: "mario@edilrossi.it", businessName: "Edil Rossi", postal_code: "20121", city: "Milano" }), "lead body");
  await page.waitForTimeout(300);
  if (!popups.some((u) => u.startsWith("https://calendly.com/"))) throw new Error(`booking page not opened: ${popups}`);
  await page.keyboard.press("Escape");
  expectEq(await page.getByRole("dialog").count(), 0, "Escape closes the modal");
});
await check("pricing: annual by default, monthly toggle, ?billing=monthly", async (page) => {
  await page.goto(`${base}/pricing`);
  await page.locator("#plan-card-pro").getByText("150 €").waitFor();
  await page.getByRole("button", { name: "Mensile" }).click();
  await page.locator("#plan-card-pro").getByText("188 €").waitFor();
  await page.goto(`${base}/pricing?billing=monthly`);
  await page.locator("#plan-card-starter").getByText("156 €").waitFor();
});
await check("top bar hides on scroll down and shows on scroll up", async (page) => {
  await page.goto(`${base}/`);
  // The scroll listener is the app's: hydration (a transition) may end after the load event.
  await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
  const header = page.locator("header").first();
  await page.mouse.wheel(0, 800);
  await page.waitForTimeout(500);
  const hidden = await header.evaluate((h) => h.getBoundingClientRect().bottom <= 0);
  expectEq(hidden, true, "hidden after scrolling down");
  await page.mouse.wheel(0, -200);
  await page.waitForTimeout(500);
  expectEq(await header.evaluate((h) => h.getBoundingClientRect().top >= 0), true, "visible after scrolling up");
});

await browser.close();
server.close();
process.exit(failures ? 1 : 0);
