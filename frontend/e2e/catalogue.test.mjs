// A large catalogue in Chromium against the real server: the demo shop moved to Business and
// grown to over 2,000 products in the setup. The shop page without JavaScript (links to far
// pages and categories, the search as a GET form), with JavaScript at 1280 px (search typed
// key by key, pages shown in place with their address) and at 390 px (a deep page kept); the
// dashboard's server pages, a page number typed, the server's search, bulk delete by status
// and the export of every product.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import { binary, blockThirdParty, demoLogin, italian, launchBrowser, login, repo, startServer, typeInto, watchConsole } from "./harness.mjs";

const ADDED = 2000;
const KINDS = [
  ["Trapano avvitatore", "Utensili elettrici"],
  ["Lastra in cartongesso", "Cartongesso"],
  ["Pittura lavabile", "Pitture e vernici"],
  ["Tassello in nylon", "Ferramenta"],
  ["Chiave a brugola", "Utensili manuali"],
];

let server;
let browser;
let shop; // { id, slug, product_count }: the owner's count, hidden products included
let publicCount; // what visitors are shown (the demo's junk lines are not public)
let storeUrl;

/** The public listing as the API answers it. */
const listing = async (query) => (await fetch(`${server.url}/api/stores/${shop.id}/products?${query}`)).json();

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const env = { ...process.env, VETRINA_DATA_DIR: server.dataDir };
  delete env.DATABASE_URL;
  execFileSync(binary, ["shop", "set-plan", demoLogin.email, "business"], { cwd: repo, env, stdio: "ignore" });
  const session = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify(demoLogin),
  });
  assert.equal(session.status, 200);
  const cookie = session.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  for (let start = 0; start < ADDED; start += 500) {
    const items = Array.from({ length: 500 }, (_, j) => {
      const i = start + j;
      const [kind, category] = KINDS[i % KINDS.length];
      return { name: `${kind} ${8 + (i % 30)} mm art. ${i}`, category, brand: "Marca Grande", price: 1 + (i % 200), in_stock: i % 9 !== 0, status: i % 50 === 0 ? "incorrect" : "normal" };
    });
    const created = await fetch(`${server.url}/api/products/bulk_upload`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, cookie },
      body: JSON.stringify(items),
    });
    assert.equal(created.status, 201, await created.clone().text());
  }
  shop = await (await fetch(`${server.url}/api/stores/me`, { headers: { cookie } })).json();
  assert.ok(shop.product_count > ADDED);
  publicCount = (await listing("per_page=1")).total;
  assert.ok(publicCount > ADDED && publicCount < shop.product_count, "the demo's hidden lines are not counted for visitors");
  storeUrl = `/store/${shop.id}/${shop.slug}`;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage({ javaScriptEnabled = true, width = 1280 } = {}) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  await blockThirdParty(context, server.url);
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page) };
}

const productLinks = (page) => page.locator('main a[href^="/product/"]');

/** What the shop page shows for `query`: the API's page of 24 (the page's size). */
const shown = (query) => listing(`${query}&per_page=24`);

