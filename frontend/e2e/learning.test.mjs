// Learning from the owner (decision 037), as an owner meets it: a list is imported through the
// wizard, nobody is sure what its brooms are, the owner corrects one in the review queue by
// touch at 390 px (the category typed key by key) and the toast says the similar ones are read
// again; the other brooms then carry the owner's category. At 1280 px the next list's broom is
// filed at once. Screenshots go to /tmp/learning/.
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

const SHOTS = "/tmp/learning";
fs.mkdirSync(SHOTS, { recursive: true });
const TAUGHT = "Giardino ed esterni";
const toast = (page, text) => page.locator("[data-toast]").filter({ hasText: text }).first();

async function importThroughWizard(page, name, csv) {
  await page.goto(page.url().replace(/\/dashboard.*$/, "/upload"));
  await page.getByRole("heading", { level: 1, name: "Importa i tuoi prodotti" }).waitFor();
  await page.locator('input[type="file"][accept*=".csv"]').setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.locator('[data-wizard-step="mapping"]').waitFor({ timeout: 60_000 });
  await page.getByRole("button", { name: "Elabora Prodotti" }).click();
  await page.locator('[data-wizard-step="preview"]').waitFor({ timeout: 60_000 });
  await page.getByRole("button", { name: /^(Conferma importazione|Importa i primi \d+ prodotti)$/ }).first().click();
  await page.waitForURL(/\/dashboard$/);
}

/** The model's reading of the shop's queue is over. */
const categoriesRead = (context) =>
  eventually(async () => (await (await context.request.get(`${server.url}/api/stores/me/ai`)).json()).categories_pending, 0, 60_000);

const product = async (context, sourceName) => (await ownShop(context.request, server.url)).Products.find((p) => p.source_name === sourceName || p.name === sourceName);

describe("learning from the owner", () => {
  test("390 px: one broom corrected in the queue files the others", async () => {
    const { context, page, problems } = await demoOwnerPage(browser, server.url, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.locator("[data-review-open]").waitFor();
    const csv = "nome;prezzo\nSPAZZOLONE PER ESTERNI;12\nSPAZZOLONE PER ESTERNI CM 40;14\nSPAZZOLONE PER ESTERNI CM 30;13\n";
    await importThroughWizard(page, "scope.csv", csv);
    await categoriesRead(context);
    for (const line of ["SPAZZOLONE PER ESTERNI", "SPAZZOLONE PER ESTERNI CM 40", "SPAZZOLONE PER ESTERNI CM 30"]) {
      assert.equal((await product(context, line)).category ?? null, null, `${line}: nobody is sure`);
    }
    const broom = await product(context, "SPAZZOLONE PER ESTERNI");
    await page.locator("[data-review-open]").tap();
    const panel = page.getByRole("dialog", { name: "Prodotti da controllare" });
    const row = panel.locator(`[data-review-item="${broom.id}"]`);
    await row.scrollIntoViewIfNeeded();
    await row.getByRole("button", { name: `Correggi ${broom.name}`, exact: true }).tap();
    const fix = row.getByRole("form", { name: `Correggi ${broom.name}` });
    await typeInto(fix.getByLabel("Categoria"), TAUGHT, { tap: true });
    await fix.getByRole("button", { name: "Salva e conferma" }).tap();
    const said = toast(page, "I prodotti simili ancora da controllare vengono riletti con la tua scelta.");
    await said.waitFor();
    await page.screenshot({ path: `${SHOTS}/taught-390.png` });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "nothing sideways");
    for (const line of ["SPAZZOLONE PER ESTERNI CM 40", "SPAZZOLONE PER ESTERNI CM 30"]) {
      await eventually(async () => (await product(context, line)).category, TAUGHT, 60_000);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("1280 px: the next list's broom is filed as the owner taught", async () => {
    const { context, page, problems } = await demoOwnerPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
    await page.locator("[data-review-open]").waitFor();
    await importThroughWizard(page, "scope-2.csv", "nome;prezzo\nSPAZZOLONE PER ESTERNI CM 50;15\n");
    await categoriesRead(context);
    await eventually(async () => (await product(context, "SPAZZOLONE PER ESTERNI CM 50")).category, TAUGHT, 60_000);
    // The dashboard's search finds it with its category on the card.
    await typeInto(page.getByPlaceholder(/Cerca/).first(), "spazzolone");
    // Once the dashboard has read the list again, its card carries what the job wrote: a
    // category, so only the brand is left to check (an orange dot, not a red one).
    await page.locator("article[data-product-id]").filter({ hasText: "cm 50" }).filter({ has: page.locator('[data-status="uncertain"]') }).first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/next-import-1280.png` });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a list's own category codes: two products filed alike in the dialog, typed key by key, file the rest of their code", async () => {
    const lines = (prefix) =>
      ["Codice;Descrizione;Prezzo;Codice Categoria", ...["nylon 6 mm", "nylon 8 mm", "nylon 10 mm", "per cartongesso"].map((n, i) => `${prefix}${i + 1};Tassello ${n};2,50;A12`), `${prefix}9;Colla vinilica 1 kg;3,50;B07`].join("\n");
    for (const [prefix, device] of [["TA", { viewport: { width: 1280, height: 900 } }], ["TB", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }]]) {
      const { context, page, problems } = await demoOwnerPage(browser, server.url, device);
      const tap = Boolean(device.hasTouch);
      await importThroughWizard(page, `codici-${prefix}.csv`, lines(prefix));
      const dialogCategory = () => page.getByRole("dialog").getByRole("textbox", { name: "Categoria" });
      // The search box, typed as the owner does; the card of that product alone, then its "Modifica".
      const open = async (sku, name) => {
        await typeInto(page.getByPlaceholder(/Cerca/).first(), sku, { tap });
        const cards = page.locator("article[data-product-id]");
        await page.waitForFunction((n) => {
          const shown = document.querySelectorAll("article[data-product-id]");
          return shown.length === 1 && shown[0].textContent.includes(n);
        }, name);
        const edit = cards.getByRole("button", { name: `Modifica ${name}` });
        await (tap ? edit.tap() : edit.click());
        await dialogCategory().waitFor();
      };
      for (const [sku, name] of [[`${prefix}1`, "Tassello nylon 6 mm"], [`${prefix}2`, "Tassello nylon 8 mm"]]) {
        await open(sku, name);
        assert.equal(await page.locator("[data-list-category]").innerText(), "Nel listino: A12");
        await typeInto(dialogCategory(), "Fissaggi", { tap });
        const save = page.getByRole("button", { name: "Salva modifiche" });
        await (tap ? save.tap() : save.click());
        await page.getByRole("dialog").waitFor({ state: "detached" });
      }
      // The third and fourth of code A12 followed; the glue of B07 did not.
      const bySku = async (sku) => (await ownShop(context.request, server.url)).Products.find((p) => p.sku === sku);
      await eventually(async () => (await bySku(`${prefix}4`)).category, "Fissaggi");
      assert.equal((await bySku(`${prefix}9`)).category, "B07");
      await open(`${prefix}3`, "Tassello nylon 10 mm");
      assert.equal(await dialogCategory().inputValue(), "Fissaggi");
      await page.screenshot({ path: `${SHOTS}/list-category-${device.viewport.width}.png` });
      assert.deepEqual(problems, []);
      await context.close();
    }
  });
});
