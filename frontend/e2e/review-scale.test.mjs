// The review queue at the scale of real lists: the heating maker's price list and the
// electronics wholesaler's of ../shared/realdata (1,063 and 1,460 lines; read from there,
// never copied) imported into one shop through the wizard with its proposal accepted as it
// stands, the categories read by the model in the background, then reviewed in the panel
// as an owner would: the groups of products alike first (a proposal confirmed for its whole
// group or moved to another category, a family of names or codes confirmed or filed), the
// reasons last. Counts the owner's actions until 90 % of the shop is checked, and reports
// them; at ten seconds an action (a look at the examples, a click) they must fit in 30
// minutes. At 390 px by touch and at 1280 px with a mouse;
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
const FILES = ["09_it_baltur_listino_riscaldamento.xlsx", "06_it_erregame_listino_cp1252_tab.csv"];

function realdata(name) {
  const dir = process.env.VETRINA_REALDATA ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/realdata");
  const file = path.join(dir, name);
  const mimeType = name.endsWith(".csv") ? "text/csv" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  return fs.existsSync(file) ? { name, mimeType, buffer: fs.readFileSync(file) } : null;
}

/** Through the wizard, its proposal accepted as it stands. */
async function importList(page, list) {
  await page.goto(`${server.url}/upload`);
  await page.locator('input[type="file"][accept*=".csv"]').setInputFiles(list);
  await page.locator('[data-wizard-step="mapping"]').waitFor({ timeout: 60_000 });
  await page.getByRole("button", { name: "Elabora Prodotti" }).click();
  await page.locator('[data-wizard-step="preview"]').waitFor({ timeout: 120_000 });
  await page.getByRole("button", { name: "Conferma importazione" }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByText("Importazione completata").waitFor();
}

const toCheck = async (context) => (await ownShop(context.request, server.url)).Products.filter((p) => p.status !== "normal").length;

async function categoriesRead(context, timeout = 600_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const view = await (await context.request.get(`${server.url}/api/stores/me/ai`)).json();
    if (view.categories_pending === 0) return view;
    if (Date.now() > deadline) throw new Error(`categories still pending: ${JSON.stringify(view)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe("review at the scale of a real list", () => {
  test("real lists imported as proposed are reviewed to 90 % in a few dozen actions", async (t) => {
    const lists = FILES.map(realdata);
    if (lists.includes(null)) return t.skip(`../shared/realdata/{${FILES.join(",")}} is absent`);
    const { context, page, problems } = await demoOwnerPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
    const before = await ownShop(context.request, server.url);
    for (const list of lists) await importList(page, list);
    await categoriesRead(context);
    const after = await ownShop(context.request, server.url);
    const imported = after.Products.length - before.Products.length;
    assert.ok(imported > 2400, `${imported} products imported`);

    // On a phone, by touch: the proposals come first, their buttons big enough to tap.
    const phone = await demoOwnerPage(browser, server.url, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.page.locator("[data-review-open]").tap();
    const phonePanel = phone.page.getByRole("dialog", { name: "Prodotti da controllare" });
    await phonePanel.locator('[data-review-group="suggestion"]').first().waitFor();
    await phone.page.screenshot({ path: `${SHOTS}/scale-390.png` });
    const confirm = await phonePanel.locator('[data-review-group="suggestion"] header button').first().boundingBox();
    assert.ok(confirm && confirm.height >= 32 && confirm.x >= 0 && confirm.x + confirm.width <= 390, `touch target ${JSON.stringify(confirm)}`);
    // A family of names or codes fits the phone too.
    const family = phonePanel.locator('[data-review-group="family"]').first();
    await family.scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: `${SHOTS}/family-390.png` });
    const familyConfirm = await family.locator("header button").first().boundingBox();
    assert.ok(familyConfirm && familyConfirm.height >= 32 && familyConfirm.x + familyConfirm.width <= 390, `touch target ${JSON.stringify(familyConfirm)}`);
    assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "nothing sideways");
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
    const checkedBy = { suggestion: 0, family: 0, reason: 0 };
    let moved = false;
    let sawFamily = false;
    /** A family of the heating maker's units the owner files under plumbing: its label. */
    let familyFiled = null;
    const total = after.Products.length;
    const started = Date.now();
    /** Ten seconds an action: 30 minutes of an owner's clicks. */
    const MAX_ACTIONS = 180;
    while ((await toCheck(context)) > total * 0.1 && actions < MAX_ACTIONS) {
      // The groups of products alike first; a reason (products with nothing in common) last.
      const alike = panel.locator('[data-review-group="suggestion"], [data-review-group="family"]');
      const first = (await alike.count()) > 0 ? alike.first() : panel.locator("[data-review-group]").first();
      const kind = await first.getAttribute("data-review-group");
      const count = countOf((await first.locator("h3 + p").innerText()).split(" ")[0]);
      if (kind === "family" && !sawFamily) {
        sawFamily = true;
        await first.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/family-1280.png` });
      }
      // The panel reads the queue again after each action: the next action is on what it shows.
      const reread = page.waitForResponse((r) => r.url().endsWith("/api/stores/me/review") && r.request().method() === "GET");
      if (kind === "suggestion" && !moved && (await first.locator("h3").innerText()) !== "Proposta: Idraulica") {
        // A proposal the owner corrects: the whole group goes where it belongs.
        await first.getByLabel("Oppure metti tutti in").selectOption("Idraulica");
        await first.getByRole("button", { name: "Applica" }).click();
        actions += 2;
        moved = true;
      } else if (kind === "family" && !familyFiled && /Perfecta|Steeltre|Steelnox|BCHM/i.test(await first.locator("h3").innerText())) {
        familyFiled = { label: (await first.locator("h3").innerText()).match(/«(.+)»/)[1], count };
        await first.getByLabel("Oppure metti tutti in").selectOption("Idraulica");
        await first.getByRole("button", { name: "Applica" }).click();
        actions += 2;
      } else {
        await first.locator("header button").first().click();
        actions += 1;
      }
      checkedBy[kind] += count;
      await reread;
      await panel.locator("[aria-busy=false]").waitFor();
      if ((await panel.locator("[data-review-group]").count()) === 0) break;
    }
    const minutes = (Date.now() - started) / 60_000;
    const left = await toCheck(context);
    console.log(
      `review of ${FILES.join(" + ")}: ${imported} products imported, ${start} to check; ${actions} actions in ` +
        `${minutes.toFixed(1)} minutes brought it to ${left} (${((1 - left / total) * 100).toFixed(1)} % checked); ` +
        `checked by proposal ${checkedBy.suggestion}, by family ${checkedBy.family}, by reason ${checkedBy.reason}`,
    );
    assert.ok(left <= total * 0.1, `${left} of ${total} still to check after ${actions} actions`);
    assert.ok(actions <= MAX_ACTIONS, `${actions} actions`);
    assert.ok(sawFamily && checkedBy.family > 0, "families of names or codes are offered and used");
    // The family filed under a category is there, every one of its products.
    assert.ok(familyFiled, "a family of the heating maker's was filed");
    const filed = (await ownShop(context.request, server.url)).Products.filter(
      (p) => p.name.toLowerCase().startsWith(familyFiled.label.toLowerCase()) && p.category === "Idraulica" && p.status === "normal",
    );
    assert.ok(filed.length >= familyFiled.count, `${filed.length} of the ${familyFiled.count} products of «${familyFiled.label}» filed`);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
