import { execFileSync } from "node:child_process";
import { binary, blockThirdParty, demoLogin, launchBrowser, repo, startServer } from "./e2e/harness.mjs";
const server = await startServer();
const browser = await launchBrowser();
const env = { ...process.env, VETRINA_DATA_DIR: server.dataDir };
delete env.DATABASE_URL;
execFileSync(binary, ["shop", "set-plan", demoLogin.email, "business"], { cwd: repo, env, stdio: "ignore" });
const session = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", origin: server.url }, body: JSON.stringify(demoLogin) });
const cookie = session.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
const KINDS = [["Trapano avvitatore", "Utensili elettrici", "Bosch"], ["Lastra in cartongesso", "Cartongesso", "Knauf"], ["Pittura lavabile", "Pitture e vernici", "Sikkens"], ["Tassello in nylon", "Ferramenta", "Fischer"], ["Chiave a brugola", "Utensili manuali", "Beta"]];
for (let start = 0; start < 5000; start += 500) {
  const items = Array.from({ length: 500 }, (_, j) => { const i = start + j; const [k, c, b] = KINDS[i % 5]; return { name: `${k} ${8 + (i % 30)} mm art. ${i}`, category: c, brand: i % 7 === 0 ? null : b, price: 1 + (i % 200), in_stock: true }; });
  const r = await fetch(`${server.url}/api/products/bulk_upload`, { method: "POST", headers: { "content-type": "application/json", origin: server.url, cookie }, body: JSON.stringify(items) });
  if (r.status !== 201) console.log(await r.text());
}
const shop = await (await fetch(`${server.url}/api/stores/me`, { headers: { cookie } })).json();
const base = `/store/${shop.id}/${shop.slug}`;
console.log(server.url, base);
for (const p of [`${base}?category=Ferramenta`, `${base}?category=NonEsiste`, `${base}/c/non-esiste`, `/store/${shop.id}/`, `${base}/c/ferramenta?page=3`, `${base}/b/bosch`, `${base}/x/y`]) {
  const r = await fetch(server.url + p, { redirect: "manual" });
  console.log(p, r.status, r.headers.get("location") ?? "");
}
for (const width of [1280, 390]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await blockThirdParty(context, server.url);
  await context.addInitScript(() => localStorage.setItem("cookiePreferences", JSON.stringify({ essential: true, analytics: false, marketing: false })));
  const page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && console.log("console:", m.text()));
  await page.goto(`${server.url}${base}?page=45`);
  await page.waitForTimeout(800);
  console.log(width, await page.title());
  await page.screenshot({ path: `/tmp/shots/biz-${width}.png` });
  await page.locator("[data-page-links]").screenshot({ path: `/tmp/shots/links-${width}.png` });
  await page.locator('nav[aria-label="Categorie"]').screenshot({ path: `/tmp/shots/cats-${width}.png` });
  await page.locator("footer").screenshot({ path: `/tmp/shots/foot-${width}.png` });
  const prod = await page.locator('main a[href^="/product/"]').first().getAttribute("href");
  await page.goto(server.url + prod);
  await page.waitForTimeout(500);
  console.log(width, await page.title());
  await page.screenshot({ path: `/tmp/shots/bizprod-${width}.png` });
  await context.close();
}
await browser.close();
await server.stop();
