// Public pages while the database fails: the running server's SQLite file is broken from
// outside (its shops or products table renamed), and a visitor sees the page's Italian error
// state with a reload button (status 503, never a 404 or raw JSON); once the database is back,
// the reload shows the page. Decision 012.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { blockThirdParty, demoPaths, launchBrowser, startServer, watchConsole } from "./harness.mjs";

let server;
let browser;
let storeUrl;
let productUrl;
const SHOTS = process.env.SCREENSHOTS; // a folder: screenshots of each error page and viewport

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ store: storeUrl, product: productUrl } = await demoPaths(server.url));
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Runs SQL on the server's database from another process, as a broken disk or an
 * operator's mistake would. */
function sql(statement) {
  const file = path.join(server.dataDir, "vetrina.db");
  assert.ok(fs.existsSync(file), `database file ${file}`);
  execFileSync("python3", [
    "-c",
    "import sqlite3,sys; c=sqlite3.connect(sys.argv[1], timeout=10); c.execute(sys.argv[2]); c.commit(); c.close()",
    file,
    statement,
  ]);
}
const renameTable = (from, to) => sql(`ALTER TABLE ${from} RENAME TO ${to}`);

/** The server keeps a shop's row for up to a second (decision 005). */
const rowsExpire = () => new Promise((r) => setTimeout(r, 1100));

async function newPage(viewport) {
  const context = await browser.newContext({ viewport });
  await blockThirdParty(context, server.url);
  return { context, page: await context.newPage() };
}

/** Opens `url` as a visitor would and checks the error page: 503 with Retry-After, an HTML
 * document (no JSON), the Italian heading, a reload button, a way home, no console errors
 * other than Chromium's note of the 503 itself. */
async function expectErrorPage(page, url, heading, shot) {
  const problems = watchConsole(page);
  const response = await page.goto(server.url + url, { waitUntil: "load" });
  assert.equal(response.status(), 503, url);
  const headers = response.headers();
  assert.match(headers["content-type"], /^text\/html/, url);
  assert.equal(headers["retry-after"], "30", url);
  assert.equal(headers["cache-control"], "no-store", url);
  // Hydrated: the cookie banner renders only once React runs.
  await page.getByRole("button", { name: "Accetta tutti" }).waitFor({ timeout: 5000 });
  const alert = page.getByRole("alert").filter({ hasText: heading });
  await alert.waitFor();
  assert.ok(await alert.isVisible(), `${url}: ${heading}`);
  assert.ok(await page.getByRole("button", { name: "Ricarica" }).isVisible(), `${url}: reload button`);
  const body = await page.locator("body").innerText();
  assert.ok(!body.trim().startsWith("{") && !body.includes('"error"'), `${url}: no raw JSON`);
  assert.ok(!body.includes("non trovat"), `${url}: not a not-found page`);
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, shot), fullPage: true });
  }
  const real = problems.filter((p) => !/status of 503 /.test(p));
  assert.deepEqual(real, [], `${url}:\n${real.join("\n")}`);
  page.removeAllListeners("console");
  page.removeAllListeners("pageerror");
}

describe("while the database fails", () => {
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    test(`explore, a shop and a product show their error state at ${viewport.width}px; the reload works once it is back`, async () => {
      const { context, page } = await newPage(viewport);
      // The shop changes (as an edit would), so its pages are no longer in the server's
      // cache, and then its products cannot be read.
      sql("UPDATE stores SET content_version = content_version + 1");
      renameTable("products", "products_away");
      try {
        await rowsExpire();
        await expectErrorPage(page, storeUrl, "Errore nel caricamento del negozio", `store-products-${viewport.width}.png`);
        await expectErrorPage(page, productUrl, "Errore nel caricamento del prodotto", `product-${viewport.width}.png`);
      } finally {
        renameTable("products_away", "products");
      }

      renameTable("stores", "stores_away");
      try {
        await rowsExpire();
        await expectErrorPage(page, "/explore", "Errore nel caricamento dei negozi", `explore-${viewport.width}.png`);
        await expectErrorPage(page, storeUrl, "Errore nel caricamento del negozio", `store-${viewport.width}.png`);
        await expectErrorPage(page, `${productUrl}?utm_source=x`, "Errore nel caricamento del prodotto", `product-stores-${viewport.width}.png`);
        // The way home works meanwhile: the landing page needs no database.
        await page.getByRole("link", { name: "Torna alla home" }).click();
        await page.waitForURL(`${server.url}/`);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        await expectErrorPage(page, "/explore", "Errore nel caricamento dei negozi", `explore-${viewport.width}.png`);
      } finally {
        renameTable("stores_away", "stores");
      }

      // Back: the reload button shows the shops (the 503 was not kept by any cache).
      await rowsExpire();
      const reloaded = page.waitForResponse((r) => r.url() === `${server.url}/explore`);
      await page.getByRole("button", { name: "Ricarica" }).click();
      assert.equal((await reloaded).status(), 200);
      await page.getByRole("link", { name: /Edilizia Demo/ }).first().waitFor();
      assert.equal(await page.getByText("Errore nel caricamento dei negozi").count(), 0);
      const store = await page.goto(server.url + storeUrl);
      assert.equal(store.status(), 200);
      assert.equal((await page.locator("h1").first().textContent()).trim(), "Edilizia Demo");
      await context.close();
    });
  }

  test("the server logs each failure with the request's path", async () => {
    renameTable("stores", "stores_away");
    try {
      const reply = await fetch(`${server.url}/explore`);
      assert.equal(reply.status, 503);
      assert.match(await reply.text(), /Errore nel caricamento dei negozi/);
    } finally {
      renameTable("stores_away", "stores");
    }
    // eslint-disable-next-line no-control-regex
    const plain = server.logs().replace(/\x1b\[[0-9;]*m/g, "");
    const lines = plain.split("\n").filter((l) => l.includes("public page unavailable: database error"));
    assert.ok(lines.some((l) => l.includes('path="/explore"') && l.includes("no such table: stores")), lines.join("\n") || plain.slice(-2000));
  });
});
