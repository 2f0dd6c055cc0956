// A product kept off the public pages, as the demo shop's owner does it: at 1280 px the tick
// "Visibile nel catalogo pubblico" is taken off in the product's dialog, the card says
// "Nascosto", a visitor no longer finds it on the shop page and its page is gone; ticked
// again it is back. At 390 px the demo's junk lines carry "Nascosto" in the dashboard and a
// visitor's shop page has none of them. Screenshots go to /tmp/visibility/.
import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import { demoOwnerPage, launchBrowser, ownShop, startServer } from "./harness.mjs";

let server;
let browser;
const SHOTS = "/tmp/visibility";
fs.mkdirSync(SHOTS, { recursive: true });

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (page, title) => page.locator("[data-toast]").filter({ hasText: title }).first();

/** The visitor's shop pages, one after the other ("Successiva" clicked until the last), as
 * one text of their markup. */
async function visitorNames(shop) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem("cookiePreferences", JSON.stringify({ essential: true, analytics: false, marketing: false })));
  const visitor = await context.newPage();
  await visitor.goto(`${server.url}/store/${shop.id}/${shop.slug}`);
  const next = visitor.locator("[data-page-links]").getByRole("link", { name: "Successiva" });
  const cards = visitor.locator("main a[href^='/product/']");
  let html = await visitor.content();
  let count = await cards.count();
  while (await next.count()) {
    const first = await cards.first().getAttribute("href");
    await next.click();
    await visitor.waitForFunction((was) => document.querySelector("main a[href^='/product/']")?.getAttribute("href") !== was, first);
    html += await visitor.content();
    count += await cards.count();
  }
  assert.ok(count >= shop.Products.filter((p) => p.published).length, "every public product is on the pages");
  await context.close();
  return html;
}

describe("visibility on the public pages", () => {
  test("1280 px: hidden from the dialog, gone for visitors, then shown again", async () => {
    const { context, page, problems } = await demoOwnerPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
    const card = page.locator("article[data-product-id]").nth(2);
    await card.waitFor();
    const id = Number(await card.getAttribute("data-product-id"));
    let shop = await ownShop(context.request, server.url);
    const product = shop.Products.find((p) => p.id === id);
    assert.equal(product.published, true);
    assert.ok((await visitorNames(shop)).includes(product.name), "a visitor sees it first");

    await card.getByRole("button", { name: "Modifica" }).click();
    const form = page.getByRole("dialog", { name: "Modifica Prodotto" });
    const tick = form.getByLabel("Visibile nel catalogo pubblico");
    assert.equal(await tick.isChecked(), true);
    await tick.click();
    await form.getByText("Nascosto: resta nella dashboard ma non compare nelle pagine pubbliche.").waitFor();
    await page.screenshot({ path: `${SHOTS}/dialog-1280.png` });
    await form.getByRole("button", { name: "Salva modifiche" }).click();
    await toast(page, "Prodotto Aggiornato").waitFor();
    await page.locator(`article[data-product-id="${id}"] [data-hidden]`).waitFor();
    await page.screenshot({ path: `${SHOTS}/dashboard-1280.png` });

    shop = await ownShop(context.request, server.url);
    assert.equal(shop.Products.find((p) => p.id === id).published, false, "the owner still has it");
    assert.ok(!(await visitorNames(shop)).includes(product.name), "a visitor no longer sees it");
    const gone = await fetch(`${server.url}/product/${shop.id}/${shop.slug}/${id}/${product.slug}`);
    assert.equal(gone.status, 404);

    await page.locator(`article[data-product-id="${id}"]`).getByRole("button", { name: "Modifica" }).click();
    await form.getByLabel("Visibile nel catalogo pubblico").click();
    await form.getByRole("button", { name: "Salva modifiche" }).click();
    await toast(page, "Prodotto Aggiornato").waitFor();
    await page.locator(`article[data-product-id="${id}"] [data-hidden]`).waitFor({ state: "detached" });
    assert.equal((await fetch(`${server.url}/product/${shop.id}/${shop.slug}/${id}/${product.slug}`)).status, 200);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("390 px: the demo's junk lines say 'Nascosto' to the owner and are not on the visitor's page", async () => {
    const { context, page, problems } = await demoOwnerPage(browser, server.url, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const shop = await ownShop(context.request, server.url);
    const junk = shop.Products.filter((p) => !p.published);
    assert.equal(junk.length, 3);
    await page.locator("article[data-product-id]").first().waitFor();
    const search = page.getByRole("searchbox").first();
    await search.tap();
    await search.pressSequentially("GUANTI", { delay: 10 });
    const card = page.locator("article[data-product-id]").filter({ hasText: "GUANTI NITR" });
    await card.locator("[data-hidden]").waitFor();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/dashboard-390.png` });
    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    await visitor.goto(`${server.url}/store/${shop.id}/${shop.slug}`);
    await visitor.screenshot({ path: `${SHOTS}/shop-390.png` });
    await visitor.close();
    const html = await visitorNames(shop);
    for (const p of junk) assert.ok(!html.includes(p.name), `${p.name} is not public`);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
