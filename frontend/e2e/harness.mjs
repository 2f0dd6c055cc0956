// Browser-test harness: runs the real `vetrina` binary on a free port with a fresh SQLite data
// directory and the demo shop, and launches Debian's Chromium through playwright-core.
// The binary is $VETRINA_BIN, else target/debug/vetrina (scripts/test builds it).
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const targetDir = process.env.CARGO_TARGET_DIR ?? path.join(repo, "target");
export const binary = process.env.VETRINA_BIN ?? path.join(targetDir, "debug", "vetrina");

export const demoLogin = { email: "demo@vetrina.it", password: "Demo2026!" };

/** A count as the pages write it: Italian thousands (2066 → "2.066"). */
export const italian = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
/** A count read back from a page ("2.066" → 2066). */
export const countOf = (text) => Number(text.trim().replace(/\./g, ""));

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the server. `args` are extra `serve` flags, `env` extra environment variables.
 * Returns { url, dataDir, logs(), stop() }; the data directory is removed by stop().
 */
export async function startServer({ args = [], env = {}, seed = true } = {}) {
  if (!fs.existsSync(binary)) throw new Error(`server binary not found: ${binary} (run cargo build -p vetrina)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vetrina-e2e-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const childEnv = {
    ...process.env,
    VETRINA_DATA_DIR: dataDir,
    VETRINA_BIND: `127.0.0.1:${port}`,
    VETRINA_PUBLIC_URL: url,
    RUST_LOG: process.env.RUST_LOG ?? "warn",
    // Every browser test is one client (127.0.0.1) registering many shops.
    VETRINA_REGISTRATIONS_PER_HOUR: "1000",
    VETRINA_LEADS_PER_HOUR: "1000",
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (seed) execFileSync(binary, ["seed-demo"], { cwd: repo, env: childEnv, stdio: "ignore" });
  const child = spawn(binary, ["serve", "--assets-dir", path.join(repo, "frontend/dist"), ...args], {
    cwd: repo,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error(`server did not answer /healthz within 30 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const newContext = browser.newContext.bind(browser);
  // Without JavaScript there is no app to wait for.
  const patched = (page, options) => (options?.javaScriptEnabled === false ? page : waitsForTheApp(page));
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => patched(await newPage(), options);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => patched(await newPage(options), options);
  return browser;
}

/** The app's module is loaded after the page's first frame (decision 023), which may be
 * after the load event Playwright waits for: a page load in a test also waits until the
 * app has taken over the page (`<html data-hydrated>`), as a person's first click comes
 * later than that. Pages without the app (feeds, files) need nothing. */
const APP_READY = () => {
  const root = document.documentElement;
  return !document.querySelector("script[data-app]") || Boolean(root.dataset && "hydrated" in root.dataset);
};
function waitsForTheApp(page) {
  for (const name of ["goto", "reload", "goBack", "goForward", "waitForURL"]) {
    const original = page[name].bind(page);
    page[name] = async (...args) => {
      const result = await original(...args);
      const options = args.find((a) => a && typeof a === "object" && !(a instanceof RegExp)) ?? {};
      if (options.waitUntil !== "commit" && options.waitUntil !== "domcontentloaded") {
        await page.waitForFunction(APP_READY, null, { timeout: 15_000 });
      }
      return result;
    };
  }
  return page;
}

/**
 * Collects what a page reports that a visitor should never cause: console errors,
 * React hydration warnings, uncaught exceptions. Third-party embeds are blocked by
 * `blockThirdParty`, so their failed loads are not counted.
 */
export function watchConsole(page) {
  const problems = [];
  page.on("console", (m) => {
    const text = m.text();
    if (m.type() === "error" || (m.type() === "warning" && /hydrat|did not match/i.test(text))) problems.push(`${m.type()}: ${text.slice(0, 400)}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** Answers requests to other hosts (map tiles, booking page) locally: tests never leave the machine. */
export async function blockThirdParty(context, baseUrl) {
  const origin = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>esterno</title>" }),
  );
}

/** Logs in through the API inside the browser context, so the session cookie is set. */
export async function login(context, baseUrl, { email, password } = demoLogin) {
  const response = await context.request.post(`${baseUrl}/api/auth/login`, {
    data: { email, password },
    headers: { Origin: baseUrl },
  });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
}

/**
 * Types into a field as a person does: a click (or a tap, with `tap: true` in a touch context)
 * puts the caret in it, select-all and Delete clear what is there, then the text goes in one
 * key at a time. Afterwards the field must hold exactly `text` — if the page moved the focus
 * elsewhere while typing (or dropped keys), the test says so here instead of failing later.
 * `expect` names a different final value when the field reformats what is typed.
 */
export async function typeInto(locator, text, { delay = 10, tap = false, expect = text } = {}) {
  if (tap) await locator.tap();
  else await locator.click();
  if ((await locator.inputValue()) !== "") {
    await locator.press("ControlOrMeta+a");
    await locator.press("Delete");
  }
  if (text) await locator.pressSequentially(text, { delay });
  const value = await locator.inputValue();
  if (value !== expect) {
    const focused = await locator.page().evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return "nothing";
      return `<${el.tagName.toLowerCase()}${el.id ? ` id="${el.id}"` : ""}${el.getAttribute("name") ? ` name="${el.getAttribute("name")}"` : ""}>`;
    });
    throw new Error(`typed ${JSON.stringify(text)} but the field holds ${JSON.stringify(value)} (focus is now on ${focused})`);
  }
}

/** The demo shop's owner on the dashboard in a new context (`device`: viewport, touch), with
 * the cookie choice made and third parties blocked; `problems` collects console errors. */
export async function demoOwnerPage(browser, baseUrl, device) {
  const context = await browser.newContext({ ...device, locale: "it-IT" });
  await blockThirdParty(context, baseUrl);
  await context.addInitScript(() => localStorage.setItem("cookiePreferences", JSON.stringify({ essential: true, analytics: false, marketing: false })));
  await login(context, baseUrl);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${baseUrl}/dashboard`);
  return { context, page, problems };
}

/** The demo shop's page and one of its product pages, as paths. */
export async function demoPaths(baseUrl) {
  const stores = await (await fetch(`${baseUrl}/api/stores`)).json();
  const demo = stores.find((s) => s.name === "Edilizia Demo");
  const store = `/store/${demo.id}/${demo.slug}`;
  const html = await (await fetch(baseUrl + store)).text();
  return { store, product: html.match(/href="(\/product\/[^"]+)"/)[1] };
}

/** The logged-in owner's shop (GET /api/stores/me) with `Products`: every product, newest
 * first, read page by page from GET /api/stores/{id}/products as the dashboard reads them.
 * `request` is a Playwright APIRequestContext (context.request) carrying the session. */
export async function ownShop(request, baseUrl) {
  const reply = await request.get(`${baseUrl}/api/stores/me`);
  if (reply.status() !== 200) throw new Error(`GET /api/stores/me: ${reply.status()}`);
  const shop = await reply.json();
  shop.Products = [];
  for (let page = 1; ; page++) {
    const listing = await (await request.get(`${baseUrl}/api/stores/${shop.id}/products?per_page=100&page=${page}`)).json();
    shop.Products.push(...listing.items);
    if (page >= listing.pages) return shop;
  }
}

/** Waits until `read()` gives `expected` (a value, or a RegExp it matches), as a person waits for
 * the grid to show the server's answer; fails with the last value after `timeout` ms. */
export async function eventually(read, expected, timeout = 5000) {
  const end = Date.now() + timeout;
  const ok = (v) => (expected instanceof RegExp ? expected.test(String(v)) : v === expected);
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  if (expected instanceof RegExp) assert.match(String(value), expected);
  else assert.equal(value, expected);
}

/** A picture as a person's camera gives one: drawn and encoded by the browser of `page`
 * (`type` image/jpeg or image/png), as base64. */
export async function drawPicture(page, type, width, height, hue) {
  return page.evaluate(
    ([type, width, height, hue]) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext("2d");
      const gradient = g.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, `hsl(${hue} 60% 55%)`);
      gradient.addColorStop(1, `hsl(${hue + 40} 50% 30%)`);
      g.fillStyle = gradient;
      g.fillRect(0, 0, width, height);
      g.fillStyle = "#fff";
      g.fillRect(width * 0.3, height * 0.3, width * 0.4, height * 0.4);
      return canvas.toDataURL(type, 0.9).split(",")[1];
    },
    [type, width, height, hue],
  );
}

/** Clicks the control that opens the file picker and picks `files`, as a person does. */
export async function choose(page, control, files) {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), control.click()]);
  await chooser.setFiles(files);
}
