// Public site in Chromium against the real server and the demo shop: pages readable with
// JavaScript off, hydration without console errors, and the interactions of docs/product/routes.md.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { blockThirdParty, demoLogin, launchBrowser, startServer, typeInto, watchConsole } from "./harness.mjs";

let server;
let browser;
let shop; // the demo shop as the public API returns it
let storeUrl;
let productUrl; // a product of the brand with the most products (the carousel scrolls)
let product;
let evilUrl; // a product named like a script injection (redirects to its canonical URL)
const EVIL = "</script><script>alert(1)</script>";

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const stores = await (await fetch(`${server.url}/api/stores`)).json();
  const demo = stores.find((s) => s.name === "Edilizia Demo");
  shop = await (await fetch(`${server.url}/api/stores/${demo.id}`)).json();
  storeUrl = `/store/${shop.id}/${shop.slug}`;
  // Fourteen more products of one brand, so the carousel has 15 cards to scroll through.
  const session = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify(demoLogin),
  });
  assert.equal(session.status, 200, "demo login");
  const cookie = session.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const extra = Array.from({ length: 14 }, (_, i) => ({ name: `Adesivo cementizio Vetrina ${i + 1}`, brand: "Marca Carosello", price: 10 + i, in_stock: true }));
  const created = await fetch(`${server.url}/api/products/bulk_upload`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, cookie },
    body: JSON.stringify(extra),
  });
  assert.equal(created.status, 201, await created.clone().text());
  product = (await created.json())[0];
  const evil = await fetch(`${server.url}/api/products`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, cookie },
    body: JSON.stringify({ name: EVIL, brand: "Marca Carosello", price: 1, in_stock: true }),
  });
  assert.equal(evil.status, 201, await evil.clone().text());
  evilUrl = `/product/${shop.id}/${shop.slug}/${(await evil.json()).id}`;
  productUrl = `/product/${shop.id}/${shop.slug}/${product.id}/${product.slug}`;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage({ javaScriptEnabled = true, viewport = { width: 1280, height: 900 } } = {}) {
  const context = await browser.newContext({ javaScriptEnabled, viewport });
  await blockThirdParty(context, server.url);
  const page = await context.newPage();
  return { context, page };
}

describe("with JavaScript turned off", () => {
  test("the shop page lists its products as links", async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    const response = await page.goto(server.url + storeUrl);
    assert.equal(response.status(), 200);
    assert.equal(await page.locator("h1").first().textContent(), "Edilizia Demo");
    const links = await page.locator('main a[href^="/product/"]').count();
    assert.equal(links, 24, `product links: ${links}`);
    await context.close();
  });

  test("the product page shows name, price, availability and seller", async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    const response = await page.goto(server.url + productUrl);
    assert.equal(response.status(), 200);
    assert.equal((await page.locator("h1").textContent()).trim(), product.name);
    const text = await page.locator("main").textContent();
    const price = Number(product.price).toFixed(2).replace(".", ",");
    assert.ok(text.includes(price) && text.includes("€"), `price ${price} in page`);
    assert.ok(text.includes(product.in_stock ? "Disponibile" : "Non disponibile"));
    assert.ok(text.includes("Venduto da"));
    await context.close();
  });

  test("an unknown product answers 404 with the not-found page", async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    const response = await page.goto(`${server.url}/product/${shop.id}/${shop.slug}/999999/nessuno`);
    assert.equal(response.status(), 404);
    assert.ok((await page.locator("main").textContent()).includes("Prodotto non trovato"));
    await context.close();
  });
});

describe("hydration", () => {
  const pages = () => ["/", "/explore", storeUrl, productUrl, "/pricing", "/contacts", "/faq", "/privacy", "/cookie", "/non-esiste"];
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    test(`every public page hydrates without console errors at ${viewport.width}px`, async () => {
      const { context, page } = await newPage({ viewport });
      for (const path of pages()) {
        const problems = watchConsole(page);
        const response = await page.goto(server.url + path, { waitUntil: "load" });
        const expected404 = response.status() === 404; // Chromium logs the not-found page's own status
        // The cookie banner renders only after hydration: its presence proves React took over.
        await page.getByRole("button", { name: "Accetta tutti" }).waitFor({ timeout: 5000 });
        await page.waitForTimeout(200);
        const real = problems.filter((p) => !(expected404 && /status of 404 \(Not Found\)/.test(p)));
        assert.deepEqual(real, [], `${path}: ${real.join("\n")}`);
        page.removeAllListeners("console");
        page.removeAllListeners("pageerror");
      }
      await context.close();
    });
  }
});