describe("shop page without JavaScript", () => {
  test("24 products a page, real links to the next pages and digit by digit to far ones, a canonical per page", async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    const first = await page.goto(server.url + storeUrl);
    assert.equal(first.status(), 200);
    assert.equal(await productLinks(page).count(), 24);
    const html = await first.text();
    assert.ok(html.length < 150_000, `shop page HTML ${html.length} bytes`);
    const pages = Math.ceil(publicCount / 24);
    await page.locator(`a[href="${storeUrl}?page=${pages}"]`).waitFor();
    // Page 1 links the tens (10, 20, …) as well: page 85 is two clicks away.
    await page.locator(`[data-page-ladder] a[href="${storeUrl}?page=80"]`).click();
    await page.waitForURL(`${server.url}${storeUrl}?page=80`);
    await page.locator(`[data-page-ladder] a[href="${storeUrl}?page=85"]`).click();
    await page.waitForURL(`${server.url}${storeUrl}?page=85`);
    await page.locator('a[rel="next"]').click();
    await page.waitForURL(`${server.url}${storeUrl}?page=86`);
    assert.equal(await page.locator('link[rel="canonical"]').getAttribute("href"), `${server.url}${storeUrl}?page=86`);
    const expected = (await shown("page=86")).items.map((p) => p.name);
    assert.deepEqual(await productLinks(page).locator("h3").allInnerTexts(), expected);
    await context.close();
  });

  test("a category is a page of its own, linked from the shop page", async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto(server.url + storeUrl);
    await page.locator('nav[aria-label="Categorie"]').getByRole("link", { name: /Cartongesso/ }).click();
    await page.waitForURL(`${server.url}${storeUrl}/c/cartongesso`);
    assert.equal(await page.locator("h1").innerText(), "Cartongesso");
    assert.match(await page.title(), /^Cartongesso — /);
    const expected = (await shown("category=Cartongesso")).items.map((p) => p.name);
    assert.deepEqual(await productLinks(page).locator("h3").allInnerTexts(), expected);
    await context.close();
  });

  test("the search form is sent as a GET and the server finds the words as typed", async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto(server.url + storeUrl);
    await typeInto(page.getByLabel("Cerca prodotti"), "trapani");
    await page.getByRole("button", { name: "Cerca", exact: true }).click();
    await page.waitForURL(/\?q=trapani/);
    const { total } = await listing("q=trapani");
    assert.ok(total >= ADDED / KINDS.length, `matches: ${total}`);
    const names = await productLinks(page).locator("h3").allInnerTexts();
    assert.equal(names.length, 24);
    for (const name of names) assert.match(name, /trapan/i);
    assert.equal(await page.locator('meta[name="robots"]').getAttribute("content"), "noindex");
    await context.close();
  });
});

/** Counts the app's requests for product pages (`/api/stores/…/products`). */
function productRequests(page) {
  const seen = [];
  page.on("request", (r) => r.url().includes("/products?") && r.url().includes("/api/stores/") && seen.push(r.url()));
  return seen;
}

