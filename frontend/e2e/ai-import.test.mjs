// Imports completed by the AI provider in the background, as an owner lives them: the server
// runs with `--ai-provider openai` against a local stand-in for the provider's HTTP API (the
// one third-party service we cannot run here). At 390 px a short list shows the progress bar
// while the provider is slow, then the summary. At 1280 px a real manufacturer's price list
// (../shared/realdata, Baltur) goes through the wizard with the brand typed key by key; the
// dashboard shows the AI's progress, then what became of the products (answers that add a
// number the list does not have are refused), and "Chiudi" closes the report. Screenshots go
// to /tmp/ai-import/.
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { demoOwnerPage, launchBrowser, startServer, typeInto } from "./harness.mjs";

const SHOTS = "/tmp/ai-import";
fs.mkdirSync(SHOTS, { recursive: true });

/** The provider's stand-in: OpenAI's chat-completions shape; it answers each product with
 * its name tidied and one sentence, and for every fourth product adds a number the line
 * does not have (the server must refuse that answer). `delayMs` slows every answer. */
function startProvider() {
  const provider = { requests: [], delayMs: 20 };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const text = JSON.parse(body).messages[1].content;
      provider.requests.push(text);
      const name = /^Nome: (.*)$/m.exec(text)?.[1] ?? "";
      const invent = provider.requests.length % 4 === 0;
      const answer = {
        name: name.toLowerCase().replace(/^./, (c) => c.toUpperCase()),
        description: invent ? `Completato dall'AI: ${name.toLowerCase()}, garantito 99 anni.` : `Completato dall'AI: ${name.toLowerCase()}.`,
        category: null,
        brand: null,
        status: "uncertain",
      };
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ id: "x", object: "chat.completion", choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: JSON.stringify(answer) } }] }));
      }, provider.delayMs);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      provider.url = `http://127.0.0.1:${server.address().port}/v1/`;
      provider.close = () => new Promise((r) => server.close(r));
      resolve(provider);
    }),
  );
}

let provider;
let server;
let browser;

