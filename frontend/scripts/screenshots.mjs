// Screenshots of every public page and of the owner's main pages, at 1280 and 390 px, against
// the real server binary with the demo shop (the browser-test harness starts it). For looking
// at the product as a visitor and an owner see it.
//   node frontend/scripts/screenshots.mjs [output directory]   (default /tmp/vetrina-shots)
import fs from "node:fs";
import path from "node:path";
import { blockThirdParty, demoPaths, launchBrowser, login, startServer } from "../e2e/harness.mjs";

const out = path.resolve(process.argv[2] ?? "/tmp/vetrina-shots");
fs.mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
const { store, product } = await demoPaths(server.url);
const publicPages = [
  ["landing", "/"],
  ["explore", "/explore"],
  ["nearby", "/cerca?q=cemento&cap=00118"],
  ["shop", store],
  ["shop-page-2", `${store}?page=2`],
  ["shop-search", `${store}?q=cemento`],
  ["product", product],
  ["pricing", "/pricing"],
  ["contacts", "/contacts"],
  ["faq", "/faq"],
  ["privacy", "/privacy"],
  ["cookie", "/cookie"],
  ["not-found", "/non-esiste"],
  ["login", "/login"],
  ["create", "/create"],
];
const ownerPages = [
  ["dashboard", "/dashboard"],
  ["upload", "/upload"],
];
const widths = [
  ["1280", { width: 1280, height: 900 }],
  ["390", { width: 390, height: 844 }],
];
try {
  for (const [width, viewport] of widths) {
    for (const owner of [false, true]) {
      const context = await browser.newContext({ viewport, isMobile: width === "390", hasTouch: width === "390" });
      await blockThirdParty(context, server.url);
      // The cookie preference is saved, so the banner does not cover the pages.
      await context.addInitScript(() => localStorage.setItem("cookiePreferences", JSON.stringify({ essential: true, analytics: false, marketing: false })));
      if (owner) await login(context, server.url);
      const page = await context.newPage();
      for (const [name, url] of owner ? ownerPages : publicPages) {
        await page.goto(server.url + url, { waitUntil: "networkidle" });
        const file = path.join(out, `${name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: !owner });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