describe("shop page in the browser", () => {
  test("1280 px: a search typed key by key, the next page shown in place with its address, back and forth", async () => {
    const { context, page, problems } = await newPage();
    await page.goto(server.url + storeUrl);
    await page.getByRole("button", { name: "Accetta tutti" }).click();
    await page.evaluate(() => (window.__samePage = true));
    await typeInto(page.getByLabel("Cerca prodotti"), "cartong");
    const { total, items } = await shown("q=cartong");
    await page.locator("[data-products-count]").filter({ hasText: `1-24 di ${italian(total)} prodotti` }).waitFor();
    await page.waitForURL(/\?q=cartong$/);
    assert.equal(await productLinks(page).first().locator("h3").innerText(), items[0].name);
    await page.locator("[data-page-links]").getByRole("link", { name: "Successiva" }).click();
    await page.waitForURL(/\?q=cartong&page=2$/);
    await page.locator("[data-products-count]").filter({ hasText: `25-48 di ${italian(total)} prodotti` }).waitFor();
    const second = (await shown("q=cartong&page=2")).items.map((p) => p.name);
    assert.deepEqual(await productLinks(page).locator("h3").allInnerTexts(), second);
    await page.goBack();
    await page.waitForURL(/\?q=cartong$/);
    await page.locator("[data-products-count]").filter({ hasText: `1-24 di ${italian(total)} prodotti` }).waitFor();
    assert.equal(await page.evaluate(() => window.__samePage), true, "shown in place, not loaded again");
    await page.getByLabel("Ordina per").selectOption("priceDesc");
    const dearest = (await shown("q=cartong&sort=priceDesc")).items[0];
    await productLinks(page).first().locator("h3").filter({ hasText: dearest.name }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("390 px: a deep page from the address stays that page, nothing fetched again, Successiva moves on", async () => {
    const { context, page, problems } = await newPage({ width: 390 });
    const requests = productRequests(page);
    const pages = Math.ceil(publicCount / 24);
    await page.goto(`${server.url}${storeUrl}?page=45`);
    await page.getByRole("button", { name: "Accetta tutti" }).click();
    await page.getByText(`Pagina 45 di ${pages}`).waitFor();
    const expected = (await shown("page=45")).items.map((p) => p.name);
    assert.deepEqual(await productLinks(page).locator("h3").allInnerTexts(), expected);
    assert.equal(page.url(), `${server.url}${storeUrl}?page=45`);
    assert.deepEqual(requests, [], "the server's page is not asked for again");
    await page.locator("[data-page-links]").getByRole("link", { name: "Successiva" }).click();
    await page.getByText(`Pagina 46 di ${pages}`).waitFor();
    await page.waitForURL(`${server.url}${storeUrl}?page=46`);
    const next = (await shown("page=46")).items.map((p) => p.name);
    await productLinks(page).first().locator("h3").filter({ hasText: next[0] }).waitFor();
    assert.deepEqual(await productLinks(page).locator("h3").allInnerTexts(), next);
    assert.equal(requests.length, 1);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("dashboard of a large shop", () => {
  async function ownerPage() {
    const { context, page, problems } = await newPage();
    await login(context, server.url);
    await page.goto(`${server.url}/dashboard`);
    await page.locator("[data-showing]").waitFor();
    return { context, page, problems };
  }

  test("20 a page from the server, a page number typed, the search as the owner types", async () => {
    const { context, page, problems } = await ownerPage();
    const pages = Math.ceil(shop.product_count / 20);
    assert.equal(await page.locator("[data-page]").innerText(), `Pagina 1 di ${pages}`);
    // Every count an owner reads is written the Italian way.
    await typeInto(page.getByLabel("Vai alla pagina"), "73");
    await page.getByRole("button", { name: "Vai", exact: true }).click();
    await page.locator("[data-page]").filter({ hasText: `Pagina 73 di ${pages}` }).waitFor();
    assert.equal(await page.locator("[data-showing]").innerText(), `Mostrando 1.441-1.460 di ${italian(shop.product_count)} prodotti`);
    await typeInto(page.getByPlaceholder("Cerca tra i tuoi prodotti..."), "brugola");
    const { total } = await listing("q=brugola");
    await page.locator("[data-showing]").filter({ hasText: `Mostrando 1-20 di ${italian(total)} prodotti` }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("export: every product in the file; bulk delete of the incorrect ones in one call, counted by the server", async () => {
    const { context, page } = await ownerPage();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      (async () => {
        await page.getByRole("button", { name: "Aggiungi Prodotti" }).click();
        await page.getByRole("menuitem", { name: "Esporta in CSV" }).click();
      })(),
    ]);
    const lines = fs.readFileSync(await download.path(), "utf8").trimEnd().split("\r\n");
    assert.equal(lines.length, shop.product_count + 1);

    const owner = await (await context.request.get(`${server.url}/api/stores/${shop.id}/products?per_page=1`)).json();
    const incorrect = owner.status_counts.incorrect;
    assert.ok(incorrect >= ADDED / 50);
    const calls = [];
    page.on("request", (r) => r.url().includes("bulk_delete") && calls.push(r.postData()));
    await page.getByRole("button", { name: "Elimina Prodotti" }).click();
    await page.getByRole("menuitem", { name: "Elimina prodotti errati" }).click();
    const confirm = page.getByRole("dialog").filter({ hasText: "Sei assolutamente sicuro?" });
    assert.match(await confirm.innerText(), new RegExp(`Stai per eliminare ${italian(incorrect)} prodotti con stato errato`));
    await confirm.getByRole("button", { name: "Elimina", exact: true }).click();
    await page.locator("[data-toast]").filter({ hasText: "Prodotti Eliminati" }).waitFor();
    assert.deepEqual(calls, [JSON.stringify({ status: "incorrect" })]);
    const left = await (await context.request.get(`${server.url}/api/stores/${shop.id}/products?per_page=1`)).json();
    assert.equal(left.status_counts.incorrect, 0);
    assert.equal(left.total, shop.product_count - incorrect);
    await page.locator("[data-showing]").filter({ hasText: `di ${italian(left.total)} prodotti` }).waitFor();
    await context.close();
  });
});