describe("interactions", () => {
  test("cookie choice survives a reload", async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/faq`);
    await page.getByRole("button", { name: "Rifiuta tutti" }).click();
    assert.equal(await page.getByRole("button", { name: "Accetta tutti" }).count(), 0);
    const saved = JSON.parse(await page.evaluate(() => localStorage.getItem("cookiePreferences")));
    assert.deepEqual(saved, { essential: true, analytics: false, marketing: false });
    await page.reload();
    await page.waitForTimeout(500);
    assert.equal(await page.getByRole("button", { name: "Accetta tutti" }).count(), 0, "banner stays hidden");
    await context.close();
  });

  test("pricing: annual by default, monthly after the toggle", async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/pricing`);
    const pro = page.locator("#plan-card-pro");
    const annual = await pro.innerText();
    await page.getByRole("button", { name: "Mensile" }).click();
    await page.waitForTimeout(100);
    const monthly = await pro.innerText();
    assert.notEqual(monthly, annual, "the price changes with the toggle");
    await page.getByRole("button", { name: "Annuale" }).click();
    await page.waitForTimeout(100);
    assert.equal(await pro.innerText(), annual);
    await context.close();
  });

  test("product carousel: arrows disabled at the ends", async () => {
    const { context, page } = await newPage();
    await page.goto(server.url + productUrl);
    await page.getByRole("button", { name: "Rifiuta tutti" }).click();
    // Six cards come with the page, the others join once it is hydrated.
    const related = await page.evaluate(() => JSON.parse(document.getElementById("__DATA__").textContent).related.length);
    assert.ok(related > 6, `${related} related products`);
    await page.waitForFunction((n) => document.querySelectorAll("section[aria-labelledby=related-title] ul li").length === n, related);
    const left = page.getByRole("button", { name: "Scorri a sinistra" });
    const right = page.getByRole("button", { name: "Scorri a destra" });
    assert.equal(await left.isDisabled(), true, "left at start");
    assert.equal(await right.isDisabled(), false, "right at start");
    for (let i = 0; i < 10 && !(await right.isDisabled()); i++) {
      // A smooth scroll still under way may reach the end, and disable the button, just
      // before the click: that is the end this loop is after.
      await right.click({ timeout: 2000 }).catch(async (err) => {
        if (!(await right.isDisabled())) throw err;
      });
      await page.waitForTimeout(500);
    }
    assert.equal(await right.isDisabled(), true, "right at end");
    assert.equal(await left.isDisabled(), false, "left at end");
    await context.close();
  });

  test("shop page: 24 products, then the next 24 shown in place with their address", async () => {
    const { context, page } = await newPage();
    await page.goto(server.url + storeUrl);
    const links = page.locator('main a[href^="/product/"]');
    assert.equal(await links.count(), 24);
    const first = await links.first().getAttribute("href");
    await page.locator("[data-page-links]").getByRole("link", { name: "Successiva" }).click();
    await page.waitForURL(`${server.url}${storeUrl}?page=2`);
    await page.waitForFunction((was) => document.querySelector('main a[href^="/product/"]')?.getAttribute("href") !== was, first, { timeout: 5000 });
    assert.ok((await links.count()) > 0);
    await context.close();
  });

  test("a product named like a script shows the name as text and runs nothing", async () => {
    const { context, page } = await newPage();
    const dialogs = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      d.dismiss();
    });
    const problems = watchConsole(page);
    await page.goto(server.url + evilUrl);
    await page.getByRole("button", { name: "Accetta tutti" }).waitFor();
    assert.equal((await page.locator("h1").textContent()).trim(), EVIL);
    assert.match(page.url(), /\/product\/\d+\/[^/]+\/\d+\/[^/]+$/, "redirected to the canonical URL");
    assert.deepEqual(dialogs, []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("demo form: the CAP fills the city after a pause, the lead is sent", async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole("button", { name: "Prova la demo" }).first().click();
    const dialog = page.getByRole("dialog");
    await typeInto(dialog.getByLabel("Email di lavoro*"), "mario@edilrossi.it");
    await typeInto(dialog.getByLabel("Nome dell'attività*"), "Edil Rossi");
    await typeInto(dialog.getByLabel("CAP*"), "00118");
    await page.waitForTimeout(500);
    assert.equal(await dialog.getByLabel("Città*").inputValue(), "", "no lookup before 1 s");
    const city = dialog.getByLabel("Città*");
    for (let i = 0; i < 30 && (await city.inputValue()) === ""; i++) await page.waitForTimeout(100);
    assert.equal(await city.inputValue(), "Roma");
    await dialog.getByRole("button", { name: "Richiedi la demo" }).click();
    await dialog.getByText("Grazie! Il tuo lead è stato inviato con successo.").waitFor();
    await context.close();
  });
});
