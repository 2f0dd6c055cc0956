// The import wizard (/upload) in Chromium against the real server and the demo shop:
// an XLSX generated here goes through analyze, mapping, processing, preview and import;
// plus the refused file type, cancelling with confirmation, the error state with "Riprova",
// the progress bar's first tick, the 410 reply of an expired process, and the redirects.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { blockThirdParty, countOf, launchBrowser, login, startServer, typeInto, watchConsole } from "./harness.mjs";
import { xlsx, zip } from "./xlsx.mjs";

let server;
let browser;

const ROWS = [
  ["Descrizione articolo", "Prezzo", "Marca", "Categoria", "Codice", "Disponibile"],
  ["Cemento Portland 32,5 R sacco 25 kg", 6.9, "Buzzi Unicem", "Cementi", "E2E-CEM-1", "si"],
  ["Lastra in cartongesso 1200x2500 sp. 12,5 mm", 8.4, "Knauf", "Cartongesso", "E2E-LAS-2", "si"],
  ["Adesivo cementizio per piastrelle C2TE 25 kg", "prezzo?", "Mapei", "Adesivi", "E2E-ADE-3", "no"],
  ["", 3.5, "Fischer", "Ferramenta", "E2E-TAS-4", "si"],
];
const listino = { name: "listino-e2e.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: xlsx(ROWS) };

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function ownerPage({ viewport = { width: 1280, height: 900 }, loggedIn = true } = {}) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await blockThirdParty(context, server.url);
  if (loggedIn) await login(context, server.url);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${server.url}/upload`);
  if (loggedIn) await page.getByRole("heading", { level: 1, name: "Importa i tuoi prodotti" }).waitFor();
  return { context, page, problems };
}

/** A real price list of `../shared/realdata` (never copied into the repository), or null. */
function realdata(name) {
  const dir = process.env.VETRINA_REALDATA ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/realdata");
  const file = path.join(dir, name);
  return fs.existsSync(file) ? { name, mimeType: listino.mimeType, buffer: fs.readFileSync(file) } : null;
}

const wizardStep = (page) => page.locator("[data-wizard-step]").getAttribute("data-wizard-step");
// The price list's input (the page also has the one for a ZIP of pictures).
const fileInput = (page) => page.locator('input[type="file"][accept*=".csv"]');

async function waitStep(page, step, timeout = 30_000) {
  await page.locator(`[data-wizard-step="${step}"]`).waitFor({ timeout });
}

describe("/upload", () => {
  test("anonymous visitors are sent to the login", async () => {
    const { context, page } = await ownerPage({ loggedIn: false });
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  test("help panel: how it works, template, supported fields, PDF guide, back to the dashboard", async () => {
    const { context, page, problems } = await ownerPage();
    await page.getByRole("heading", { name: "Come funziona" }).waitFor();
    assert.equal(await page.getByRole("link", { name: "Torna alla dashboard" }).getAttribute("href"), "/dashboard");
    const template = page.getByRole("link", { name: "Scarica il modello CSV" });
    assert.equal(await template.getAttribute("href"), "/api/file/template");
    const templateReply = await context.request.get(`${server.url}/api/file/template`);
    assert.equal(templateReply.status(), 200);
    assert.match((await templateReply.text()).replace(/^\uFEFF/, ""), /^name;price;description;brand;category;in_stock;image/);
    const guide = page.getByRole("link", { name: /Scarica la guida \(PDF\)/ });
    const guideHref = await guide.getAttribute("href");
    const pdf = await context.request.get(`${server.url}${guideHref}`);
    assert.equal(pdf.status(), 200, guideHref);
    assert.match(pdf.headers()["content-type"], /application\/pdf/);
    assert.equal((await pdf.body()).subarray(0, 5).toString(), "%PDF-");
    const fields = await page.locator("aside dt").allInnerTexts();
    for (const label of ["name / nome", "price / prezzo", "brand / marca", "description / descrizione", "image_url / url dell'immagine", "category / categoria", "available / disponibile"]) {
      assert.ok(fields.some((f) => f.replace(/\s+/g, " ").includes(label)), label);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a file that is neither CSV nor Excel is refused in the browser", async () => {
    const { context, page } = await ownerPage();
    let analyzed = false;
    page.on("request", (r) => r.url().includes("/api/file/analyze") && (analyzed = true));
    await fileInput(page).setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: Buffer.from("89504e47", "hex") });
    await page.getByRole("alert").filter({ hasText: "Formato file non supportato. Carica un file CSV o Excel (.csv, .xlsx, .xls)" }).waitFor();
    assert.equal(await wizardStep(page), "none");
    assert.equal(analyzed, false);
    await context.close();
  });

  test("the whole wizard with an XLSX: mapping, processing, preview, an expired process, import", async () => {
    const { context, page, problems } = await ownerPage();
    const before = await (await context.request.get(`${server.url}/api/stores/me`)).json();
    await fileInput(page).setInputFiles(listino);
    await waitStep(page, "mapping");
    await page.getByText("listino-e2e.xlsx: 4 righe di prodotti", { exact: false }).waitFor();

    // Proposed mapping preselected; labels carry the English key and the Italian name.
    const name = page.getByLabel(/^name\s*\/\s*nome/);
    assert.equal(await name.inputValue(), "Descrizione articolo");
    assert.equal(await page.getByLabel(/price\s*\/\s*prezzo/).inputValue(), "Prezzo");
    for (const label of [/brand\s*\/\s*marca/, /description\s*\/\s*descrizione/, /image_url\s*\/\s*url dell'immagine/, /category\s*\/\s*categoria/, /available\s*\/\s*disponibile/, /sku\s*\//, /ean\s*\//]) {
      assert.equal(await page.getByLabel(label).count(), 1, String(label));
    }
    // Sample rows.
    await page.getByRole("cell", { name: "Cemento Portland 32,5 R sacco 25 kg" }).waitFor();

    // Name is required.
    await name.selectOption("");
    await page.getByRole("button", { name: "Elabora Prodotti" }).click();
    await page.getByRole("alert").filter({ hasText: "Nome e un campo obbligatorio per il mapping" }).waitFor();
    assert.equal(await name.evaluate((el) => el === document.activeElement), true, "focus on the name select");
    assert.equal(await wizardStep(page), "mapping");
    await name.selectOption("Descrizione articolo");
    await page.getByLabel(/sku\s*\//).selectOption("Codice");
    await page.getByRole("checkbox", { name: /Riscrivi i nomi/ }).check();
    await page.getByRole("checkbox", { name: /Aggiorna anche i prodotti già presenti/ }).check();

    const processRequest = page.waitForRequest((r) => r.url().endsWith("/api/file/process"));
    await page.getByRole("button", { name: "Elabora Prodotti" }).click();
    const sent = (await processRequest).postData() ?? "";
    assert.match(sent, /name="regenerateName"\r\n\r\ntrue/);
    assert.match(sent, /name="regeneratePresentProducts"\r\n\r\ntrue/);
    assert.match(sent, /"sku":"Codice"/);

    // The answer brings the bar to 100, the preview follows a second later.
    await page.locator('[role="progressbar"][aria-valuenow="100"]').waitFor({ timeout: 60_000 });
    const at100 = Date.now();
    await waitStep(page, "preview");
    assert.ok(Date.now() - at100 >= 700, "preview appears about 1 s after 100%");

    const stat = async (key) => countOf(await page.locator(`[data-stat="${key}"] dd`).innerText());
    assert.equal(await stat("total"), 4);
    assert.equal(await stat("valid") + (await stat("invalid")), 4);
    assert.ok((await stat("invalid")) >= 1, "the row without a name fails");
    assert.equal(await stat("create") + (await stat("update")), await stat("valid"));
    const cards = page.locator("[data-preview-products] > li");
    assert.ok((await cards.count()) >= 1 && (await cards.count()) <= 6);
    assert.match(await cards.first().innerText(), /Nuovo|Aggiornamento/);
    const errors = page.locator("[data-import-errors] > li");
    assert.ok((await errors.count()) >= 1);
    assert.match(await errors.first().innerText(), /Riga \d+/);
    const report = page.getByRole("link", { name: "Scarica il report degli errori (CSV)" });
    const reportReply = await context.request.get(`${server.url}${await report.getAttribute("href")}`);
    assert.equal(reportReply.status(), 200);
    assert.match(await reportReply.text(), /Riga;Prodotto;Errori/);

    // A process the server no longer has (410): the error is listed and the file can be processed again.
    await page.route("**/api/file/import", (route) =>
      route.fulfill({ status: 410, contentType: "application/json", body: JSON.stringify({ success: false, error: "Elaborazione scaduta", code: "process_expired" }) }),
    );
    await page.getByRole("button", { name: "Conferma importazione" }).click();
    await page.locator("[data-import-errors]").getByText("Errore nell'importazione dei prodotti").waitFor();
    await page.getByRole("button", { name: "Elabora di nuovo il file" }).click();
    await waitStep(page, "preview", 60_000);
    await page.unroute("**/api/file/import");
    assert.equal(await page.locator("[data-import-errors]").getByText("Errore nell'importazione dei prodotti").count(), 0);

    const valid = await stat("valid");
    await page.getByRole("button", { name: "Conferma importazione" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText("Importazione completata").waitFor();
    await page.getByText(`${valid} prodotti importati con successo.`).waitFor();
    const after = await (await context.request.get(`${server.url}/api/stores/me`)).json();
    assert.equal(after.product_count - before.product_count, valid - 0 /* all created: the SKUs are new */);
    // Only the refused 410 reply (our own route) may show up in the console.
    assert.deepEqual(problems.filter((p) => !/410/.test(p)), []);
    await context.close();
  });

  test("processing: the bar ticks after 10 s; cancelling asks first, then resets and ignores the reply", async () => {
    const { context, page, problems } = await ownerPage();
    await fileInput(page).setInputFiles(listino);
    await waitStep(page, "mapping");
    // Hold the process request so processing lasts as long as the test wants.
    let release;
    const held = new Promise((r) => (release = r));
    await page.route("**/api/file/process", async (route) => {
      await held;
      await route.continue().catch(() => {}); // the browser may have given up on it already
    });
    await page.getByRole("button", { name: "Elabora Prodotti" }).click();
    await waitStep(page, "processing");
    const bar = page.getByRole("progressbar");
    assert.equal(await bar.getAttribute("aria-valuenow"), "0");
    await page.locator('[role="progressbar"][aria-valuenow="25"]').waitFor({ timeout: 13_000 }); // ceil(100/4)
    assert.equal(await page.locator("[data-progress-text]").getAttribute("aria-live"), "polite");

    // First "keep going", then stop for real.
    await page.getByRole("button", { name: "Annulla elaborazione" }).click();
    const dialog = page.getByRole("dialog", { name: "Interrompere l'elaborazione?" });
    await dialog.waitFor();
    assert.equal(await dialog.evaluate((d) => d.contains(document.activeElement)), true, "focus inside the dialog");
    await dialog.getByRole("button", { name: "Continua l'elaborazione" }).click();
    assert.equal(await wizardStep(page), "processing");

    const cancelCall = page.waitForRequest((r) => r.url().endsWith("/api/file/cancel-processing"));
    await page.getByRole("button", { name: "Annulla elaborazione" }).click();
    await dialog.getByRole("button", { name: "Interrompi" }).click();
    await cancelCall;
    await page.getByText("Elaborazione interrotta").waitFor();
    await waitStep(page, "none");
    release();
    await page.waitForTimeout(2500);
    assert.equal(await wizardStep(page), "none", "the cancelled request's reply is ignored");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a file the server cannot read: error state, then Riprova starts over", async () => {
    const { context, page, problems } = await ownerPage();
    // A ZIP signature followed by garbage: the server's own message is shown.
    const broken = Buffer.concat([Buffer.from("504b0304", "hex"), Buffer.alloc(200, 7)]);
    await fileInput(page).setInputFiles({ name: "rotto.xlsx", mimeType: listino.mimeType, buffer: broken });
    await waitStep(page, "error");
    assert.equal(await page.locator("[data-import-error]").innerText(), "Il file Excel è danneggiato o non leggibile.");
    await page.getByRole("button", { name: "Riprova" }).click();
    await waitStep(page, "none");

    // Without a server message, the documented fallback text (docs/product/texts.md).
    await page.route("**/api/file/analyze", (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }));
    await fileInput(page).setInputFiles(listino);
    await page.locator("[data-import-error]").getByText("Si è verificato un errore durante l'analisi del file").waitFor();
    await page.getByRole("button", { name: "Riprova" }).click();
    await waitStep(page, "none");
    await page.unroute("**/api/file/analyze");

    await fileInput(page).setInputFiles(listino);
    await waitStep(page, "mapping");
    await page.route("**/api/file/process", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await page.getByRole("button", { name: "Elabora Prodotti" }).click();
    await page.locator("[data-import-error]").getByText("Si è verificato un errore durante l'elaborazione del file dal server").waitFor();
    await page.getByRole("button", { name: "Riprova" }).click();
    await waitStep(page, "none");
    // Failed replies (the server's 4xx, our 502/500) are the only console entries.
    assert.deepEqual(problems.filter((p) => !/Failed to load resource/.test(p)), []);
    await context.close();
  });

  test("real price lists: the product sheet is read, another can be chosen; a fixed brand and net prices", async (t) => {
    const catalogue = realdata("10_it_bottazzi_catalogo_dpi.xlsx");
    const baltur = realdata("09_it_baltur_listino_riscaldamento.xlsx");
    if (!catalogue || !baltur) return t.skip("../shared/realdata is absent");
    const { context, page, problems } = await ownerPage();
    // The first sheet holds instructions: the products' sheet is read and said.
    await fileInput(page).setInputFiles(catalogue);
    await waitStep(page, "mapping");
    const sheet = page.getByLabel("Foglio del file");
    assert.equal(await sheet.inputValue(), "Prodotti");
    assert.match(await page.locator("[data-sheet-note]").innerText(), /«Prodotti» \(2 fogli nel file\)/);
    assert.equal(await page.getByLabel(/^name\s*\/\s*nome/).inputValue(), "Nome");
    await sheet.selectOption("Istruzioni");
    await waitStep(page, "mapping");
    assert.equal(await page.getByLabel("Foglio del file").inputValue(), "Istruzioni");
    await page.getByRole("button", { name: "Scegli un altro file" }).click();

    // A manufacturer's list: no brand column, prices without VAT.
    await fileInput(page).setInputFiles(baltur);
    await waitStep(page, "mapping");
    await typeInto(page.getByLabel("Marca di tutti i prodotti (se il file non ce l'ha)"), "Baltur");
    await page.getByText("I prezzi del file sono senza IVA: aggiungila").click();
    assert.equal(await page.getByLabel("Aliquota IVA (%) se il file non la indica").inputValue(), "22");
    const processRequest = page.waitForRequest((r) => r.url().endsWith("/api/file/process"));
    await page.getByRole("button", { name: "Elabora Prodotti" }).click();
    const sent = (await processRequest).postData() ?? "";
    assert.match(sent, /"fixed":\{"brand":"Baltur"\}/);
    assert.match(sent, /"pricesIncludeVat":false,"vatRate":22/);
    await waitStep(page, "preview", 90_000);
    // 93,00 € without VAT is 113,46 € with 22%.
    const first = page.locator("[data-preview-products] > li").first();
    await first.getByText("KONDPRO RICARICA X CUBO 25KG").waitFor();
    assert.match(await first.innerText(), /Baltur/);
    assert.match(await first.innerText(), /113,46/);
    await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS ?? "/tmp", "upload-net-prices-1280.png") });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a distributor's list as proposed: the VAT-inclusive price, where it comes from, a product listed twice merged, one warning for the rows that share it", async () => {
    const csv = [
      "Codice Prodotto;Descrizione;Listino Base;Netto Cliente;Street Price Ivato;Cat;Disponibilità",
      "E2E-TR-100   ;Trapano avvitatore a batteria 18V;100,00;62,00;119,90;Elettroutensili;da verificare",
      "E2E-TR-100   ;Trapano avvitatore a batteria 18V;100,00;62,00;119,90;Offerte;si",
      "E2E-SG-200   ;Smerigliatrice angolare 125 mm;50,00;31,00;59,90;Elettroutensili;da verificare",
      "E2E-MT-300   ;Metro a nastro 5 m;8,00;4,50;9,50;Misura;da verificare",
    ].join("\r\n");
    const file = { name: "distributore.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") };
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const { context, page, problems } = await ownerPage({ viewport });
      await fileInput(page).setInputFiles(file);
      await waitStep(page, "mapping");
      assert.equal(await page.getByLabel(/price\s*\/\s*prezzo/).inputValue(), "Street Price Ivato");
      assert.equal(await page.getByLabel(/sku\s*\/\s*codice/).inputValue(), "Codice Prodotto");
      const note = await page.locator("[data-price-note]").innerText();
      assert.match(note, /«Street Price Ivato», IVA inclusa/);
      assert.match(note, /«Listino Base», «Netto Cliente»/);
      await page.getByRole("button", { name: "Elabora Prodotti" }).click();
      await waitStep(page, "preview", 60_000);
      assert.match(await page.locator("[data-price-sentence]").innerText(), /colonna «Street Price Ivato», già IVA inclusa/);
      const warnings = await page.locator("[data-import-warnings]").innerText();
      assert.match(warnings, /1 riga ripete il codice .* unita a quel prodotto/);
      assert.match(warnings, /Righe 2, 4 e 5: disponibilità non riconosciuta «da verificare»/);
      assert.equal(warnings.match(/da verificare/g).length, 1, warnings);
      assert.equal(await page.locator('[data-stat="valid"] dd').innerText(), "3");
      const first = page.locator("[data-preview-products] > li").first();
      assert.match(await first.innerText(), /119,90/);
      await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS ?? "/tmp", `upload-distributor-${viewport.width}.png`), fullPage: true });
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  test("a METEL list zipped with its barcode file, as the wholesaler sends it: recognised, barcodes matched, the price of one unit with VAT", async () => {
    // Product records at the manual's positions: maker (1–3), code (4–19), EAN (20–32, empty
    // here), description (33–75), quantities (76–97), trade price (98–108), public price
    // (109–119), multiplier (120–125), currency, unit (129–131).
    const record = (code, description, cents, multiplier, unit) =>
      `BTI${code.padEnd(16)}${"".padEnd(13)}${description.padEnd(43)}${"0001000001000010001001"}${String(cents / 2).padStart(11, "0")}${String(cents).padStart(11, "0")}${String(multiplier).padStart(6, "0")}EUR${unit.padEnd(3)}  20260301${"FAM01".padEnd(36)}`;
    // Header: mark, maker, VAT number, list number, valid from, last change, description, filler, layout version.
    const header = ["LISTINO METEL".padEnd(20), "BTI", "01234567890", "000001", "20260301", "20260301", "Listino BTicino 2026".padEnd(30), "".padEnd(39), "021"].join("");
    const list = [header, record("N4001N", "INTERRUTTORE 1P 16A LIVINGLIGHT", 590, 1, "PZ"), record("N4003N", "DEVIATORE 1P 16A LIVINGLIGHT", 690, 1, "PZ")].join("\r\n");
    const barcodes = ["BTIN4001N          4006381333931   1", "BTIN4003N          5012345678900   1"].join("\r\n");
    const file = {
      name: "BTICINO-METEL.zip",
      mimeType: "application/zip",
      buffer: zip({ "BTICINO/LSP_BTI.TXT": Buffer.from(list, "latin1"), "BTICINO/BAR_BTI.TXT": barcodes, "BTICINO/FSC_BTI.TXT": "BTIFAM01          Sconto serie civile 000045" }),
    };
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const { context, page, problems } = await ownerPage({ viewport });
      await fileInput(page).setInputFiles(file);
      await waitStep(page, "mapping");
      const note = await page.locator("[data-format-note]").innerText();
      assert.match(note, /^Listino METEL riconosciuto: BTicino, «Listino BTicino 2026»/);
      assert.match(note, /Codici a barre dal file «BAR_BTI\.TXT»: 2 prodotti li ricevono/);
      assert.match(note, /File dell'archivio non letti: «FSC_BTI\.TXT»/);
      assert.equal(await page.getByLabel(/^ean\s*\//).inputValue(), "EAN");
      const sample = await page.locator("table").first().innerText();
      assert.match(sample, /4006381333931/);
      await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS ?? "/tmp", `upload-metel-zip-${viewport.width}.png`), fullPage: true });
      await page.getByRole("button", { name: "Elabora Prodotti" }).click();
      await waitStep(page, "preview", 60_000);
      // 5,90 € without VAT for one piece: 7,20 € with it.
      const first = page.locator("[data-preview-products] > li").first();
      assert.match(await first.innerText(), /7,20/);
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  test("daily sync: a wrong address is refused, a saved one runs within a minute and its failure is listed", async () => {
    const { context, page, problems } = await ownerPage();
    const panel = page.locator("[data-sync-panel]");
    const address = panel.getByLabel("Indirizzo del listino (CSV o Excel)");
    await typeInto(address, "magazzino/listino.csv");
    await panel.getByRole("button", { name: "Salva e sincronizza" }).click();
    await panel.getByRole("alert").filter({ hasText: "Inserisci l'indirizzo completo del listino" }).waitFor();
    await address.press("ControlOrMeta+A");
    await address.press("Backspace");
    // An address inside our own network is never fetched: the run fails and says why.
    await typeInto(address, "http://127.0.0.1:9/listino.csv");
    await panel.getByRole("button", { name: "Salva e sincronizza" }).click();
    await page.locator("[data-toast]").filter({ hasText: "Aggiornamento attivato" }).waitFor();
    const failed = page.locator("[data-sync-runs] li").filter({ hasText: "indirizzo non consentito" });
    for (let i = 0; i < 12 && !(await failed.count()); i++) {
      await page.waitForTimeout(5_000);
      await page.reload();
    }
    await failed.first().waitFor();
    assert.match(await failed.first().innerText(), /non riuscita/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator("[data-sync-panel]").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS ?? "/tmp", "upload-sync-390.png") });
    assert.deepEqual(problems.filter((p) => !/422/.test(p)), []);
    await context.close();
  });

  test("a CSV dropped on the upload area is analysed too", async () => {
    const { context, page, problems } = await ownerPage();
    const csv = "\uFEFFnome;prezzo;marca\r\nCemento grigio 25 kg;6,90;Buzzi\r\nGesso scagliola 5 kg;4,20;Knauf\r\n";
    const dataTransfer = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], "listino.csv", { type: "text/csv" }));
      return dt;
    }, csv);
    await page.locator("[data-dropzone]").dispatchEvent("dragover", { dataTransfer });
    await page.locator("[data-dropzone]").dispatchEvent("drop", { dataTransfer });
    await waitStep(page, "mapping");
    assert.equal(await page.getByLabel(/^name\s*\/\s*nome/).inputValue(), "nome");
    assert.equal(await page.getByLabel(/price\s*\/\s*prezzo/).inputValue(), "prezzo");
    assert.equal(await page.getByLabel(/brand\s*\/\s*marca/).inputValue(), "marca");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("390 px: the mapping step fits the screen", async () => {
    const { context, page } = await ownerPage({ viewport: { width: 390, height: 844 } });
    await fileInput(page).setInputFiles(listino);
    await waitStep(page, "mapping");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
    await context.close();
  });
});
