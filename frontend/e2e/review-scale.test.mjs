// The review queue at the scale of a real list: the heating maker's price list of
// ../shared/realdata (1,063 lines; read from there, never copied) imported through the
// wizard with its proposal accepted as it stands, the categories read by the model in the
// background, then reviewed in the panel group by group: a proposal confirmed for its whole
// group, a group moved to another category, the rest confirmed by reason. Counts the
// owner's actions until 90 % of the list is checked, and reports them. At 390 px by touch
// and at 1280 px with a mouse;
// screenshots go to /tmp/review/.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { binary, countOf, demoOwnerPage, launchBrowser, ownShop, startServer } from "./harness.mjs";

let server;
let browser;

before(async () => {
  server = await startServer();
  // Business: no product limit, as a real list needs.
  const env = { ...process.env, VETRINA_DATA_DIR: server.dataDir };
  delete env.DATABASE_URL;
  execFileSync(binary, ["shop", "set-plan", "demo@vetrina.it", "business"], { env, stdio: "ignore" });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const SHOTS = "/tmp/review";
fs.mkdirSync(SHOTS, { recursive: true });
const FILE = "09_it_baltur_listino_riscaldamento.xlsx";

function realdata(name) {
  const dir = process.env.VETRINA_REALDATA ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/realdata");
  const file = path.join(dir, name);
  return fs.existsSync(file) ? { name, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: fs.readFileSync(file) } : null;
}

const toCheck = async (context) => (await ownShop(context.request, server.url)).Products.filter((p) => p.status !== "normal").length;

async function categoriesRead(context, timeout = 180_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const view = await (await context.request.get(`${server.url}/api/stores/me/ai`)).json();
    if (view.categories_pending === 0) return view;
    if (Date.now() > deadline) throw new Error(`categories still pending: ${JSON.stringify(view)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe("review at the scale of a real list", () => {
  test("a real list imported as proposed is reviewed to 90 % in a few dozen actions", async (t) => {
    const list = realdata(FILE);
    if (!list) return t.skip(`../shared/realdata/${FILE} is absent`);
    const { context, page, problems } = await demoOwnerPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
    const before = await ownShop(context.request, server.url);
    await page.goto(`${server.url}/upload`);
    await page.locator('input[type="file"][accept*=".csv"]').setInputFiles(list);
    await page.locator('[data-wizard-step="mapping"]').waitFor({ timeout: 60_000 });
    await page.getByRole("button", { name: "Elabora Prodotti" }).click();
    await page.locator('[data-wizard-step="preview"]').waitFor({ timeout: 120_000 });
    await page.getByRole("button", { name: "Conferma importazione" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText("Importazione completata").waitFor();
    await categoriesRead(context);
    const after = await ownShop(context.request, server.url);
    const imported = after.Products.length - before.Products.length;
    assert.ok(imported > 1000, `${imported} products imported`);

    // On a phone, by touch: the proposals come first, their buttons big enough to tap.
    const phone = await demoOwnerPage(browser, server.url, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.page.locator("[data-review-open]").tap();
    const phonePanel = phone.page.getByRole("dialog", { name: "Prodotti da controllare" });
    await phonePanel.locator('[data-review-group="suggestion"]').first().waitFor();
    await phone.page.screenshot({ path: `${SHOTS}/scale-390.png` });
    const confirm = await phonePanel.locator('[data-review-group="suggestion"] header button').first().boundingBox();
    assert.ok(confirm && confirm.height >= 32 && confirm.x >= 0 && confirm.x + confirm.width <= 390, `touch target ${JSON.stringify(confirm)}`);
    await phone.context.close();

    await page.reload();
    const opener = page.locator("[data-review-open]");
    await opener.waitFor();
    const start = await toCheck(context);
    await opener.click();
    const panel = page.getByRole("dialog", { name: "Prodotti da controllare" });
    await panel.locator("[data-review-group]").first().waitFor();
    await page.screenshot({ path: `${SHOTS}/scale-1280.png` });

    let actions = 0;
    let filed = 0;
    let moved = false;
    const total = after.Products.length;
    while ((await toCheck(context)) > total * 0.1 && actions < 60) {
      const first = panel.locator("[data-review-group]").first();
      const kind = await first.getAttribute("data-review-group");
      const count = countOf((await first.locator("h3 + p").innerText()).split(" ")[0]);
      if (kind === "suggestion" && !moved && (await first.locator("h3").innerText()) !== "Proposta: Idraulica") {
        // A proposal the owner corrects: the whole group goes where it belongs.
        await first.getByLabel("Oppure metti tutti in").selectOption("Idraulica");
        await first.getByRole("button", { name: "Applica" }).click();
        actions += 2;
        moved = true;
      } else {
        await first.locator("header button").first().click();
        actions += 1;
      }
      if (kind === "suggestion") filed += count;
      await page.locator("[data-toast]").filter({ hasText: /confermat/ }).first().waitFor();
      await page.locator("[data-toast]").first().waitFor({ state: "detached", timeout: 15_000 }).catch(() => {});
      if ((await panel.locator("[data-review-group]").count()) === 0) break;
    }
    const left = await toCheck(context);
    console.log(
      `review of ${FILE}: ${imported} products imported, ${start} to check; ${actions} actions brought it to ${left} ` +
        `(${((1 - left / total) * 100).toFixed(1)} % checked); ${filed} products filed under a proposed category in those actions`,
    );
    assert.ok(left <= total * 0.1, `${left} of ${total} still to check after ${actions} actions`);
    assert.ok(actions <= 40, `${actions} actions`);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
