// Details a shop owner meets on a desktop (1280 px, mouse) and on a phone (390 px, touch):
// the dashboard's "Mostrando" line in the singular, its status dots and stock warnings
// explained by a legend and by a tap; the /contacts chips revealed and copied by a tap, with
// real tel:/mailto: links and nothing cut off; the /create form, whose errors go as soon as a
// field is right, whose logo picker is Italian with a preview, and whose next page opens at
// the top. Every field is typed key by key. Screenshots go to /tmp/owner-details/.
import assert from "node:assert/strict";
import fs from "node:fs";
import zlib from "node:zlib";
import { after, before, describe, test } from "node:test";
import { blockThirdParty, eventually, launchBrowser, login, ownShop, startServer, typeInto } from "./harness.mjs";

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

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const SHOTS = "/tmp/owner-details";
fs.mkdirSync(SHOTS, { recursive: true });

/**
 * Console problems a visitor should never cause. An anonymous page asks for the current shop
 * (GET /api/stores/me → 401, logged by the client as "Sessione scaduta o non valida"): that is
 * how the app learns nobody is logged in, so it is not counted here.
 */
function watch(page) {
  const problems = [];
  const failed = [];
  page.on("response", (r) => {
    if (r.status() >= 400) failed.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
  });
  page.on("console", (m) => {
    const text = m.text();
    if (m.type() !== "error" && !(m.type() === "warning" && /hydrat|did not match/i.test(text))) return;
    if (text === "Sessione scaduta o non valida") return;
    if (/status of 401/.test(text) && failed.includes("GET /api/stores/me 401")) return;
    problems.push(`${m.type()}: ${text.slice(0, 300)}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

async function open(device, { loggedIn = false } = {}) {
  const context = await browser.newContext({ ...device, locale: "it-IT" });
  await blockThirdParty(context, server.url);
  await context.addInitScript(() => {
    try {
      localStorage.setItem("cookiePreferences", JSON.stringify({ essential: true, analytics: false, marketing: false }));
    } catch {
      /* about:blank */
    }
  });
  if (loggedIn) await login(context, server.url);
  const page = await context.newPage();
  const problems = watch(page);
  return { context, page, problems };
}

/** Taps on a touch screen, clicks elsewhere: what a person does on that device. */
const press = (locator, touch) => (touch ? locator.tap() : locator.click());
const toast = (page, title) => page.locator("[data-toast]").filter({ hasText: title }).first();
const opacity = (locator) => locator.evaluate((el) => Number(getComputedStyle(el).opacity));
async function waitOpacity(locator, value) {
  for (let i = 0; i < 50; i++) {
    if ((await opacity(locator)) === value) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.equal(await opacity(locator), value);
}
const noSideways = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The box of `locator` lies inside the screen's width. */
async function insideScreen(locator, width) {
  const box = await locator.boundingBox();
  assert.ok(box, "it is on the page");
  assert.ok(box.x >= 0 && box.x + box.width <= width + 0.5, `inside 0-${width} px: ${JSON.stringify(box)}`);
  return box;
}

const fold = (s) => (s ?? "").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

describe("dashboard", () => {
  test("1280 px: one hit says 'di 1 prodotto'; the legend explains the markers; a click opens the note, Escape closes it", async () => {
    const { context, page, problems } = await open(DESKTOP, { loggedIn: true });
    await page.goto(`${server.url}/dashboard`);
    await page.locator("[data-showing]").waitFor();
    const shop = await ownShop(context.request, server.url);
    const texts = shop.Products.map((p) => fold(`${p.name} ${p.description} ${p.brand} ${p.category}`));
    const candidates = [...new Set(texts.flatMap((t) => t.split(/[^a-z0-9]+/)))].filter((w) => w.length >= 6 && !/^\d+$/.test(w) && texts.filter((t) => t.includes(w)).length === 1);
    let word = null;
    for (const w of candidates) {
      const found = await (await context.request.get(`${server.url}/api/stores/${shop.id}/products?q=${encodeURIComponent(w)}`)).json();
      if (found.total === 1) {
        word = w;
        break;
      }
    }
    assert.ok(word, "a word only one product has");
    const search = page.getByPlaceholder("Cerca tra i tuoi prodotti...");
    await typeInto(search, word);
    await eventually(() => page.locator("[data-showing]").innerText(), "Mostrando 1-1 di 1 prodotto");
    await typeInto(search, "");
    await eventually(() => page.locator("[data-showing]").innerText(), /^Mostrando 1-20 di \d+ prodotti$/);

    // The legend names, in words, the markers the page shows.
    await page.getByLabel("Disponibilità", { exact: true }).first().selectOption("uncertain");
    const legend = page.locator("[data-legend]");
    await eventually(() => page.locator("section[aria-busy]").getAttribute("aria-busy"), "false");
    assert.match(await legend.innerText(), /Legenda:[\s\S]*Stato incerto/);
    assert.equal(await legend.getByRole("list", { name: "Legenda" }).count(), 1);
    await page.getByLabel("Disponibilità", { exact: true }).first().selectOption("all");
    await eventually(() => page.locator("section[aria-busy]").getAttribute("aria-busy"), "false");
    const items = (await legend.locator("[data-legend-item]").allInnerTexts()).map((s) => s.trim().toLowerCase());
    const shown = async (selector) => (await page.locator(`article ${selector}`).count()) > 0;
    const expected = [
      ['[data-status="uncertain"]', "stato incerto"],
      ['[data-status="incorrect"]', "stato errato"],
      ["[data-out-of-stock]", "al momento non disponibile in negozio"],
    ];
    const wanted = [];
    for (const [selector, text] of expected) if (await shown(selector)) wanted.push(text);
    assert.deepEqual(items, wanted, "one legend entry per kind of marker on the page");

    // A click on a dot opens its note under the markers; a second marker replaces it; Escape closes.
    const card = page.locator("article[data-product-id]").filter({ has: page.locator("[data-status]") }).first();
    const dot = card.locator("[data-status]");
    const label = (await dot.getAttribute("data-status")) === "uncertain" ? "Stato incerto" : "Stato errato";
    assert.equal(await dot.getAttribute("aria-expanded"), "false");
    await dot.click();
    const note = card.locator("[data-marker-note]");
    await note.waitFor();
    assert.equal(await dot.getAttribute("aria-expanded"), "true");
    assert.equal(await dot.getAttribute("aria-controls"), await note.getAttribute("id"));
    // the product's own reason when the AI gave one, otherwise what the status means
    const id = Number(await card.getAttribute("data-product-id"));
    const reason = await page.evaluate(async (productId) => {
      const me = await (await fetch("/api/stores/me")).json();
      const list = await (await fetch(`/api/stores/${me.id}/products?per_page=100`)).json();
      return list.items.find((p) => p.id === productId)?.review_note ?? null;
    }, id);
    assert.ok(reason, "the demo's products to check carry their reason");
    assert.equal(await note.innerText(), `${label}\n${reason}`);
    const cardBox = await card.boundingBox();
    const noteBox = await note.boundingBox();
    assert.ok(noteBox.x >= cardBox.x && noteBox.x + noteBox.width <= cardBox.x + cardBox.width, "the note stays inside its card");
    await page.screenshot({ path: `${SHOTS}/dashboard-1280-note.png` });
    await page.keyboard.press("Escape");
    await note.waitFor({ state: "hidden" });
    assert.equal(await dot.getAttribute("aria-expanded"), "false");
    // Keyboard: Enter on the focused dot opens the note too.
    await dot.focus();
    await page.keyboard.press("Enter");
    await note.waitFor();
    await page.mouse.click(5, 5);
    await note.waitFor({ state: "hidden" });
    await page.screenshot({ path: `${SHOTS}/dashboard-1280.png` });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("390 px touch: the legend fits; a tap on a dot or on the stock warning shows its note inside the card, a tap elsewhere hides it", async () => {
    const { context, page, problems } = await open(PHONE, { loggedIn: true });
    await page.goto(`${server.url}/dashboard`);
    await page.locator("[data-showing]").waitFor();
    const legend = page.locator("[data-legend]");
    await insideScreen(legend, 390);
    assert.ok(await noSideways(page), "no sideways scrolling");

    const card = page.locator("article[data-product-id]").filter({ has: page.locator("[data-status]") }).first();
    await card.scrollIntoViewIfNeeded();
    const dot = card.locator("[data-status]");
    const box = await dot.boundingBox();
    assert.ok(box.width >= 24 && box.height >= 24, `the dot's tap target is ${box.width}×${box.height} px`);
    await dot.tap();
    const note = card.locator("[data-marker-note]");
    await note.waitFor();
    assert.match(await note.innerText(), /^Stato (incerto|errato)\n/);
    const cardBox = await card.boundingBox();
    const noteBox = await insideScreen(note, 390);
    assert.ok(noteBox.x >= cardBox.x && noteBox.x + noteBox.width <= cardBox.x + cardBox.width, "the note stays inside its card");
    await page.screenshot({ path: `${SHOTS}/dashboard-390-note.png` });
    await dot.tap();
    await note.waitFor({ state: "hidden" });

    const outCard = page.locator("article[data-product-id]").filter({ has: page.locator("[data-out-of-stock]") }).first();
    await outCard.scrollIntoViewIfNeeded();
    await outCard.locator("[data-out-of-stock]").tap();
    const outNote = outCard.locator("[data-marker-note]");
    await outNote.waitFor();
    assert.match(await outNote.innerText(), /^al momento non disponibile in negozio\n/i);
    await insideScreen(outNote, 390);
    await page.locator("[data-showing]").tap();
    await outNote.waitFor({ state: "hidden" });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/dashboard-390.png` });
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("/contacts", () => {
  for (const [name, device, touch] of [
    ["1280 px, mouse", DESKTOP, false],
    ["390 px, touch", PHONE, true],
  ]) {
    test(`${name}: a ${touch ? "tap" : "click"} shows the value and copies it ('Copiato!' for 2 s); tel: and mailto: links; nothing cut off`, async () => {
      const { context, page, problems } = await open(device);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
      await page.goto(`${server.url}/contacts`);
      const chips = page.locator("[data-contact-chip]");
      assert.equal(await chips.count(), 4);
      const width = device.viewport.width;
      assert.ok(await noSideways(page), "no sideways scrolling");

      // Real links for a phone call and an e-mail, big enough for a finger.
      const links = await page.locator("[data-contact-chip] a").evaluateAll((as) => as.map((a) => [a.getAttribute("href"), a.getAttribute("aria-label")]));
      assert.deepEqual(links, [
        ["tel:+390287341290", "Chiama +39 02 8734 1290"],
        ["mailto:commerciale@vetrina-catalogo.it", "Scrivi a commerciale@vetrina-catalogo.it"],
        ["tel:+390287341291", "Chiama +39 02 8734 1291"],
        ["mailto:assistenza@vetrina-catalogo.it", "Scrivi a assistenza@vetrina-catalogo.it"],
      ]);
      for (const a of await page.locator("[data-contact-chip] a").all()) {
        const box = await a.boundingBox();
        assert.ok(box.height >= 44 && box.width >= 44, `link target ${box.width}×${box.height}`);
      }

      const email = chips.nth(1);
      const value = email.locator("[data-contact-value]");
      if (touch) {
        assert.equal(await opacity(value), 0, "hidden before the tap: a phone has no hover");
      } else {
        await email.getByRole("button").hover();
        await waitOpacity(value, 1);
        await page.mouse.move(0, 0);
        await waitOpacity(value, 0);
      }
      await press(email.getByRole("button"), touch);
      await waitOpacity(value, 1);
      const marker = email.locator("[data-copied]");
      await marker.waitFor();
      assert.equal((await marker.innerText()).trim(), "Copiato!");
      const copiedAt = Date.now();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "commerciale@vetrina-catalogo.it");
      await page.screenshot({ path: `${SHOTS}/contacts-${width}-tapped.png`, fullPage: true });
      await marker.waitFor({ state: "detached", timeout: 4000 });
      const lasted = Date.now() - copiedAt;
      assert.ok(lasted > 1500 && lasted < 3000, `the marker lasted about 2 s (${lasted} ms)`);
      if (touch) await page.locator("h1").tap();
      else await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      assert.equal(await opacity(value), 1, "the value stays shown after the tap");

      // Every value, shown, fits its chip and the screen: long addresses wrap, never cut.
      for (const chip of await chips.all()) {
        await press(chip.getByRole("button"), touch);
        const v = chip.locator("[data-contact-value]");
        await waitOpacity(v, 1);
        const fits = await v.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
        assert.ok(fits, `"${await v.innerText()}" is not cut`);
        await insideScreen(v, width);
        await insideScreen(chip, width);
      }
      assert.ok(await noSideways(page), "no sideways scrolling");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

/** A 40×40 PNG: an orange square with a white band, big enough to see in the thumbnail. */
function png40() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(40, 0);
  header.writeUInt32BE(40, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = [];
  for (let y = 0; y < 40; y++) {
    const row = [0];
    for (let x = 0; x < 40; x++) row.push(...(y >= 16 && y < 24 ? [255, 255, 255] : [234, 88, 12]));
    rows.push(Buffer.from(row));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
const PNG = png40();

async function chooseLogo(page, touch, file) {
  const chooser = page.waitForEvent("filechooser");
  await press(page.getByText(/^(Scegli un'immagine|Cambia immagine)$/), touch);
  await (await chooser).setFiles(file);
}

describe("/create", () => {
  test("1280 px: errors come with the submit (or on leaving a typed field) and go while typing as soon as the field is right", async () => {
    const { context, page, problems } = await open(DESKTOP);
    await page.goto(`${server.url}/create`);
    const form = page.locator("form");
    const errors = async () => (await form.locator("[data-field-error]").allInnerTexts()).map((s) => s.trim());
    await page.getByRole("button", { name: "Crea Negozio" }).click();
    assert.ok((await errors()).includes("Il nome del negozio deve avere almeno 2 caratteri."));
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("name")), "name", "the first wrong field has the focus");
    await page.screenshot({ path: `${SHOTS}/create-1280-errors.png`, fullPage: true });

    // Still wrong after one letter; right after two, the message goes at once, the others stay.
    const name = page.getByLabel("Nome del negozio");
    await typeInto(name, "E");
    assert.ok((await errors()).includes("Il nome del negozio deve avere almeno 2 caratteri."));
    assert.equal(await name.getAttribute("aria-invalid"), "true");
    await name.pressSequentially("d", { delay: 10 });
    assert.ok(!(await errors()).includes("Il nome del negozio deve avere almeno 2 caratteri."), "gone as soon as the name is right");
    assert.equal(await name.getAttribute("aria-invalid"), "false");
    assert.ok((await errors()).includes("La descrizione deve avere almeno 10 caratteri."), "the others stay");

    // The password's message follows the rules one by one, then goes.
    const password = page.getByLabel("Password", { exact: true });
    await typeInto(password, "Mattoni2026");
    assert.ok((await errors()).includes("La password deve contenere almeno un carattere speciale."));
    await password.pressSequentially("!", { delay: 10 });
    assert.ok(!(await errors()).some((e) => e.startsWith("La password")));

    // CAP and city: typing the code clears its error, the lookup's town clears the city's.
    await typeInto(page.getByLabel("CAP"), "00118");
    assert.ok(!(await errors()).includes("Inserisci un CAP valido di 5 cifre."));
    await form.locator("[data-field-error]", { hasText: "La città è obbligatoria" }).waitFor({ state: "detached", timeout: 5000 });
    assert.equal(await page.getByLabel("Città").inputValue(), "Roma");

    // A field with no error yet: nothing while typing, the check when the owner leaves it.
    await page.reload();
    const phone = page.getByLabel("Telefono");
    await typeInto(phone, "12");
    assert.deepEqual(await errors(), [], "no error while typing a first value");
    await page.keyboard.press("Tab");
    await form.locator("[data-field-error]", { hasText: "Inserisci un numero di telefono valido." }).waitFor();
    await phone.click();
    await phone.pressSequentially("34567", { delay: 10 });
    assert.deepEqual(await errors(), []);
    // Passing through an empty field says nothing.
    await page.getByLabel("Indirizzo (via e numero)").click();
    await page.keyboard.press("Tab");
    assert.deepEqual(await errors(), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("1280 px: the logo picker is Italian, shows the chosen image and its name, removes it, refuses the documented bad files, works from the keyboard", async () => {
    const { context, page, problems } = await open(DESKTOP);
    await page.goto(`${server.url}/create`);
    const picker = page.locator("[data-logo-picker]");
    const input = page.getByLabel("Logo (facoltativo)");
    assert.equal(await input.getAttribute("type"), "file");
    const inputBox = await input.boundingBox();
    assert.ok(!inputBox || (inputBox.width <= 1 && inputBox.height <= 1), "the browser's own (English) control is not shown");
    assert.match(await picker.innerText(), /Scegli un'immagine\s+Nessuna immagine scelta/);
    assert.doesNotMatch(await page.locator("main").innerText(), /Choose File|No file chosen|Browse/);

    await chooseLogo(page, false, { name: "logo-edil-rossi.png", mimeType: "image/png", buffer: PNG });
    const preview = picker.getByRole("img", { name: "Anteprima del logo" });
    await preview.waitFor();
    assert.ok(await preview.evaluate((img) => img.complete && img.naturalWidth === 40), "the thumbnail shows the image");
    assert.equal((await picker.locator("[data-logo-name]").innerText()).trim(), "logo-edil-rossi.png");
    await picker.getByText("Cambia immagine", { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/create-1280-logo.png`, fullPage: true });
    await picker.getByRole("button", { name: "Rimuovi logo" }).click();
    await preview.waitFor({ state: "detached" });
    assert.equal(await input.evaluate((i) => i.files.length), 0);
    assert.match(await picker.innerText(), /Scegli un'immagine\s+Nessuna immagine scelta/);
    assert.equal(await page.evaluate(() => document.activeElement?.type), "file", "the focus goes back to the picker");

    // The documented refusals (docs/product/validation.md), through the picker.
    await chooseLogo(page, false, { name: "listino.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n") });
    await toast(page, "Invalid file type").waitFor();
    assert.match(await toast(page, "Invalid file type").innerText(), /Please upload an image file\./);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    PNG.copy(big);
    await chooseLogo(page, false, { name: "enorme.png", mimeType: "image/png", buffer: big });
    await toast(page, "File too large").waitFor();
    assert.match(await toast(page, "File too large").innerText(), /Image must be less than 5MB\./);
    assert.equal(await preview.count(), 0);
    assert.equal(await input.evaluate((i) => i.files.length), 0);

    // Keyboard: Tab from the password reaches the picker, whose button shows the focus; Space opens it.
    await page.getByLabel("Password", { exact: true }).focus();
    for (let i = 0; i < 4 && (await page.evaluate(() => document.activeElement?.type)) !== "file"; i++) await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.type), "file");
    const ring = await picker.locator("label").evaluate((l) => getComputedStyle(l).outlineStyle);
    assert.notEqual(ring, "none", "the focused picker shows a focus ring");
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Space");
    await (await chooser).setFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await preview.waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("390 px touch: a new owner types every field, picks a logo by tapping, and the pending page opens at its top", async () => {
    const { context, page, problems } = await open(PHONE);
    await page.goto(`${server.url}/create`);
    const tap = { tap: true };
    await page.getByRole("button", { name: "Crea Negozio" }).tap();
    await page.locator("[data-field-error]").first().waitFor();
    await page.screenshot({ path: `${SHOTS}/create-390-errors.png`, fullPage: true });
    const email = `tocco-${Date.now().toString(36)}@edilizia-prova.it`;
    await typeInto(page.getByLabel("Nome del negozio"), "Edil Tocco", tap);
    await typeInto(page.getByLabel("Descrizione"), "Materiali edili e ferramenta per il cantiere.", tap);
    await typeInto(page.getByLabel("CAP"), "00118", tap);
    await page.waitForFunction(() => document.querySelector("input[name=city]")?.value === "Roma", null, { timeout: 5000 });
    await typeInto(page.getByLabel("Indirizzo (via e numero)"), "Via Tuscolana 10", tap);
    await typeInto(page.getByLabel("Telefono"), "06 7654321", tap);
    await typeInto(page.getByLabel("Email", { exact: true }), email, tap);
    await typeInto(page.getByLabel("Password", { exact: true }), "Mattoni2026!", tap);
    assert.deepEqual(await page.locator("[data-field-error]").allInnerTexts(), [], "every error went while typing");

    await chooseLogo(page, true, { name: "un-nome-di-file-molto-lungo-per-il-logo-del-negozio.png", mimeType: "image/png", buffer: PNG });
    const picker = page.locator("[data-logo-picker]");
    await picker.getByRole("img", { name: "Anteprima del logo" }).waitFor();
    await insideScreen(picker, 390);
    const name = picker.locator("[data-logo-name]");
    assert.ok(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), "the long file name wraps");
    assert.ok(await noSideways(page));
    await picker.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/create-390-logo.png` });

    await page.getByRole("button", { name: "Crea Negozio" }).tap();
    assert.ok((await page.evaluate(() => window.scrollY)) > 300, "the submit button is far down the page");
    await page.waitForURL((u) => u.pathname === `/email-verification/${encodeURIComponent(email)}`, { timeout: 8000 });
    await page.locator("main h1").first().waitFor();
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.scrollY), 0, "the pending page opens at its top");
    await toast(page, "Negozio creato").waitFor();
    await page.screenshot({ path: `${SHOTS}/create-390-after.png` });
    assert.deepEqual(problems, []);
    await context.close();
  });
});
