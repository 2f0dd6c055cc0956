// The server renders what the browser renders for the same URL: with a query string, a
// malformed shop or product address, a trailing slash or capitals, the page hydrates without a
// React error. And every page, the client-rendered owner pages too, has a title of its own.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { blockThirdParty, demoPaths, launchBrowser, login, startServer, watchConsole } from "./harness.mjs";

let server;
let browser;
let storeUrl;
let productUrl;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ store: storeUrl, product: productUrl } = await demoPaths(server.url));
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  await blockThirdParty(context, server.url);
  return { context, page: await context.newPage() };
}

/** Chromium reports a document's own 4xx/5xx status on the console; that is the server's
 * answer, not a fault of the page. */
const ownStatus = (status) => (p) => !(status >= 400 && new RegExp(`status of ${status} `).test(p));

/** Opens `path` as a visitor would, waits until React has taken the page over (the cookie
 * banner only renders after hydration) and returns the answer and what the console said. */
async function visit(page, path) {
  const problems = watchConsole(page);
  const response = await page.goto(server.url + path, { waitUntil: "load" });
  await page.getByRole("button", { name: "Accetta tutti" }).waitFor({ timeout: 5000 });
  await page.waitForTimeout(300);
  page.removeAllListeners("console");
  page.removeAllListeners("pageerror");
  return { response, problems: problems.filter(ownStatus(response.status())) };
}

const heading = (page) => page.locator("main h1").first().textContent();

describe("URL variants", () => {
  const variants = () => [
    { path: "/pricing?billing=monthly", status: 200, h1: "Prezzi", billing: "Mensile" },
    { path: "/pricing?billing=annual", status: 200, h1: "Prezzi", billing: "Annuale" },
    { path: "/pricing?x=1", status: 200, h1: "Prezzi", billing: "Annuale" },
    { path: "/?utm_source=newsletter&billing=monthly", status: 200, billing: "Mensile" },
    { path: "/?utm_source=newsletter", status: 200, billing: "Annuale" },
    { path: "/store/abc", status: 404, h1: "Pagina non trovata" },
    { path: "/store/abc/", status: 404, h1: "Pagina non trovata", landsOn: "/store/abc" },
    { path: "/store/999999/x", status: 404, h1: "Negozio non trovato." },
    { path: "/product/1/x/abc/y", status: 404, h1: "Prodotto non trovato" },
    { path: "/product/999/x/1/y", status: 404, h1: "Prodotto non trovato" },
    { path: "/product/1/x/abc", status: 404, h1: "Pagina non trovata" },
    { path: "/explore?page=2", status: 200, h1: "Esplora Negozi" },
    { path: "/explore/", status: 200, h1: "Esplora Negozi", landsOn: "/explore" },
    { path: "/Pricing?billing=monthly", status: 200, h1: "Prezzi", billing: "Mensile", landsOn: "/pricing?billing=monthly" },
    { path: "/explore/qualcosa", status: 404, h1: "Pagina non trovata" },
    { path: "/nonexistent", status: 404, h1: "Pagina non trovata" },
    { path: "/faq?utm_source=x", status: 200, h1: "Domande Frequenti" },
    { path: `${storeUrl}?utm_source=x&ref=abc`, status: 200, h1: "Edilizia Demo" },
    { path: `${productUrl}?utm_source=x`, status: 200 },
  ];
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    test(`each variant hydrates without console errors at ${viewport.width}px`, async () => {
      const { context, page } = await newPage(viewport);
      for (const v of variants()) {
        const { response, problems } = await visit(page, v.path);
        assert.equal(response.status(), v.status, v.path);
        if (v.landsOn) assert.equal(page.url(), server.url + v.landsOn, `${v.path} is sent to its tidy URL`);
        if (v.h1) assert.equal((await heading(page)).trim(), v.h1, v.path);
        if (v.billing) {
          const pressed = page.getByRole("group", { name: "Fatturazione" }).getByRole("button", { pressed: true });
          assert.equal((await pressed.textContent()).trim(), v.billing, v.path);
        }
        assert.deepEqual(problems, [], `${v.path}:\n${problems.join("\n")}`);
      }
      await context.close();
    });
  }

  test("the billing in the URL is what the plan cards show, and the toggle still works", async () => {
    const { context, page } = await newPage();
    await visit(page, "/pricing?billing=monthly");
    const group = page.getByRole("group", { name: "Fatturazione" });
    await group.getByRole("button", { name: "Annuale" }).click();
    assert.equal(await group.getByRole("button", { name: "Annuale" }).getAttribute("aria-pressed"), "true");
    await context.close();
  });
});

