// The owner's photos of a product, as the demo shop's owner adds them: at 1280 px with the
// mouse (files chosen in the file picker and dropped on the field), at 390 px by touch (the
// camera button is there). The first photo becomes the product's picture in the dashboard and
// on the public page (srcset, JSON-LD). Screenshots go to /tmp/photos/.
import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import { choose, demoOwnerPage, drawPicture, eventually, launchBrowser, ownShop, startServer, typeInto } from "./harness.mjs";

let server;
let browser;
const SHOTS = "/tmp/photos";
const FILES = "/tmp/photos/files";
fs.mkdirSync(FILES, { recursive: true });

/** Real JPEG and PNG files, encoded by the browser from a drawing (a person's photos). */
async function makePictures() {
  const page = await browser.newPage();
  const draw = (type, width, height, hue) => drawPicture(page, type, width, height, hue);
  const files = {
    front: [`${FILES}/fronte.jpg`, await draw("image/jpeg", 2000, 1500, 20)],
    side: [`${FILES}/lato.png`, await draw("image/png", 900, 900, 200)],
    box: [`${FILES}/confezione.jpg`, await draw("image/jpeg", 1200, 1600, 120)],
  };
  for (const [path, base64] of Object.values(files)) fs.writeFileSync(path, Buffer.from(base64, "base64"));
  fs.writeFileSync(`${FILES}/listino.jpg`, "nome;prezzo\nSilicone;4,50\n");
  await page.close();
  return Object.fromEntries(Object.entries(files).map(([k, [path]]) => [k, path]));
}

let pictures;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  pictures = await makePictures();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const dialog = (page, name) => page.getByRole("dialog", { name });
const toast = (page, title) => page.locator("[data-toast]").filter({ hasText: title }).first();

async function ownerPage(device) {
  const owner = await demoOwnerPage(browser, server.url, device);
  await owner.page.locator("article[data-product-id]").first().waitFor();
  return owner;
}


const thumbnails = (form) => form.getByRole("list", { name: "Foto" }).getByRole("listitem");

