// The plan's limits in the import wizard, said before the work: the demo shop moved to Base
// (50 products, 3 imports a month) chooses a real 1,000-row price list, reads what its plan
// still allows in the mapping step and in the preview, imports only the first products that
// fit and ends with exactly 50; with no import left the plan's message comes right after
// choosing the file.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { binary, blockThirdParty, countOf, demoLogin, launchBrowser, login, ownShop, repo, startServer, watchConsole } from "./harness.mjs";

const REAL_FILE = path.resolve(process.env.VETRINA_REALDATA ?? path.join(repo, "../shared/realdata"), "06_it_erregame_listino_cp1252_tab.csv");
const LIMIT = 50;
const KEEP = 20; // demo products kept, so the file fits only in part: 30 of its rows

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const env = { ...process.env, VETRINA_DATA_DIR: server.dataDir };
  delete env.DATABASE_URL; // the server's SQLite file in its data directory
  execFileSync(binary, ["shop", "set-plan", demoLogin.email, "free"], { cwd: repo, env, stdio: "ignore" });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A logged-in context of the demo shop and a JSON API beside the browser's session. */
async function ownerContext(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  await blockThirdParty(context, server.url);
  await login(context, server.url);
  const headers = { Origin: server.url };
  const call = async (method, url, data) => {
    const res = await context.request.fetch(`${server.url}${url}`, { method, data, headers });
    assert.ok(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  return { context, me: () => ownShop(context.request, server.url), call };
}

/** Deletes the shop's newest products until `keep` are left. */
async function trimTo(owner, keep) {
  const me = await owner.me();
  const ids = (me.Products ?? []).map((p) => p.id).sort((a, b) => b - a);
  const extra = ids.slice(0, Math.max(0, ids.length - keep));
  if (extra.length) await owner.call("DELETE", "/api/products/bulk_delete", { ids: extra });
}

/** Opens /upload and chooses a file as a person does: "Scegli un file", then the file. */
async function chooseFile(page, files) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByText("Scegli un file", { exact: true }).click();
  await (await chooser).setFiles(files);
}

async function openUpload(context) {
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${server.url}/upload`);
  await page.getByRole("heading", { level: 1, name: "Importa i tuoi prodotti" }).waitFor();
  return { page, problems };
}

const wizardAt = (page, step, timeout = 30_000) => page.locator(`[data-wizard-step="${step}"]`).waitFor({ timeout });

describe("plan limits in the import wizard", () => {
  test("a Base shop sees what fits before importing, imports the first ones and ends at its limit", async (t) => {
    if (!fs.existsSync(REAL_FILE)) {
      t.skip(`real price list absent: ${REAL_FILE}`);
      return;
    }
    const owner = await ownerContext();
    const start = await owner.me();
    assert.equal(start.plan, "free", "the demo shop is on Base for this test");
    assert.ok(start.product_count >= KEEP, `the demo shop has ${start.product_count} products`);
    await trimTo(owner, KEEP);
    const { counter_csv_imported: used, product_count: count } = await owner.me();
    assert.equal(count, KEEP);
    const room = LIMIT - KEEP;

    const { page, problems } = await openUpload(owner.context);
    await chooseFile(page, REAL_FILE);
    await wizardAt(page, "mapping");
    const line = page.locator("[data-plan-allowance]");
    await line.getByText(`Piano Base: puoi aggiungere ancora ${room} prodotti; ti restano ${3 - used} importazioni questo mese.`).waitFor();
    await line.getByText(`nell'anteprima potrai importare i primi ${room}.`, { exact: false }).waitFor();

    await page.getByRole("button", { name: "Elabora Prodotti" }).click();
    await wizardAt(page, "preview", 90_000);
    const valid = countOf(await page.locator('[data-stat="valid"] dd').innerText());
    assert.ok(valid > 1000, `valid rows: ${valid}`);
    const notice = page.locator("[data-plan-notice]");
    await notice.getByRole("heading", { name: `Il tuo piano permette ancora ${room} prodotti` }).waitFor();
    await notice.getByText(`superano il limite di ${LIMIT} prodotti del piano Base`, { exact: false }).waitFor();
    assert.equal(await notice.getByRole("link", { name: "Passa a un piano superiore" }).getAttribute("href"), "/contacts");
    // The import that would be refused is not offered.
    assert.equal(await page.getByRole("button", { name: "Conferma importazione" }).count(), 0);

    const imported = page.waitForRequest((r) => r.url().endsWith("/api/file/import"));
    await notice.getByRole("button", { name: `Importa i primi ${room} prodotti` }).click();
    assert.equal(JSON.parse((await imported).postData() ?? "{}").fitToPlan, true);
    await page.waitForURL(/\/dashboard$/);
    await page.getByText(`${room} prodotti importati con successo.`).waitFor();
    const end = await owner.me();
    assert.equal(end.product_count, LIMIT, "the shop ends with exactly its limit");
    assert.equal(end.counter_csv_imported, used + 1);
    assert.deepEqual(problems, []);
    await owner.context.close();
  });

  test("with no import left this month, the plan's message comes right after choosing the file", async () => {
    const owner = await ownerContext({ width: 390, height: 844 });
    // Use up the month's imports through the API, making room for one product each time.
    for (let me = await owner.me(); me.counter_csv_imported < 3; me = await owner.me()) {
      if (me.product_count >= LIMIT) await trimTo(owner, LIMIT - 1);
      await owner.call("POST", "/api/file/import", { products: [{ name: `Tassello nylon ${me.counter_csv_imported} mm`, price: 0.1 }] });
    }

    const { page, problems } = await openUpload(owner.context);
    let processed = false;
    page.on("request", (r) => r.url().includes("/api/file/process") && (processed = true));
    const analyzed = page.waitForResponse((r) => r.url().endsWith("/api/file/analyze"));
    await chooseFile(page, { name: "listino.csv", mimeType: "text/csv", buffer: Buffer.from("nome;prezzo\nCemento grigio 25 kg;6,90\n") });
    assert.equal((await analyzed).status(), 403);
    await wizardAt(page, "error");
    await page
      .getByRole("alert")
      .getByText("Hai raggiunto il limite di 3 importazioni mensili del tuo piano. Potrai importare di nuovo il mese prossimo o passando a un piano superiore.")
      .waitFor();
    assert.equal(await page.getByRole("link", { name: "Passa a un piano superiore" }).getAttribute("href"), "/contacts");
    assert.equal(processed, false);
    await page.getByRole("button", { name: "Riprova" }).click();
    await wizardAt(page, "none");
    // The refused call is the only console entry.
    assert.deepEqual(
      problems.filter((p) => !/status of 403/.test(p)),
      [],
    );
    await owner.context.close();
  });
});
