// The Pro report (/report) and "Chi ce l'ha vicino a me" (/cerca) in Chromium against the real
// server and the demo shop (Pro): a visitor arrives from Google, searches the shop and opens a
// product; the owner finds those visits in the report, changes the period, downloads the CSV;
// on the Base plan the report explains itself instead. A visitor searches across shops from the
// landing page with the keyboard alone.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import { binary, blockThirdParty, demoPaths, eventually, launchBrowser, login, startServer, typeInto, watchConsole } from "./harness.mjs";

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

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };
// Headless Chromium says "HeadlessChrome" and would be counted as a robot, as it should.
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

async function context(viewport, { owner = false } = {}) {
  const ctx = await browser.newContext({ viewport, userAgent: PERSON, acceptDownloads: true, isMobile: viewport === MOBILE, hasTouch: viewport === MOBILE });
  await blockThirdParty(ctx, server.url);
  await ctx.addInitScript(() => window.localStorage.setItem("cookiePreferences", JSON.stringify({ essential: true, analytics: false, marketing: false })));
  if (owner) await login(ctx, server.url);
  return ctx;
}

const tile = (page, label) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");

describe("the Pro report", () => {
  test("a visitor's Google arrival, search and product view show in the owner's report", async () => {
    const { store } = await demoPaths(server.url);
    const visitor = await context(DESKTOP);
    const page = await visitor.newPage();
    const problems = watchConsole(page);
    await page.goto(server.url + store, { referer: "https://www.google.it/" });
    await typeInto(page.getByRole("searchbox").first(), "cemento");
    await page.keyboard.press("Enter");
    await page.waitForURL(/q=cemento/);
    const card = page.locator("main a[href^='/product/']").first();
    await eventually(async () => (await card.locator("h3").innerText()).trim(), /cement/i);
    const name = (await card.locator("h3").innerText()).trim();
    await card.click();
    await page.waitForURL(/\/product\//);
    assert.deepEqual(problems, []);
    await visitor.close();

    const owner = await context(DESKTOP, { owner: true });
    const dash = await owner.newPage();
    await dash.goto(`${server.url}/dashboard`);
    await dash.getByRole("link", { name: "Report visite" }).click();
    await dash.waitForURL(/\/report$/);
    await dash.getByRole("heading", { name: "Report di analisi dei dati" }).waitFor();
    // Two pages were served: the shop and the product (the search ran in the page, through the
    // API: its term counts, not a view).
    await eventually(async () => await tile(dash, "Visualizzazioni").first().innerText(), "2");
    assert.equal(await tile(dash, "Visitatori").first().innerText(), "1");
    assert.equal(await tile(dash, "Arrivati da Google").first().innerText(), "1");
    await dash.getByRole("heading", { name: "Ricerche nel tuo negozio" }).locator("xpath=..").getByText("cemento").waitFor();
    await dash.getByRole("heading", { name: "Prodotti più visti" }).locator("xpath=..").getByText(name).waitFor();
    assert.match(await dash.getByRole("img", { name: /Visualizzazioni giorno per giorno/ }).getAttribute("aria-label"), /in 30 giorni/);

    await dash.getByRole("radio", { name: "Ultimi 7 giorni" }).click();
    await eventually(async () => await dash.getByRole("img", { name: /Visualizzazioni giorno per giorno/ }).getAttribute("aria-label"), /in 7 giorni/);
    const [download] = await Promise.all([dash.waitForEvent("download"), dash.getByRole("link", { name: "Scarica CSV" }).click()]);
    assert.match(download.suggestedFilename(), /^report_.*\.csv$/);
    const csv = fs.readFileSync(await download.path(), "utf8");
    assert.match(csv, /^\uFEFFsezione;voce;valore\r\n/);
    assert.match(csv, /Ricerche;cemento;1\r\n/);
    assert.match(csv, /Provenienza;Google;1\r\n/);
    for (const [width, viewport] of [["1280", DESKTOP], ["390", MOBILE]]) {
      await dash.setViewportSize(viewport);
      await dash.screenshot({ path: `/tmp/vetrina-report-${width}.png`, fullPage: true });
    }
    await owner.close();
  });

  test("on the Base plan the report says what it is and how to get it", async () => {
    execFileSync(binary, ["shop", "set-plan", "demo@vetrina.it", "free"], { env: { ...process.env, VETRINA_DATA_DIR: server.dataDir }, stdio: "ignore" });
    try {
      const owner = await context(MOBILE, { owner: true });
      const page = await owner.newPage();
      await page.goto(`${server.url}/report`);
      await page.getByRole("heading", { name: "Il report è incluso nei piani Pro e Business" }).waitFor();
      assert.equal(await page.getByRole("link", { name: "Scopri i piani" }).getAttribute("href"), "/pricing");
      assert.equal(await page.getByRole("radio").count(), 0);
      await owner.close();
    } finally {
      execFileSync(binary, ["shop", "set-plan", "demo@vetrina.it", "pro"], { env: { ...process.env, VETRINA_DATA_DIR: server.dataDir }, stdio: "ignore" });
    }
  });
});

describe("who has it near me", () => {
  for (const [width, viewport] of [["1280", DESKTOP], ["390", MOBILE]]) {
    test(`from the landing page, typed key by key, at ${width} px`, async () => {
      const visitor = await context(viewport);
      const page = await visitor.newPage();
      const problems = watchConsole(page);
      await page.goto(server.url);
      const form = page.getByRole("search").filter({ has: page.getByLabel("Il tuo CAP") });
      await typeInto(form.getByLabel("Prodotto"), "cemento", { tap: viewport === MOBILE });
      await typeInto(form.getByLabel("Il tuo CAP"), "00118", { tap: viewport === MOBILE });
      await form.getByLabel("Il tuo CAP").press("Enter");
      await page.waitForURL(/\/cerca\?q=cemento&cap=00118$/);
      await page.getByText(/\d+ prodotti trovati/).waitFor();
      assert.match(await page.locator("[data-results-count]").innerText(), /Dal più vicino a Roma/);
      // The demo shop is in Milan: about 480 km from Rome.
      assert.match(await page.locator("main").innerText(), /a 4\d\d km/);
      await page.screenshot({ path: `/tmp/vetrina-cerca-${width}.png`, fullPage: true });
      await page.locator("a[href^='/product/']").first().click();
      await page.waitForURL(/\/product\//);
      assert.deepEqual(problems, []);
      await visitor.close();
    });
  }

  test("a CAP of four digits is said beside the field, and the search still answers", async () => {
    const visitor = await context(DESKTOP);
    const page = await visitor.newPage();
    await page.goto(`${server.url}/cerca`);
    const form = page.getByRole("search");
    await typeInto(form.getByLabel("Prodotto"), "cemento");
    // The browser's own check stops a CAP the pattern refuses; the server says it too.
    await page.goto(`${server.url}/cerca?q=cemento&cap=0011`);
    await page.getByRole("alert").filter({ hasText: "Inserisci un CAP valido di 5 cifre." }).waitFor();
    assert.equal(await page.getByLabel("Il tuo CAP").getAttribute("aria-invalid"), "true");
    await page.getByText(/\d+ prodotti trovati/).waitFor();
    await visitor.close();
  });
});