describe("product photos", () => {
  test("1280 px: chosen and dropped photos, the first is the picture everywhere, reordered and removed", async () => {
    const { context, page, problems } = await ownerPage({ viewport: { width: 1280, height: 900 } });
    const card = page.locator("article[data-product-id]").nth(1);
    const id = Number(await card.getAttribute("data-product-id"));
    await card.getByRole("button", { name: "Modifica" }).click();
    const form = dialog(page, "Modifica Prodotto");

    await choose(page, form.getByText("Scegli foto"), [pictures.front, pictures.side]);
    await thumbnails(form).nth(1).waitFor();
    assert.equal(await thumbnails(form).count(), 2);
    await form.getByText("Principale", { exact: true }).waitFor();
    assert.equal(await form.getByLabel("URL dell'immagine").count(), 0, "photos replace the address field");

    // dropped on the field, as from the desktop
    const bytes = fs.readFileSync(pictures.box).toString("base64");
    const drop = await page.evaluateHandle((b64) => {
      const data = new DataTransfer();
      const raw = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      data.items.add(new File([raw], "confezione.jpg", { type: "image/jpeg" }));
      return data;
    }, bytes);
    await form.locator("[data-photo-drop]").dispatchEvent("dragover", { dataTransfer: drop });
    await form.locator("[data-photo-drop]").dispatchEvent("drop", { dataTransfer: drop });
    await thumbnails(form).nth(2).waitFor();
    await page.screenshot({ path: `${SHOTS}/dialog-1280.png` });

    // a file that is not a photo: a clear message, nothing added
    await choose(page, form.getByText("Scegli foto"), [`${FILES}/listino.jpg`]);
    await toast(page, "Foto non caricata").waitFor();
    assert.match(await toast(page, "Foto non caricata").innerText(), /non è una foto/);
    assert.equal(await thumbnails(form).count(), 3);

    // Nothing is published before "Salva": the server has no photo, the card is as it was.
    const cardImage = page.locator(`article[data-product-id="${id}"] img`).first();
    const cardBefore = await cardImage.getAttribute("src");
    await form.locator("[data-photos-pending]").waitFor();
    assert.deepEqual((await (await context.request.get(`${server.url}/api/products/${id}/photos`)).json()).photos, []);

    // the third becomes the picture, the second is removed
    const leading = thumbnails(form).first().locator("img");
    const firstPreview = await leading.getAttribute("src");
    await form.getByRole("button", { name: "Usa come principale: Foto 3" }).click();
    // as a person does, the change is seen before the next one
    await eventually(async () => (await leading.getAttribute("src")) !== firstPreview, true);
    await form.getByRole("button", { name: "Togli foto: Foto 3" }).click();
    await thumbnails(form).nth(2).waitFor({ state: "detached" });

    // "Annulla" asks first: the photos are unsaved changes; the owner goes back and saves.
    await form.getByRole("button", { name: "Annulla" }).click();
    const unsaved = dialog(page, "Modifiche non salvate");
    await unsaved.getByRole("button", { name: "Continua a modificare" }).click();
    await unsaved.waitFor({ state: "detached" });
    assert.equal(await cardImage.getAttribute("src"), cardBefore, "the card waits for Salva");
    await form.getByRole("button", { name: "Salva modifiche" }).click();
    await toast(page, "Prodotto Aggiornato").waitFor();
    await form.waitFor({ state: "detached" });
    const photos = await (await context.request.get(`${server.url}/api/products/${id}/photos`)).json();
    assert.equal(photos.photos.length, 2);
    assert.equal(photos.image_url, photos.photos[0]);
    let shop = await ownShop(context.request, server.url);
    assert.equal(shop.Products.find((p) => p.id === id).image_url, photos.photos[0]);
    // The dropped box photo (1200 × 1600) leads: its stored copy is portrait.
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, photos.photos[0]);
    assert.ok(size[1] > size[0], `the dropped photo leads: ${size}`);
    await eventually(() => cardImage.getAttribute("src"), photos.photos[0]);

    // Another product: a photo chosen, then "Chiudi senza salvare": nothing reaches the server.
    const other = page.locator("article[data-product-id]").nth(2);
    const otherId = Number(await other.getAttribute("data-product-id"));
    const otherBefore = await other.locator("img").first().getAttribute("src");
    await other.getByRole("button", { name: "Modifica" }).click();
    await choose(page, form.getByText("Scegli foto"), [pictures.front]);
    await thumbnails(form).first().waitFor();
    await form.getByRole("button", { name: "Annulla" }).click();
    await unsaved.getByRole("button", { name: "Chiudi senza salvare" }).click();
    await form.waitFor({ state: "detached" });
    assert.deepEqual((await (await context.request.get(`${server.url}/api/products/${otherId}/photos`)).json()).photos, []);
    assert.equal(await other.locator("img").first().getAttribute("src"), otherBefore);

    // the public page: the photo with its sizes, the gallery, and both in JSON-LD
    shop = await ownShop(context.request, server.url);
    const product = shop.Products.find((p) => p.id === id);
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await visitor.goto(`${server.url}/product/${shop.id}/${shop.slug}/${id}/${product.slug}`);
    const main = visitor.locator("article img").first();
    assert.match(await main.getAttribute("srcset"), /-1600\.jpg 1600w/);
    await visitor.getByRole("button", { name: "Foto 2 di 2" }).click();
    assert.equal(await main.getAttribute("src"), photos.photos[1]);
    const ld = await visitor.locator('script[type="application/ld+json"]').first().textContent();
    for (const photo of photos.photos) assert.ok(ld.includes(photo), `JSON-LD lists ${photo}`);
    await visitor.screenshot({ path: `${SHOTS}/product-1280.png` });
    await visitor.close();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("390 px: a new product typed by touch, a photo chosen before saving, uploaded with it", async () => {
    const { context, page, problems } = await ownerPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.getByRole("button", { name: "Aggiungi Prodotti" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Aggiungi singolo prodotto" }).click();
    const form = dialog(page, "Aggiungi Prodotto");
    const name = "Rullo per pittura 23 cm";
    await typeInto(form.getByLabel("Nome del prodotto"), name, { tap: true });
    await form.getByText("Scatta una foto").waitFor();
    await choose(page, form.getByText("Scegli foto"), [pictures.side]);
    await form.getByText("Le foto vengono caricate quando salvi il prodotto.").waitFor();
    assert.equal(await thumbnails(form).count(), 1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `nothing sideways (${width} px)`);
    await page.screenshot({ path: `${SHOTS}/dialog-390.png` });
    await form.getByRole("button", { name: "Aggiungi Prodotto" }).tap();
    await toast(page, "Prodotto Aggiunto").waitFor();
    const shop = await ownShop(context.request, server.url);
    const added = shop.Products.find((p) => p.name === name);
    assert.match(added.image_url, /^\/media\/products\/ph-[0-9a-f]+-800\.jpg$/, "the photo is the new product's picture");
    const photos = await (await context.request.get(`${server.url}/api/products/${added.id}/photos`)).json();
    assert.deepEqual(photos.photos, [added.image_url]);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