describe("verification pending without an address", () => {
  for (const path of ["/email-verification", "/email-verification/"]) {
    test(`${path} shows the generic text`, async () => {
      const { context, page } = await newPage();
      const problems = watchConsole(page);
      const response = await page.goto(server.url + path);
      assert.equal(response.status(), 200);
      await page.getByText("Ti abbiamo inviato un'email di verifica.", { exact: false }).waitFor();
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Controlla la tua email");
      assert.equal(await page.getByText("Pagina non trovata").count(), 0);
      assert.equal(await page.title(), "Controlla la tua email | Vetrina");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("titles", () => {
  const owner = [
    ["/login", "Accedi | Vetrina"],
    ["/auth", "Accedi per iniziare la prova | Vetrina"],
    ["/create", "Crea il tuo Negozio | Vetrina"],
    ["/recupera-password", "Password dimenticata | Vetrina"],
    ["/reset-password?token=abc", "Reimposta la password | Vetrina"],
    ["/verify-email?token=abc", "Verifica email | Vetrina"],
    ["/email-verification/anna%40esempio.it", "Controlla la tua email | Vetrina"],
  ];
  test("every account page has its own title, before and after its script runs", async () => {
    const { context, page } = await newPage();
    await context.route("**/api/auth/verify-email", (route) => route.fulfill({ status: 400, contentType: "application/json", body: '{"error":"Token non valido"}' }));
    for (const [path, title] of owner) {
      const response = await page.goto(server.url + path, { waitUntil: "commit" });
      const html = await response.text();
      assert.equal(html.match(/<title>([^<]*)<\/title>/)[1], title, `${path}: the server's document`);
      await page.waitForLoadState("load");
      await page.locator("main h1, main h2").first().waitFor();
      assert.equal(await page.title(), title, `${path}: in the browser`);
    }
    await context.close();
  });

  test("the owner app keeps the title of the page it moves to", async () => {
    // Anonymous: the dashboard and the import page send the visitor to the login page.
    const { context, page } = await newPage();
    const response = await page.goto(`${server.url}/upload`, { waitUntil: "commit" });
    assert.match(await response.text(), /<title>Importa i tuoi prodotti \| Vetrina<\/title>/);
    await page.waitForURL(`${server.url}/login`);
    await page.waitForFunction(() => document.title === "Accedi | Vetrina");
    await context.close();

    const owner = await newPage();
    await login(owner.context, server.url);
    await owner.page.goto(`${server.url}/dashboard`);
    assert.equal(await owner.page.title(), "Dashboard | Vetrina");
    await owner.page.goto(`${server.url}/upload`);
    await owner.page.getByRole("heading", { name: "Importa i tuoi prodotti" }).first().waitFor();
    assert.equal(await owner.page.title(), "Importa i tuoi prodotti | Vetrina");
    await owner.context.close();
  });

  test("public pages keep their own titles", async () => {
    const { context, page } = await newPage();
    for (const [path, title] of [
      ["/explore", "Esplora Negozi | Vetrina"],
      ["/pricing", "Prezzi | Vetrina"],
      ["/nonexistent", "Pagina non trovata | Vetrina"],
      [storeUrl, "Edilizia Demo — Catalogo online | Vetrina"],
    ]) {
      await visit(page, path);
      assert.equal(await page.title(), title, path);
    }
    await context.close();
  });
});