before(async () => {
  provider = await startProvider();
  server = await startServer({
    env: { VETRINA_AI_PROVIDER: "openai", VETRINA_AI_BASE_URL: provider.url, VETRINA_AI_MODEL: "prova", VETRINA_AI_API_KEY: "sk-prova", VETRINA_AI_CONCURRENCY: "2", VETRINA_AI_TIMEOUT_SECS: "10" },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.close();
});

// The price list's input (the page also has the one for a ZIP of pictures).
const fileInput = (page) => page.locator('input[type="file"][accept*=".csv"]');
const waitStep = (page, step, timeout = 90_000) => page.locator(`[data-wizard-step="${step}"]`).waitFor({ timeout });
const panel = (page, state) => page.locator(`[data-ai-progress="${state}"]`);

function realdata(name) {
  const dir = process.env.VETRINA_REALDATA ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/realdata");
  const file = path.join(dir, name);
  return fs.existsSync(file) ? { name, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: fs.readFileSync(file) } : null;
}

/** The wizard from the dashboard's "Importa" to the import, and back on the dashboard; the
 * preview's note on what the AI will complete afterwards. */
async function importThroughWizard(page, file, brand) {
  await page.goto(page.url().replace(/\/dashboard.*$/, "/upload"));
  await page.getByRole("heading", { level: 1, name: "Importa i tuoi prodotti" }).waitFor();
  await fileInput(page).setInputFiles(file);
  await waitStep(page, "mapping");
  if (brand) await typeInto(page.getByLabel("Marca di tutti i prodotti (se il file non ce l'ha)"), brand);
  await page.getByRole("button", { name: "Elabora Prodotti" }).click();
  await waitStep(page, "preview");
  const note = await page.locator("[data-ai-follow-ups]").innerText();
  // A list longer than the plan's room is imported as far as it fits, as the wizard offers.
  await page.getByRole("button", { name: /^(Conferma importazione|Importa i primi \d+ prodotti)$/ }).first().click();
  await page.waitForURL(/\/dashboard$/);
  return note;
}

const progress = async (context) => (await context.request.get(`${server.url}/api/stores/me/ai`)).json();

describe("imports completed by the AI", () => {
  test("390 px: a slow provider shows the bar, then the summary fits the screen", async () => {
    const { context, page, problems } = await demoOwnerPage(browser, server.url, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.locator("[data-review-open]").waitFor();
    provider.delayMs = 1500;
    const csv = "nome;prezzo\nGUARNIZIONE XR 3/4 CF10;2,50\nKIT TERMO ZX 24;120\nARTICOLO SPECIALE 77;9\nCOLLA PROFESSIONALE X;7,80\nCOD 12 VARIE;1\n";
    const note = await importThroughWizard(page, { name: "listino-mobile.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    assert.match(note, /l'AI completerà in background 5 prodotti/);
    const running = panel(page, "running");
    await running.waitFor({ timeout: 15_000 });
    await running.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/running-390.png` });
    assert.match(await running.getByRole("status").innerText(), /^\d+ di 5 prodotti$/);
    const finished = panel(page, "finished");
    await finished.waitFor({ timeout: 60_000 });
    await finished.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/finished-390.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.equal(overflow, 0, "nothing sideways");
    const box = await finished.getByRole("button", { name: "Chiudi" }).boundingBox();
    assert.ok(box && box.height >= 32, "a button a thumb can press");
    await finished.getByRole("button", { name: "Chiudi" }).tap();
    await finished.waitFor({ state: "detached" });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("1280 px: a real price list, its progress, what became of it, closing the report", async (t) => {
    const baltur = realdata("09_it_baltur_listino_riscaldamento.xlsx");
    if (!baltur) return t.skip("../shared/realdata is absent");
    const { context, page, problems } = await demoOwnerPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
    await page.locator("[data-review-open]").waitFor();
    provider.delayMs = 60;
    const sentBefore = provider.requests.length;
    const note = await importThroughWizard(page, baltur, "Baltur");
    assert.match(note, /l'AI completerà in background \d+ prodotti/);
    // The import answered at once; the provider's work shows as progress, then as a summary.
    await panel(page, "running").or(panel(page, "finished")).first().waitFor({ timeout: 30_000 });
    if (await panel(page, "running").count()) {
      const bar = page.getByRole("progressbar", { name: "Avanzamento del completamento con l'AI" });
      assert.ok(Number(await bar.getAttribute("aria-valuemax")) > 0);
      await page.screenshot({ path: `${SHOTS}/running-1280.png` });
    }
    await panel(page, "finished").waitFor({ timeout: 120_000 });
    await page.screenshot({ path: `${SHOTS}/finished-1280.png` });

    const report = await progress(context);
    assert.equal(report.pending, 0);
    assert.ok(report.done > 0 && report.kept > 0, JSON.stringify(report));
    assert.equal(report.done + report.kept + report.skipped + report.failed, report.total);
    const text = await panel(page, "finished").innerText();
    assert.match(text, new RegExp(`${report.done} prodott[io] completat[io] dall'AI`));
    assert.match(text, /scartat[ae] perché aggiungev(a|ano) dati che il listino non contiene/);

    // What the provider was given: the file's lines with the brand the owner typed, and
    // never the builtin engine's own guesses.
    const sent = provider.requests.slice(sentBefore);
    assert.equal(sent.length, report.total);
    assert.ok(sent.every((s) => /^Nome: /.test(s) && /\nMarca: Baltur$/m.test(s) && !/Categoria:/.test(s)), sent.slice(0, 3).join(" | "));
    // The completed products carry the AI's text; refused answers left no invented number.
    const listed = await (await context.request.get(`${server.url}/api/stores/${(await (await context.request.get(`${server.url}/api/stores/me`)).json()).id}/products?q=baltur&per_page=100`)).json();
    const descriptions = listed.items.map((p) => p.description ?? "");
    assert.ok(descriptions.some((d) => d.startsWith("Completato dall'AI")), descriptions.slice(0, 3).join(" | "));
    assert.ok(!descriptions.some((d) => d.includes("99 anni")), "no refused answer was written");

    // The month's count is in the account panel beside the plan's other figures.
    await page.getByRole("button", { name: "Apri il pannello account" }).click();
    const account = page.getByRole("dialog", { name: "Il tuo account" });
    const used = (await (await context.request.get(`${server.url}/api/stores/me`)).json()).ai_products_this_month;
    assert.ok(used >= report.done + report.kept, `${used}`);
    assert.match(await account.locator(`[data-usage="Completamenti AI questo mese"]`).innerText(), new RegExp(`${used} / 2000`));
    await page.screenshot({ path: `${SHOTS}/account-1280.png` });
    await page.keyboard.press("Escape");
    await account.waitFor({ state: "detached" });
    await panel(page, "finished").getByRole("button", { name: "Chiudi" }).click();
    await panel(page, "finished").waitFor({ state: "detached" });
    assert.equal((await progress(context)).total, 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
