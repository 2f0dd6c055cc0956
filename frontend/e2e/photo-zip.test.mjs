// Pictures that come with a list, as the demo shop's owner sends them: a folder of photos
// named by the products' codes, zipped, chosen from the dashboard's "Aggiungi Prodotti" menu
// at 1280 px; the progress and the report on the upload page; the photos on their product.
// At 390 px by touch, a file that is no ZIP gets the Italian message beside the field.
// Screenshots go to /tmp/photo-zip/.
import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import { choose, demoOwnerPage, drawPicture, eventually, launchBrowser, ownShop, startServer } from "./harness.mjs";
import { zip } from "./xlsx.mjs";

let server;
let browser;
const SHOTS = "/tmp/photo-zip";
fs.mkdirSync(SHOTS, { recursive: true });

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});


const productWithSku = (shop, sku) => shop.Products.find((p) => p.sku === sku);

describe("photos from a ZIP", () => {
  test("1280 px: from the dashboard menu, pictures named by code reach their products, the rest is reported", async () => {
    const { context, page, problems } = await demoOwnerPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
    const picture = async (type, hue) => Buffer.from(await drawPicture(page, type, 1600, 1200, hue), "base64");
    const archive = `${SHOTS}/foto listino.zip`;
    fs.writeFileSync(
      archive,
      zip({
        "foto/ED-000112.jpg": await picture("image/jpeg", 20),
        "foto/ED-000112_2.png": await picture("image/png", 200),
        "foto/8024173001253.jpg": await picture("image/jpeg", 90),
        "foto/sconosciuto.jpg": await picture("image/jpeg", 300),
        "foto/leggimi.txt": "Foto del listino 2026",
      }),
    );
    await page.locator("article[data-product-id]").first().waitFor();
    await page.getByRole("button", { name: "Aggiungi Prodotti" }).click();
    await page.getByRole("menuitem", { name: "Foto dei prodotti da file ZIP" }).click();
    await page.waitForURL(/\/upload#foto-zip$/);
    const panel = page.locator("[data-photo-zip-panel]");
    await panel.getByRole("heading", { name: "Foto dei prodotti da un file ZIP" }).waitFor();

    await choose(page, panel.getByLabel("File ZIP con le foto"), [archive]);
    await panel.getByRole("button", { name: "Carica le foto" }).click();
    await page.locator("[data-toast]").filter({ hasText: "File ZIP ricevuto" }).first().waitFor();
    await panel.locator("[data-photo-batch='done']").waitFor({ timeout: 30_000 });
    const report = panel.locator("[data-photo-batch]");
    assert.match(await report.innerText(), /Foto di «foto listino\.zip»/);
    assert.match(await report.getByRole("status").innerText(), /^3 foto aggiunte ai prodotti\.$/);
    assert.match(await report.locator("[data-photo-unmatched]").innerText(), /1 foto non corrisponde al codice di nessun prodotto:\s+sconosciuto\.jpg/);
    await page.screenshot({ path: `${SHOTS}/upload-1280.png`, fullPage: true });

    // The code alone is the product's picture, its "_2" the second photo; the barcode's
    // picture went to the product whose EAN it is (the same cement: three photos).
    const shop = await ownShop(context.request, server.url);
    const cement = productWithSku(shop, "ED-000112");
    const photos = await (await context.request.get(`${server.url}/api/products/${cement.id}/photos`)).json();
    assert.equal(photos.photos.length, 3);
    assert.equal(cement.image_url, photos.photos[0]);
    assert.match(cement.image_url, /^\/media\/products\/ph-[0-9a-f]+-800\.jpg$/);

    // Back on the dashboard, the product's card shows its photo.
    await page.goto(`${server.url}/dashboard?q=ED-000112`);
    await eventually(() => page.locator(`article[data-product-id="${cement.id}"] img`).first().getAttribute("src"), /\/media\/products\/ph-/, 10_000);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("390 px: a file that is not a ZIP is refused beside the field, nothing is started", async () => {
    const { context, page, problems } = await demoOwnerPage(browser, server.url, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const notZip = `${SHOTS}/listino.zip`;
    fs.writeFileSync(notZip, "codice;nome\nED-000112;Cemento\n");
    await page.goto(`${server.url}/upload#foto-zip`);
    const panel = page.locator("[data-photo-zip-panel]");
    await panel.getByRole("button", { name: "Carica le foto" }).tap();
    assert.equal(await panel.getByRole("alert").innerText(), "Scegli un file ZIP.");
    await choose(page, panel.getByLabel("File ZIP con le foto"), [notZip]);
    await panel.getByRole("button", { name: "Carica le foto" }).tap();
    await eventually(() => panel.getByRole("alert").innerText(), /Il file non è un archivio ZIP leggibile/);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/refused-390.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.equal(overflow, 0, "nothing wider than the phone");
    // The previous ZIP's report is still the one shown.
    assert.match(await panel.locator("[data-photo-batch]").innerText(), /foto listino\.zip/);
    assert.deepEqual(problems.filter((p) => !/status of 415/.test(p)), []);
    await context.close();
  });
});
