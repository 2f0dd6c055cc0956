import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { binary, demoLogin, repo, startServer } from "./e2e/harness.mjs";
const server = await startServer();
const env = { ...process.env, VETRINA_DATA_DIR: server.dataDir };
delete env.DATABASE_URL;
execFileSync(binary, ["shop", "set-plan", demoLogin.email, "business"], { cwd: repo, env, stdio: "ignore" });
const session = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", origin: server.url }, body: JSON.stringify(demoLogin) });
const cookie = session.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
const KINDS = [["Trapano avvitatore", "Utensili elettrici", "Bosch"], ["Lastra in cartongesso", "Cartongesso", "Knauf"], ["Pittura lavabile", "Pitture e vernici", "Sikkens"], ["Tassello in nylon", "Ferramenta", "Fischer"]];
for (let start = 0; start < 2000; start += 500) {
  const items = Array.from({ length: 500 }, (_, j) => { const i = start + j; const [k, c, b] = KINDS[i % 4]; return { name: `${k} ${8 + (i % 30)} mm art. ${i}`, category: c, brand: b, price: 1 + (i % 200) }; });
  await fetch(`${server.url}/api/products/bulk_upload`, { method: "POST", headers: { "content-type": "application/json", origin: server.url, cookie }, body: JSON.stringify(items) });
}
await fetch(`${server.url}/api/stores/1`, { method: "PUT", headers: { "content-type": "application/json", origin: server.url, cookie }, body: JSON.stringify({ opening_hours: [{ days: ["Mo", "Tu", "We", "Th", "Fr"], opens: "08:00", closes: "19:00" }], telephone: "+39 347 1234567" }) });
fs.writeFileSync("/tmp/serve.url", server.url);
await new Promise((r) => setTimeout(r, 600_000));
await server.stop();
