// The review queue as the demo shop's owner uses it, at 1280 px with a mouse and at 390 px by
// touch: the count on the banner opens the products to check, grouped by the AI's reason; one is
// confirmed, one corrected through "Modifica" (typed key by key) and confirmed, then a group and
// finally everything. The count follows; public pages never show a reason. Screenshots go to
// /tmp/review/.
import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import { demoOwnerPage, eventually, launchBrowser, ownShop, startServer, typeInto } from "./harness.mjs";

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const SHOTS = "/tmp/review";
fs.mkdirSync(SHOTS, { recursive: true });
const dialog = (page, name) => page.getByRole("dialog", { name });
const toast = (page, title) => page.locator("[data-toast]").filter({ hasText: title }).first();

async function ownerPage(device) {
  const owner = await demoOwnerPage(browser, server.url, device);
  return owner;
}

const toCheck = async (context) => (await ownShop(context.request, server.url)).Products.filter((p) => p.status !== "normal");

describe("review queue", () => {
  test("1280 px: the banner's count opens the groups; confirm one, correct one, confirm a group", async () => {
    const { context, page, problems } = await ownerPage({ viewport: { width: 1280, height: 900 } });
    const before = await toCheck(context);
    assert.ok(before.length >= 3, "the demo has products to check");
    const opener = page.locator("[data-review-open]");
    await eventually(() => opener.innerText(), `${before.length} prodotti da controllare`);
    await opener.click();
    const panel = dialog(page, "Prodotti da controllare");
    await panel.locator("[data-review-group]").first().waitFor();
    // every reason the products carry is a group, and each product is under its own reason
    const reasons = [...new Set(before.map((p) => p.review_note ?? "Motivo non indicato"))].sort();
    const headings = (await panel.locator("[data-review-group] h3").allInnerTexts()).sort();
    assert.deepEqual(headings, reasons);
    await page.screenshot({ path: `${SHOTS}/queue-1280.png` });

    // confirm one product
    const first = before[0];
    await panel.getByRole("button", { name: `Conferma ${first.name}`, exact: true }).click();
    await toast(page, "1 prodotto confermato").waitFor();
    await panel.locator(`[data-review-item="${first.id}"]`).waitFor({ state: "detached" });
    await eventually(() => opener.innerText(), `${before.length - 1} prodotti da controllare`);

    // correct one in place: its brand typed key by key, then saved and confirmed at once
    const second = before.find((p) => p.id !== first.id);
    const row = panel.locator(`[data-review-item="${second.id}"]`);
    await row.getByRole("button", { name: `Correggi ${second.name}`, exact: true }).click();
    const fix = row.getByRole("form", { name: `Correggi ${second.name}` });
    assert.equal(await fix.getByLabel("Nome").inputValue(), second.name, "the form starts from the product");
    await typeInto(fix.getByLabel("Marca"), "Edilmarca");
    await typeInto(fix.getByLabel("Categoria"), "Materiali edili");
    // kept off the public pages from the same place
    const visible = fix.getByLabel("Visibile nel catalogo pubblico");
    assert.equal(await visible.isChecked(), second.published);
    if (second.published) await visible.click();
    await page.screenshot({ path: `${SHOTS}/quick-edit-1280.png` });
    await fix.getByRole("button", { name: "Salva e conferma" }).click();
    await toast(page, "corretto e confermato").waitFor();
    await row.waitFor({ state: "detached" });

    // "Tutti i campi" opens the product's own dialog
    const third = before.find((p) => p.id !== first.id && p.id !== second.id);
    const thirdRow = panel.locator(`[data-review-item="${third.id}"]`);
    await thirdRow.getByRole("button", { name: `Correggi ${third.name}`, exact: true }).click();
    await thirdRow.getByRole("button", { name: "Tutti i campi" }).click();
    const form = dialog(page, "Modifica Prodotto");
    assert.equal(await form.getByLabel("Nome del prodotto").inputValue(), third.name);
    await form.getByRole("button", { name: "Annulla" }).click();
    await form.waitFor({ state: "detached" });
    await opener.click();
    await panel.locator("[data-review-group]").first().waitFor();

    // a whole group
    const group = panel.locator("[data-review-group]").first();
    const label = await group.getByRole("button", { name: /^Conferma (1 prodotto|tutti i \d+)$/ }).innerText();
    await group.getByRole("button", { name: label }).click();
    const left = await toCheck(context);
    assert.ok(left.length < before.length - 2, "the group is confirmed");
    assert.ok(left.every((p) => p.review_note), "the others keep their reason");
    const confirmed = (await ownShop(context.request, server.url)).Products.find((p) => p.id === second.id);
    assert.equal(confirmed.status, "normal");
    assert.equal(confirmed.brand, "Edilmarca");
    assert.equal(confirmed.category, "Materiali edili");
    assert.equal(confirmed.published, false, "hidden from the queue's correction");
    assert.equal(confirmed.review_note, undefined);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("390 px: the queue fits the phone; 'Conferma tutti' empties it and the count leaves the banner", async () => {
    const { context, page, problems } = await ownerPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const opener = page.locator("[data-review-open]");
    await opener.waitFor();
    await opener.tap();
    const panel = dialog(page, "Prodotti da controllare");
    await panel.locator("[data-review-group]").first().waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "nothing sideways");
    await page.screenshot({ path: `${SHOTS}/queue-390.png` });
    // the quick correction fits the phone too
    const item = panel.locator("[data-review-item]").first();
    await item.getByRole("button", { name: /^Correggi / }).tap();
    await item.getByLabel("Marca").waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "nothing sideways while correcting");
    await item.getByLabel("Marca").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/quick-edit-390.png` });
    await item.getByRole("button", { name: "Annulla" }).tap();
    const all = panel.getByRole("button", { name: /^Conferma tutti i \d+ prodotti$/ });
    await all.tap();
    await panel.getByText("Nessun prodotto da controllare: il catalogo è tutto confermato.").waitFor();
    assert.deepEqual(await toCheck(context), []);
    await panel.getByRole("button", { name: "Chiudi" }).first().tap();
    await opener.waitFor({ state: "detached" });
    // the public shop page never carried a reason
    const shop = await ownShop(context.request, server.url);
    const html = await (await fetch(`${server.url}/store/${shop.id}/${shop.slug}`)).text();
    assert.doesNotMatch(html, /da verificare|Motivo|review_note/);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
