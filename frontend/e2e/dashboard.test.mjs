// The owner dashboard (/dashboard) in Chromium against the real server and the demo shop
// "Edilizia Demo" (66 products): session states and redirects, grid, pagination, filters and
// search, share, CSV export, add with AI generation, edit with regeneration (and the 403 at the
// plan's allowance), deletes, bulk deletes, the account panel, shop settings, account deletion,
// at 1280 and 390 px. The tests share one server and run in order: later ones change the shop.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import { binary, blockThirdParty, eventually, italian, launchBrowser, login, ownShop, startServer, typeInto, watchConsole } from "./harness.mjs";

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

async function ownerPage({ viewport = DESKTOP, loggedIn = true, wait = true, setup } = {}) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await blockThirdParty(context, server.url);
  // Cookie preference saved: the banner stays out of the way.
  await context.addInitScript(() => window.localStorage.setItem("cookiePreferences", JSON.stringify({ essential: true, analytics: false, marketing: false })));
  if (loggedIn) await login(context, server.url);
  if (setup) await setup(context);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${server.url}/dashboard`);
  if (wait) await page.locator("[data-showing], h2:has-text('Nessun prodotto trovato')").first().waitFor();
  return { context, page, problems };
}

/** Console problems, without the `allowed` ones a test causes on purpose. */
function unexpected(problems, allowed = []) {
  return problems.filter((p) => !allowed.some((re) => re.test(p)));
}

const me = (context) => ownShop(context.request, server.url);

const toast = (page, title) => page.locator("[data-toast]").filter({ hasText: title }).first();
const showing = (page) => page.locator("[data-showing]").innerText();
const pageLabel = (page) => page.locator("[data-page]").innerText();
const cards = (page) => page.locator("article[data-product-id]");
const dialog = (page, name) => page.getByRole("dialog", { name });

async function columns(page) {
  return page.locator("section[aria-label='I tuoi prodotti'] > ul").evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(" ").length);
}

async function openMenuItem(page, menu, item) {
  await page.getByRole("button", { name: menu }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

describe("/dashboard", () => {
  test("anonymous visitor: 'Sessione scaduta' toast, then /login after 1.5 s", async () => {
    const { context, page, problems } = await ownerPage({ loggedIn: false, wait: false });
    const started = Date.now();
    await toast(page, "Sessione scaduta").waitFor();
    assert.match(await toast(page, "Sessione scaduta").innerText(), /La tua sessione è scaduta\. Effettua nuovamente il login\./);
    assert.equal(new URL(page.url()).pathname, "/dashboard");
    await page.waitForURL(/\/login$/);
    assert.ok(Date.now() - started >= 1200, "waits about 1.5 s before the redirect");
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("a session that ended on the server: same toast and redirect", async () => {
    const { context, page } = await ownerPage({
      wait: false,
      setup: async (ctx) => {
        const reply = await ctx.request.post(`${server.url}/api/auth/logout`, { headers: { Origin: server.url } });
        assert.ok(reply.ok());
        // The browser still sends a (now unknown) session cookie.
        const url = new URL(server.url);
        await ctx.addCookies([{ name: "vetrina_session", value: "0".repeat(64), domain: url.hostname, path: "/" }]);
      },
    });
    await toast(page, "Sessione scaduta").waitFor();
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  test("loading texts: 'Inizializzazione in corso...' then 'Caricamento dati negozio...'", async () => {
    let calls = 0;
    const release = [];
    const { context, page, problems } = await ownerPage({
      wait: false,
      setup: (ctx) =>
        ctx.route("**/api/stores/me", async (route) => {
          calls += 1;
          await new Promise((resolve) => release.push(resolve));
          await route.continue();
        }),
    });
    await page.getByText("Inizializzazione in corso...").waitFor();
    await page.getByText("Caricamento dati negozio", { exact: true }).waitFor();
    release.shift()();
    await page.getByText("Caricamento dati negozio...").waitFor();
    // The shop's own request follows the text (effects run after the paint).
    await eventually(() => calls, 2);
    release.shift()();
    await page.locator("[data-showing]").waitFor();
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("header, banner, grid of 5 columns, 20 per page, status dots and stock icons, AI disclaimer", async () => {
    const { context, page, problems } = await ownerPage();
    const shop = await me(context);
    const total = shop.Products.length;
    assert.ok(total > 60);
    await page.getByPlaceholder("Cerca tra i tuoi prodotti...").waitFor();
    assert.equal(await page.getByRole("heading", { level: 1 }).innerText(), "Edilizia Demo");
    await page.getByText("Gruppo Edil Nord").waitFor();
    for (const name of ["Condividi", "Aggiungi Prodotti", "Elimina Prodotti"]) await page.getByRole("button", { name }).waitFor();
    assert.equal(await cards(page).count(), 20);
    assert.equal(await columns(page), 5);
    await eventually(() => showing(page), `Mostrando 1-20 di ${total} prodotti`);
    await eventually(() => pageLabel(page), `Pagina 1 di ${Math.ceil(total / 20)}`);
    assert.equal(await page.getByRole("button", { name: "Precedente" }).isDisabled(), true);
    // Newest first: the highest id leads.
    const newest = Math.max(...shop.Products.map((p) => p.id));
    assert.equal(await cards(page).first().getAttribute("data-product-id"), String(newest));
    const first = shop.Products.find((p) => p.id === newest);
    const card = cards(page).first();
    await card.getByText(first.name).waitFor();
    await card.getByRole("button", { name: "Modifica" }).waitFor();
    await card.getByRole("button", { name: "Elimina" }).waitFor();
    assert.match(await card.locator("[data-price]").innerText(), /€$/);
    // Status dots and the out-of-stock warning, with their tooltips.
    await page.getByLabel("Disponibilità", { exact: true }).first().selectOption("uncertain");
    const uncertain = shop.Products.filter((p) => p.status === "uncertain").length;
    await eventually(() => cards(page).count(), uncertain);
    assert.equal(await cards(page).getByRole("button", { name: "Stato incerto", exact: true }).count(), uncertain);
    assert.equal(await page.locator('[data-status="uncertain"]').first().getAttribute("title"), "Stato incerto");
    assert.match(await page.locator('[data-status="uncertain"] span').first().getAttribute("class"), /orange/);
    await page.getByLabel("Disponibilità", { exact: true }).first().selectOption("incorrect");
    const incorrect = shop.Products.filter((p) => p.status === "incorrect").length;
    await eventually(() => cards(page).getByRole("button", { name: "Stato errato", exact: true }).count(), incorrect);
    assert.match(await page.locator('[data-status="incorrect"] span').first().getAttribute("class"), /red/);
    await page.getByLabel("Disponibilità", { exact: true }).first().selectOption("outOfStock");
    const out = shop.Products.filter((p) => !p.in_stock).length;
    await eventually(() => cards(page).count(), out);
    assert.equal(await cards(page).getByRole("button", { name: "al momento non disponibile in negozio", exact: true }).count(), out);
    assert.match(await page.locator("[data-ai-disclaimer]").innerText(), /intelligenza artificiale può commettere errori/);
    // Past 40 px the header becomes a compact sticky bar carrying the filters.
    const header = page.locator("[data-compact]");
    assert.equal(await header.getAttribute("data-compact"), "false");
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.locator('[data-compact="true"]').waitFor();
    assert.equal(await header.locator("#compact-stock").inputValue(), "outOfStock");
    const box = await header.boundingBox();
    assert.equal(Math.round(box.y), 0);
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("pagination, search, sort, category; every change goes back to page 1; empty filter state", async () => {
    const { context, page, problems } = await ownerPage();
    const shop = await me(context);
    const total = shop.Products.length;
    await page.getByRole("button", { name: "Successiva" }).click();
    await eventually(() => pageLabel(page), `Pagina 2 di ${Math.ceil(total / 20)}`);
    await eventually(() => showing(page), `Mostrando 21-40 di ${total} prodotti`);
    await page.getByRole("button", { name: "Precedente" }).click();
    await eventually(() => pageLabel(page), `Pagina 1 di ${Math.ceil(total / 20)}`);

    // Search over name, description, brand and category.
    await page.getByRole("button", { name: "Successiva" }).click();
    await typeInto(page.getByPlaceholder("Cerca tra i tuoi prodotti..."), "wienerberger");
    const brandHits = shop.Products.filter((p) => /wienerberger/i.test(`${p.name} ${p.description} ${p.brand} ${p.category}`)).length;
    await eventually(() => showing(page), `Mostrando 1-${brandHits} di ${brandHits} prodotti`);
    await eventually(() => pageLabel(page), "Pagina 1 di 1");
    await typeInto(page.getByPlaceholder("Cerca tra i tuoi prodotti..."), "");

    // Sort by price, ascending and descending; page 1 again.
    await page.getByRole("button", { name: "Successiva" }).click();
    await page.getByLabel("Ordina per").first().selectOption("priceAsc");
    await eventually(() => pageLabel(page), `Pagina 1 di ${Math.ceil(total / 20)}`);
    const prices = shop.Products.map((p) => p.price).filter((p) => p != null);
    const cheapest = shop.Products.find((p) => p.price === Math.min(...prices));
    await cards(page).first().getByText(cheapest.name).waitFor();
    await page.getByLabel("Ordina per").first().selectOption("priceDesc");
    const dearest = shop.Products.find((p) => p.price === Math.max(...prices));
    await cards(page).first().getByText(dearest.name).waitFor();
    await page.getByLabel("Ordina per").first().selectOption("nameAsc");
    const byName = await (await context.request.get(`${server.url}/api/stores/${shop.id}/products?sort=nameAsc&per_page=20`)).json();
    await eventually(async () => (await cards(page).locator("h3").allInnerTexts()).join("|"), byName.items.map((p) => p.name).join("|"));
    const names = byName.items.map((p) => p.name.toLowerCase());
    assert.deepEqual(names, [...names].sort((a, b) => a.localeCompare(b, "it", { sensitivity: "base" })));
    await page.getByLabel("Ordina per").first().selectOption("oldest");
    const oldest = Math.min(...shop.Products.map((p) => p.id));
    await eventually(() => cards(page).first().getAttribute("data-product-id"), String(oldest));

    // Category filter.
    await page.getByRole("button", { name: "Successiva" }).click();
    await page.getByLabel("Categoria", { exact: true }).first().selectOption("Laterizi");
    const laterizi = shop.Products.filter((p) => p.category === "Laterizi").length;
    await eventually(() => showing(page), `Mostrando 1-${laterizi} di ${laterizi} prodotti`);

    // Nothing matches: the filter empty state and "Rimuovi Filtri".
    await typeInto(page.getByPlaceholder("Cerca tra i tuoi prodotti..."), "nessunprodottoconquestonome");
    await page.getByRole("heading", { name: "Nessun prodotto corrisponde ai filtri attuali" }).waitFor();
    await page.getByRole("button", { name: "Rimuovi Filtri" }).click();
    await eventually(() => showing(page), `Mostrando 1-20 di ${total} prodotti`);
    assert.equal(await page.getByPlaceholder("Cerca tra i tuoi prodotti...").inputValue(), "");
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("the address keeps page, search, filters and order: a reload, going back and a shared link show the same list", async () => {
    const { context, page, problems } = await ownerPage();
    const total = (await me(context)).Products.length;
    const pages = Math.ceil(total / 20);
    await page.getByLabel("Ordina per").first().selectOption("priceAsc");
    await page.getByRole("button", { name: "Successiva" }).click();
    await eventually(() => pageLabel(page), `Pagina 2 di ${pages}`);
    await eventually(() => new URL(page.url()).search, "?sort=priceAsc&page=2");
    const second = await cards(page).locator("h3").allInnerTexts();
    await page.reload();
    await eventually(() => pageLabel(page), `Pagina 2 di ${pages}`);
    assert.equal(await page.getByLabel("Ordina per").first().inputValue(), "priceAsc");
    assert.deepEqual(await cards(page).locator("h3").allInnerTexts(), second);

    // A search typed key by key, then away to the shop page and back.
    await typeInto(page.getByPlaceholder("Cerca tra i tuoi prodotti..."), "laterizio");
    await eventually(() => new URL(page.url()).searchParams.get("q"), "laterizio");
    await eventually(() => pageLabel(page), "Pagina 1 di 1");
    const found = await showing(page);
    await page.goto(`${server.url}/explore`);
    await page.goBack();
    await eventually(() => showing(page), found);
    assert.equal(await page.getByPlaceholder("Cerca tra i tuoi prodotti...").inputValue(), "laterizio");

    // A shared link with a category; values the dashboard does not know are the defaults.
    await page.goto(`${server.url}/dashboard?category=Laterizi&sort=nessuno&page=x`);
    await eventually(() => pageLabel(page), "Pagina 1 di 1");
    assert.equal(await page.getByLabel("Categoria", { exact: true }).first().inputValue(), "Laterizi");
    assert.equal(await page.getByLabel("Ordina per").first().inputValue(), "newest");
    await eventually(() => new URL(page.url()).search, "?category=Laterizi");
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("390 px: 2 columns, no sideways scrolling, menus as dialogs, filters in a dialog", async () => {
    const { context, page, problems } = await ownerPage({ viewport: MOBILE });
    assert.equal(await columns(page), 2);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no horizontal overflow");
    await page.getByRole("button", { name: "Aggiungi Prodotti" }).click();
    const menu = dialog(page, "Aggiungi Prodotti");
    await menu.getByRole("button", { name: "Aggiungi singolo prodotto" }).waitFor();
    await menu.getByRole("button", { name: "Importa da CSV" }).waitFor();
    await menu.getByRole("button", { name: "Esporta in CSV" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Elimina Prodotti" }).click();
    await dialog(page, "Elimina Prodotti").getByRole("button", { name: "Elimina prodotti errati" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Filtri", exact: true }).click();
    const sheet = dialog(page, "Filtri e Ordinamento");
    await sheet.getByLabel("Disponibilità").selectOption("incorrect");
    await sheet.getByRole("button", { name: "Mostra risultati" }).click();
    const shop = await me(context);
    await eventually(() => cards(page).count(), shop.Products.filter((p) => p.status === "incorrect").length);
    // The account panel offers the filters too, on small screens.
    await page.getByRole("button", { name: "Apri il pannello account" }).click();
    await page.getByRole("button", { name: "Filtri e Ordinamento" }).click();
    await dialog(page, "Filtri e Ordinamento").waitFor();
    await page.screenshot({ path: "/tmp/dashboard-390.png" });
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("share: the public link copied ('Link copiato!'), WhatsApp and e-mail messages", async () => {
    const { context, page, problems } = await ownerPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.getByRole("button", { name: "Condividi" }).click();
    const share = dialog(page, "Condividi il tuo negozio");
    const link = `${server.url}/store/1/edilizia-demo`;
    assert.equal(await share.getByLabel("Link del negozio").inputValue(), link);
    await share.getByRole("button", { name: "Copia link" }).click();
    await toast(page, "Link copiato!").waitFor();
    assert.match(await toast(page, "Link copiato!").innerText(), /Il link del negozio è stato copiato negli appunti\./);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    const whatsapp = await share.getByRole("link", { name: "WhatsApp" }).getAttribute("href");
    assert.ok(whatsapp.startsWith("https://wa.me/?text="));
    assert.match(decodeURIComponent(whatsapp), /Edilizia Demo/);
    assert.ok(decodeURIComponent(whatsapp).includes(link));
    const mail = await share.getByRole("link", { name: "Email" }).getAttribute("href");
    assert.ok(mail.startsWith("mailto:?subject="));
    assert.ok(decodeURIComponent(mail).includes(link));
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("export to CSV: the shop's products downloaded, 'Esportazione completata' with the count", async () => {
    const { context, page, problems } = await ownerPage();
    const shop = await me(context);
    const [download] = await Promise.all([page.waitForEvent("download"), openMenuItem(page, "Aggiungi Prodotti", "Esporta in CSV")]);
    assert.match(download.suggestedFilename(), /^prodotti_edilizia-demo_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
    const lines = text.trimEnd().split("\r\n");
    // The demo's products have codes: they follow the export's columns, so the file imports again.
    assert.equal(lines[0], "name;price;description;brand;category;in_stock;sku;ean");
    assert.equal(lines.length, shop.Products.length + 1);
    const anyOut = shop.Products.find((p) => !p.in_stock && p.price != null);
    const line = lines.find((l) => l.startsWith(`"${anyOut.name.replace(/"/g, '""')}";`));
    // Prices as an Italian spreadsheet reads them: a decimal comma and two decimals.
    assert.ok(line.startsWith(`"${anyOut.name.replace(/"/g, '""')}";"${anyOut.price.toFixed(2).replace(".", ",")}";`), line);
    assert.ok(line.includes(';"no";'), line);
    await toast(page, "Esportazione completata").waitFor();
    assert.match(await toast(page, "Esportazione completata").innerText(), new RegExp(`${shop.Products.length} prodotti esportati`));
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("'Aggiornamento automatico del listino' goes to the sync panel of /upload", async () => {
    const { context, page, problems } = await ownerPage();
    await openMenuItem(page, "Aggiungi Prodotti", "Aggiornamento automatico del listino");
    await page.waitForURL((u) => new URL(u).pathname === "/upload" && new URL(u).hash === "#sync");
    await page.getByRole("heading", { name: "Aggiornamento automatico ogni giorno" }).waitFor();
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("'Importa da CSV' goes to /upload", async () => {
    const { context, page } = await ownerPage();
    await openMenuItem(page, "Aggiungi Prodotti", "Importa da CSV");
    await page.waitForURL(/\/upload$/);
    await context.close();
  });

  test("account panel: shop, customer since, upgrade banner, plan usage, settings, view shop", async () => {
    const { context, page, problems } = await ownerPage();
    const shop = await me(context);
    await page.getByRole("button", { name: "Apri il pannello account" }).click();
    const panel = dialog(page, "Il tuo account");
    await panel.getByText("Edilizia Demo", { exact: true }).waitFor();
    const months = ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"];
    const created = new Date(shop.created);
    await panel.getByText(`Cliente da ${months[created.getUTCMonth()]} ${created.getUTCFullYear()}`).waitFor();
    await panel.locator("[data-upgrade]").waitFor();
    const usage = await panel.locator("[data-usage]").allInnerTexts();
    const limit = shop.limits.products;
    assert.match(usage[0], new RegExp(`Prodotti\\s+${shop.Products.length} / ${limit}`));
    assert.match(usage[1], /Importazioni questo mese/);
    assert.match(usage[2], /Rigenerazioni questo mese/);
    const view = panel.getByRole("link", { name: /Visualizza negozio/ });
    assert.equal(await view.getAttribute("href"), "/store/1/edilizia-demo");
    assert.equal(await view.getAttribute("target"), "_blank");
    // The Merchant Center feeds, with how to connect them; the feed a person opens is XML.
    const feed = panel.getByRole("link", { name: "Feed prodotti (Merchant Center)" });
    assert.equal(await feed.getAttribute("href"), "/feeds/1/google-products.xml");
    await panel.locator("[data-merchant-feeds]").getByText(/Recupero programmato/).waitFor();
    const xml = await context.request.get(`${server.url}/feeds/1/google-products.xml`);
    assert.equal(xml.status(), 200);
    assert.match(await xml.text(), /<rss version="2.0"[^>]*>\s*<channel>/);
    // The demo's products have drawn pictures only: Google gets none of them, and the panel
    // says how many are left out and how to add their photos.
    assert.doesNotMatch(await xml.text(), /<item>/);
    const note = await panel.locator("[data-without-picture]").innerText();
    const priced = shop.Products.filter((p) => p.price != null && p.published).length;
    assert.equal(shop.products_without_picture, priced);
    assert.match(note, new RegExp(`${italian(priced)} prodott[oi] non`));
    assert.match(note, /Aggiungi le foto/);
    // "Filtri e Ordinamento" is for small screens only.
    assert.equal(await panel.getByRole("button", { name: "Filtri e Ordinamento" }).isVisible(), false);

    await panel.getByRole("button", { name: "Modifica informazioni" }).click();
    const settings = dialog(page, "Modifica informazioni");
    assert.equal(await settings.getByLabel("Nome del negozio").inputValue(), "Edilizia Demo");
    await typeInto(settings.getByLabel("Gruppo di acquisto (facoltativo)"), "Consorzio Edile Lombardo");
    await settings.getByRole("button", { name: "Salva" }).click();
    await toast(page, "Negozio Aggiornato").waitFor();
    await page.getByText("Consorzio Edile Lombardo").waitFor();
    assert.equal((await me(context)).partner_group, "Consorzio Edile Lombardo");
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("settings: the city follows the CAP typed, a CAP of several comuni offers them, the public page agrees", async () => {
    const { context, page, problems } = await ownerPage();
    const open = async () => {
      await page.getByRole("button", { name: "Apri il pannello account" }).click();
      await dialog(page, "Il tuo account").getByRole("button", { name: "Modifica informazioni" }).click();
      return dialog(page, "Modifica informazioni");
    };
    let settings = await open();
    const capField = settings.getByLabel("CAP");
    await capField.press("Control+a");
    await capField.press("Backspace");
    await typeInto(capField, "25030");
    const city = settings.getByLabel("Città");
    await settings.locator("select#settings-city").waitFor();
    await city.selectOption("Erbusco");
    await settings.getByRole("button", { name: "Salva" }).click();
    await toast(page, "Negozio Aggiornato").waitFor();
    let shop = await me(context);
    assert.deepEqual([shop.postal_code, shop.city], ["25030", "Erbusco"]);

    settings = await open();
    assert.equal(await settings.getByLabel("Città").inputValue(), "Erbusco", "the shop's city stays while the CAP is not edited");
    await settings.getByLabel("CAP").press("Control+a");
    await settings.getByLabel("CAP").press("Backspace");
    await typeInto(settings.getByLabel("CAP"), "20121");
    await eventually(() => settings.locator("#settings-city").inputValue(), "Milano");
    assert.equal(await settings.locator("#settings-city").getAttribute("readonly"), "");
    await settings.getByRole("button", { name: "Salva" }).click();
    // The first save's toast may still be up: the dialog closing is this save's answer.
    await settings.waitFor({ state: "detached" });
    shop = await me(context);
    assert.deepEqual([shop.postal_code, shop.city], ["20121", "Milano"]);
    const visitor = await context.newPage();
    await visitor.goto(`${server.url}/store/${shop.id}/${shop.slug}`);
    await visitor.getByText(/20121 Milano/).first().waitFor();
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("settings: the logo changed by choosing a picture, with its preview, then removed; a shop photo added; a special closure typed and shown", async () => {
    const { context, page, problems } = await ownerPage();
    const logoFile = "/tmp/logo-impostazioni.png";
    const png = await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 240;
      canvas.height = 120;
      const g = canvas.getContext("2d");
      g.fillStyle = "#1d4ed8";
      g.fillRect(0, 0, 240, 120);
      g.fillStyle = "#fff";
      g.fillRect(40, 30, 160, 60);
      return canvas.toDataURL("image/png").split(",")[1];
    });
    fs.writeFileSync(logoFile, Buffer.from(png, "base64"));
    const open = async () => {
      await page.getByRole("button", { name: "Apri il pannello account" }).click();
      await dialog(page, "Il tuo account").getByRole("button", { name: "Modifica informazioni" }).click();
      return dialog(page, "Modifica informazioni");
    };
    let settings = await open();
    assert.equal(await settings.getByText("URL del logo").count(), 0, "no address to edit by hand");
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), settings.getByText(/Scegli un'immagine|Cambia immagine/).click()]);
    await chooser.setFiles(logoFile);
    await settings.locator("[data-logo-name]").filter({ hasText: "logo-impostazioni.png" }).waitFor();
    assert.match(await settings.locator("[data-logo-preview]").getAttribute("src"), /^blob:/);

    // A photo of the shop, chosen here and uploaded with Salva.
    const [photoChooser] = await Promise.all([page.waitForEvent("filechooser"), settings.getByText("Scegli foto").click()]);
    await photoChooser.setFiles(logoFile);
    await settings.getByRole("list", { name: "Foto del negozio (facoltative)" }).getByRole("listitem").first().waitFor();

    // A closure ten days from now, typed into the date fields as a person types.
    const day = (n) => new Date(Date.now() + n * 86400000).toISOString().slice(0, 10);
    const closures = settings.locator("[data-closures-editor]");
    while (await closures.getByRole("button", { name: /^Rimuovi la chiusura/ }).count()) {
      await closures.getByRole("button", { name: /^Rimuovi la chiusura/ }).first().click();
    }
    await closures.getByRole("button", { name: "Aggiungi chiusura" }).click();
    // A date field is typed from its first part, digit by digit, in the order the field shows
    // (the test browser's own language puts the month first; an Italian one, the day).
    for (const [label, iso] of [["Dal", day(10)], ["Al", day(12)]]) {
      const field = settings.getByLabel(label, { exact: true });
      const [y, m, d] = iso.split("-");
      await field.click({ position: { x: 10, y: 12 } });
      await field.pressSequentially(`${m}${d}${y}`, { delay: 10 });
      assert.equal(await field.inputValue(), iso, label);
    }
    await typeInto(settings.getByLabel("Motivo (facoltativo)"), "Inventario");
    await closures.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? "/tmp"}/settings-logo-closures.png` });
    // Nothing in the dialog is wider than the dialog.
    const overflow = await settings.evaluate((d) => d.scrollWidth - d.clientWidth);
    assert.ok(overflow <= 0, `the settings are ${overflow} px wider than their dialog`);
    await settings.getByRole("button", { name: "Salva" }).click();
    await toast(page, "Negozio Aggiornato").waitFor();
    let shop = await me(context);
    assert.match(shop.logo_img_url, /^\/media\/logos\//);
    assert.deepEqual(shop.special_closures, [{ from: day(10), to: day(12), note: "Inventario" }]);
    assert.equal(shop.photos.length, 1);
    assert.match(shop.photos[0], /^\/media\/products\/ph-[0-9a-f]+-800\.jpg$/);
    await page.locator(`img[src="${shop.logo_img_url}"]`).first().waitFor();

    const visitor = await context.newPage();
    await visitor.goto(`${server.url}/store/${shop.id}/${shop.slug}`);
    await visitor.locator("[data-closures]").getByText("Inventario").waitFor();
    await visitor.locator("[data-shop-photos] img").first().waitFor();
    await visitor.close();

    // Removed: the shop has no logo any more.
    settings = await open();
    assert.equal(await settings.locator("[data-logo-preview]").getAttribute("src"), shop.logo_img_url, "the current logo is shown");
    await settings.getByRole("button", { name: "Rimuovi logo" }).click();
    await settings.getByRole("button", { name: "Salva" }).click();
    // The first save's toast may still be up: the dialog closing is this save's answer.
    await settings.waitFor({ state: "detached" });
    shop = await me(context);
    assert.equal(shop.logo_img_url, null);
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`${viewport.width} px: opening hours typed in the settings, a wrong time refused in Italian, then shown on the shop page`, async () => {
      const { context, page, problems } = await ownerPage({ viewport });
      await page.getByRole("button", { name: "Apri il pannello account" }).click();
      await dialog(page, "Il tuo account").getByRole("button", { name: "Modifica informazioni" }).click();
      const settings = dialog(page, "Modifica informazioni");
      const hours = settings.locator("[data-hours-editor]");
      // Start from no hours (the other width's run may have left some).
      while (await hours.getByRole("button", { name: /^Rimuovi la fascia/ }).count()) {
        await hours.getByRole("button", { name: /^Rimuovi la fascia/ }).first().click();
      }
      await hours.getByRole("button", { name: "Aggiungi fascia oraria" }).click();
      await typeInto(settings.getByLabel("Apre alle").first(), "8.00");
      await typeInto(settings.getByLabel("Chiude alle").first(), "12:30");
      await hours.getByRole("button", { name: "Aggiungi fascia oraria" }).click();
      await typeInto(settings.getByLabel("Apre alle").nth(1), "19:00");
      await typeInto(settings.getByLabel("Chiude alle").nth(1), "15:00");
      const code = settings.getByLabel("Codice negozio Google (facoltativo)");
      await code.press("Control+a");
      await code.press("Backspace");
      await typeInto(code, `BS-${viewport.width}`);
      const before = (await me(context)).opening_hours;
      await settings.getByRole("button", { name: "Salva" }).click();
      await toast(page, "Fascia 2: l'orario di chiusura deve essere dopo quello di apertura.").waitFor();
      assert.deepEqual((await me(context)).opening_hours, before, "nothing saved");
      for (const [label, time] of [["Apre alle", "15:00"], ["Chiude alle", "19:00"]]) {
        const field = settings.getByLabel(label).nth(1);
        await field.press("Control+a");
        await field.press("Backspace");
        await typeInto(field, time);
      }
      // Saturday morning in a slot of its own.
      await hours.getByRole("button", { name: "Aggiungi fascia oraria" }).click();
      const third = hours.locator("[data-slot='3']");
      for (const day of ["Lun", "Mar", "Mer", "Gio", "Ven", "Sab"]) await third.getByText(day, { exact: true }).click();
      await typeInto(settings.getByLabel("Apre alle").nth(2), "08:30");
      await typeInto(settings.getByLabel("Chiude alle").nth(2), "12:30");
      // The shop's exact position, pasted as a map gives it; a slip is caught before saving.
      const position = settings.getByLabel("Posizione esatta sulla mappa (facoltativa)");
      await position.press("Control+a");
      await position.press("Backspace");
      await typeInto(position, "45,4642 Milano");
      await settings.getByRole("button", { name: "Salva" }).click();
      await settings.getByText("Scrivi latitudine e longitudine separate da una virgola, per esempio 45.4642, 9.1900.").waitFor();
      assert.equal(await position.evaluate((el) => el === document.activeElement), true, "the field to correct has the focus");
      await position.press("Control+a");
      await position.press("Backspace");
      const lng = viewport.width === DESKTOP.width ? "9.19" : "9.1901";
      await typeInto(position, `45,4642, ${lng.replace(".", ",")}`);
      await settings.getByRole("link", { name: /Controlla il punto su OpenStreetMap/ }).waitFor();
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? "/tmp"}/settings-hours-${viewport.width}.png` });
      await settings.getByRole("button", { name: "Salva" }).click();
      await toast(page, "Negozio Aggiornato").waitFor();
      const shop = await me(context);
      assert.deepEqual(shop.opening_hours, [
        { days: ["Mo", "Tu", "We", "Th", "Fr"], opens: "08:00", closes: "12:30" },
        { days: ["Mo", "Tu", "We", "Th", "Fr"], opens: "15:00", closes: "19:00" },
        { days: ["Sa"], opens: "08:30", closes: "12:30" },
      ]);
      assert.equal(shop.google_store_code, `BS-${viewport.width}`);
      assert.deepEqual(shop.position, { lat: 45.4642, lng: Number(lng) });

      const visitor = await context.newPage();
      await visitor.goto(`${server.url}/store/${shop.id}/${shop.slug}`);
      const block = visitor.locator("[data-opening-hours]");
      assert.deepEqual(await block.locator("dt").allInnerTexts(), ["Lun–Ven", "Lun–Ven", "Sab"]);
      assert.deepEqual(await block.locator("dd").allInnerTexts(), ["08:00–12:30", "15:00–19:00", "08:30–12:30"]);
      await visitor.locator("[data-open-now]").filter({ hasText: /^(Aperto ora · chiude alle|Chiuso ora · apre)/ }).waitFor();
      await block.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? "/tmp"}/shop-hours-${viewport.width}.png` });
      // Search engines and the map read the owner's point, not the comune's centre.
      const blocks = (await visitor.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
      const store = blocks.flatMap((b) => b["@graph"] ?? [b]).find((b) => b["@type"] === "HardwareStore");
      assert.deepEqual(store.geo, { "@type": "GeoCoordinates", latitude: 45.4642, longitude: Number(lng) });
      const mapLink = await visitor.getByRole("link", { name: /^Apri la mappa/ }).first().getAttribute("href");
      assert.ok(mapLink.includes("mlat=45.46420"), mapLink);
      assert.deepEqual(unexpected(problems, [/status of 422/]), []);
      await context.close();
    });
  }

  test("log out from the account panel: confirmation, then home", async () => {
    const { context, page, problems } = await ownerPage();
    await page.getByRole("button", { name: "Apri il pannello account" }).click();
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByRole("dialog", { name: "Sicuro di voler effettuare il logout?" }).getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((u) => new URL(u).pathname === "/");
    await toast(page, "Logout effettuato").waitFor();
    assert.equal((await context.request.get(`${server.url}/api/stores/me`)).status(), 401);
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("add a product with AI generation: name required, 'Generazione...' disables saving, 'Prodotto Aggiunto'", async () => {
    const { context, page, problems } = await ownerPage();
    const before = (await me(context)).Products.length;
    let hold;
    await page.route("**/api/products/generate", async (route) => {
      await new Promise((resolve) => (hold = resolve));
      await route.continue();
    });
    await openMenuItem(page, "Aggiungi Prodotti", "Aggiungi singolo prodotto");
    const form = dialog(page, "Aggiungi Prodotto");
    const save = form.getByRole("button", { name: "Aggiungi Prodotto", exact: true });
    assert.equal(await save.isDisabled(), true, "no name, no add");
    await form.getByRole("button", { name: "Genera con AI" }).click();
    await toast(page, "Nome Prodotto Richiesto").waitFor();
    assert.match(await toast(page, "Nome Prodotto Richiesto").innerText(), /Inserisci un nome prodotto per generare una descrizione/);
    // The price is typed the Italian way (7,40 or 7.40), with the decimal keypad on a phone.
    assert.equal(await form.getByLabel("Prezzo (€)").getAttribute("inputmode"), "decimal");

    await typeInto(form.getByLabel("Nome del prodotto *"), "cemento portland 25kg");
    await typeInto(form.getByLabel("Prezzo (€)"), "7.40");
    const generated = page.waitForResponse((r) => r.url().endsWith("/api/products/generate"));
    await form.getByRole("button", { name: "Genera con AI" }).click();
    await form.getByRole("button", { name: "Generazione..." }).waitFor();
    assert.equal(await save.isDisabled(), true, "saving waits for the generation");
    while (!hold) await new Promise((r) => setTimeout(r, 20));
    hold();
    await toast(page, "Prodotto Generato").waitFor();
    assert.equal((await (await generated).json()).status, "uncertain", "the engine is unsure of it (no brand)");
    const description = await form.getByLabel("Descrizione").inputValue();
    assert.ok(description.length > 20, "the description was filled in");
    assert.equal(await form.locator("[data-counter]").innerText(), `${description.length}/1000`);
    // The generated picture is shown, not our internal address of it.
    assert.equal(await form.getByLabel("URL dell'immagine").inputValue(), "");
    assert.match(await form.getByLabel("URL dell'immagine").getAttribute("placeholder"), /Incolla un indirizzo per sostituirla/);
    assert.match(await form.getByRole("img", { name: "Anteprima immagine" }).getAttribute("src"), /^\/media\/products\//);
    assert.equal(await form.getByLabel("Prezzo (€)").inputValue(), "7.40", "the owner's price stays");
    // Not stored until the owner saves.
    assert.equal((await me(context)).Products.length, before);
    await save.click();
    await toast(page, "Prodotto Aggiunto").waitFor();
    assert.match(await toast(page, "Prodotto Aggiunto").innerText(), /Il tuo prodotto è stato aggiunto con successo/);
    await form.waitFor({ state: "detached" });
    const after = await me(context);
    assert.equal(after.Products.length, before + 1);
    const added = after.Products.reduce((a, b) => (a.id > b.id ? a : b));
    assert.equal(added.price, 7.4);
    assert.equal(added.description, description);
    // Saved by the owner: the owner's, not "Stato incerto".
    assert.equal(added.status, "normal");
    assert.equal(added.review_note ?? null, null);
    await eventually(() => cards(page).first().getAttribute("data-product-id"), String(added.id));
    await eventually(() => showing(page), new RegExp(`di ${before + 1} prodotti$`));
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("edit: unsaved-changes question, regenerate merged into the form, 'Prodotto Aggiornato'; name required", async () => {
    const { context, page, problems } = await ownerPage({ viewport: { width: 1280, height: 1000 } });
    const shop = await me(context);
    const target = shop.Products.reduce((a, b) => (a.id > b.id ? a : b));
    const card = page.locator(`article[data-product-id="${target.id}"]`);
    await card.getByRole("button", { name: "Modifica" }).click();
    const form = dialog(page, "Modifica Prodotto");
    assert.equal(await form.getByLabel("Nome del prodotto *").inputValue(), target.name);
    // Closing without changes asks nothing.
    await form.getByRole("button", { name: "Annulla" }).click();
    await form.waitFor({ state: "detached" });

    await card.getByRole("button", { name: "Modifica" }).click();
    // The dialog opens with the product's values, never with empty fields first.
    assert.equal(await form.getByLabel("Prezzo (€)").inputValue(), target.price == null ? "" : target.price.toFixed(2).replace(".", ","));
    await typeInto(form.getByLabel("Prezzo (€)"), "9.99");
    await form.getByRole("button", { name: "Annulla" }).click();
    const unsaved = dialog(page, "Modifiche non salvate");
    await unsaved.getByRole("button", { name: "Continua a modificare" }).click();
    await unsaved.waitFor({ state: "detached" });
    assert.equal(await form.getByLabel("Prezzo (€)").inputValue(), "9.99");

    await typeInto(form.getByLabel("Descrizione"), "testo provvisorio");
    await form.getByRole("button", { name: "Rigenera con AI" }).click();
    await toast(page, "Prodotto Rigenerato").waitFor();
    const regenerated = await form.getByLabel("Descrizione").inputValue();
    assert.notEqual(regenerated, "testo provvisorio");
    assert.equal(await form.getByLabel("Prezzo (€)").inputValue(), "9.99");
    // Regenerated, not stored.
    assert.equal((await me(context)).Products.find((p) => p.id === target.id).price, target.price);

    await typeInto(form.getByLabel("Nome del prodotto *"), "");
    await form.getByRole("button", { name: "Salva modifiche" }).click();
    await toast(page, "Informazioni Mancanti").waitFor();
    assert.match(await toast(page, "Informazioni Mancanti").innerText(), /Il nome del prodotto è obbligatorio/);
    await typeInto(form.getByLabel("Nome del prodotto *"), target.name);
    await form.getByRole("button", { name: "Salva modifiche" }).click();
    await toast(page, "Prodotto Aggiornato").waitFor();
    await form.waitFor({ state: "detached" });
    await eventually(() => card.locator("[data-price]").innerText(), "9,99 €");
    const stored = (await me(context)).Products.find((p) => p.id === target.id);
    assert.equal(stored.price, 9.99);
    assert.equal(stored.description, regenerated);

    // Discarding an edit.
    await card.getByRole("button", { name: "Modifica" }).click();
    await typeInto(form.getByLabel("Prezzo (€)"), "1");
    await page.keyboard.press("Escape");
    await dialog(page, "Modifiche non salvate").getByRole("button", { name: "Chiudi senza salvare" }).click();
    await form.waitFor({ state: "detached" });
    await eventually(() => card.locator("[data-price]").innerText(), "9,99 €");
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("the free plan has no regenerations: the dialog says so before any click and where to get them; the panel says 'Nessuna'", async () => {
    execFileSync(binary, ["shop", "set-plan", "demo@vetrina.it", "free"], { env: { ...process.env, VETRINA_DATA_DIR: server.dataDir }, stdio: "ignore" });
    const { context, page, problems } = await ownerPage();
    await cards(page).first().getByRole("button", { name: "Modifica" }).click();
    const form = dialog(page, "Modifica Prodotto");
    const note = form.locator("[data-no-regenerations]");
    assert.match(await note.innerText(), /Il piano Base non include le rigenerazioni con AI: Avanzato ne offre 20 al mese, Pro senza limiti\./);
    assert.equal(await form.getByRole("button", { name: "Rigenera con AI" }).count(), 0, "no button that can only fail");
    assert.equal(await note.getByRole("link", { name: /Avanzato/ }).getAttribute("href"), "/pricing");
    await form.getByRole("button", { name: "Annulla" }).click();
    await page.getByRole("button", { name: "Apri il pannello account" }).click();
    const usage = await dialog(page, "Il tuo account").locator("[data-usage]").allInnerTexts();
    assert.match(usage[2], /Rigenerazioni questo mese\s+Nessuna/);
    assert.match(usage[1], /Importazioni questo mese\s+\d+ \/ 3/);
    await dialog(page, "Il tuo account").getByText("Piano Base").waitFor();
    assert.deepEqual(unexpected(problems), []);
    await context.close();
    execFileSync(binary, ["shop", "set-plan", "demo@vetrina.it", "pro"], { env: { ...process.env, VETRINA_DATA_DIR: server.dataDir }, stdio: "ignore" });
  });

  test("delete one product: 'Sei assolutamente sicuro?', then 'Prodotto Eliminato'", async () => {
    const { context, page, problems } = await ownerPage();
    const before = (await me(context)).Products.length;
    const card = cards(page).first();
    const id = await card.getAttribute("data-product-id");
    await card.getByRole("button", { name: "Elimina" }).click();
    const confirm = dialog(page, "Sei assolutamente sicuro?");
    await confirm.getByRole("button", { name: "Annulla" }).click();
    assert.equal(await page.locator(`article[data-product-id="${id}"]`).count(), 1);
    await card.getByRole("button", { name: "Elimina" }).click();
    await confirm.getByRole("button", { name: "Elimina", exact: true }).click();
    await toast(page, "Prodotto Eliminato").waitFor();
    await page.locator(`article[data-product-id="${id}"]`).waitFor({ state: "detached" });
    assert.equal((await me(context)).Products.length, before - 1);
    await eventually(() => showing(page), new RegExp(`di ${before - 1} prodotti$`));
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("bulk delete of incorrect products: confirmation with the count, 'Prodotti Eliminati'; then nothing to delete", async () => {
    const { context, page, problems } = await ownerPage();
    const shop = await me(context);
    const incorrect = shop.Products.filter((p) => p.status === "incorrect").length;
    assert.ok(incorrect > 0);
    await openMenuItem(page, "Elimina Prodotti", "Elimina prodotti errati");
    const confirm = dialog(page, "Sei assolutamente sicuro?");
    assert.match(await confirm.innerText(), new RegExp(`Stai per eliminare ${incorrect} prodott[oi] con stato errato`));
    await confirm.getByRole("button", { name: "Elimina", exact: true }).click();
    await toast(page, "Prodotti Eliminati").waitFor();
    assert.match(await toast(page, "Prodotti Eliminati").innerText(), new RegExp(`${incorrect} prodott`));
    const after = await me(context);
    assert.equal(after.Products.length, shop.Products.length - incorrect);
    assert.equal(after.Products.filter((p) => p.status === "incorrect").length, 0);
    await eventually(() => showing(page), new RegExp(`di ${after.Products.length} prodotti$`));
    await openMenuItem(page, "Elimina Prodotti", "Elimina prodotti errati");
    await toast(page, "Nessun prodotto da eliminare").waitFor();
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("bulk delete of all products: empty catalogue with 'Aggiungi il tuo primo prodotto'", async () => {
    const { context, page, problems } = await ownerPage();
    const count = (await me(context)).Products.length;
    await openMenuItem(page, "Elimina Prodotti", "Elimina tutti i prodotti");
    const confirm = dialog(page, "Sei assolutamente sicuro?");
    assert.match(await confirm.innerText(), new RegExp(`tutti i ${count} prodotti`));
    await confirm.getByRole("button", { name: "Elimina", exact: true }).click();
    await toast(page, "Prodotti Eliminati").waitFor();
    await page.getByRole("heading", { name: "Nessun prodotto trovato" }).waitFor();
    assert.equal((await me(context)).Products.length, 0);
    await openMenuItem(page, "Aggiungi Prodotti", "Esporta in CSV");
    await toast(page, "Nessun prodotto da esportare").waitFor();
    await page.getByRole("button", { name: "Aggiungi il tuo primo prodotto" }).click();
    await dialog(page, "Aggiungi Prodotto").waitFor();
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  test("delete the account: confirmed with the password, 'Account Eliminato', home; the session is gone", async () => {
    const { context, page, problems } = await ownerPage();
    await page.getByRole("button", { name: "Apri il pannello account" }).click();
    await page.getByRole("button", { name: "Elimina account" }).click();
    const confirm = dialog(page, "Sei sicuro di voler eliminare il tuo account?");
    assert.match(await confirm.innerText(), /irreversibile/);
    const deleteButton = confirm.getByRole("button", { name: "Elimina definitivamente" });
    // A session alone (a browser left open) cannot delete the account.
    await deleteButton.click();
    await confirm.getByRole("alert").filter({ hasText: "Inserisci la password per confermare." }).waitFor();
    const password = confirm.getByLabel("Password dell'account");
    await typeInto(password, "Demo2025!");
    await deleteButton.click();
    await confirm.getByRole("alert").filter({ hasText: "Password non corretta." }).waitFor();
    assert.equal((await context.request.get(`${server.url}/api/stores/me`)).status(), 200);
    await password.press("ControlOrMeta+A");
    await password.press("Backspace");
    await typeInto(password, "Demo2026!");
    await password.press("Enter");
    await toast(page, "Account Eliminato").waitFor();
    await page.waitForURL((u) => new URL(u).pathname === "/");
    assert.equal(await page.locator("[data-toast]").filter({ hasText: "Sessione scaduta" }).count(), 0);
    assert.equal((await context.request.get(`${server.url}/api/stores/me`)).status(), 401);
    const login = await context.request.post(`${server.url}/api/auth/login`, { data: { email: "demo@vetrina.it", password: "Demo2026!" }, headers: { Origin: server.url } });
    assert.equal(login.status(), 401);
    assert.deepEqual(unexpected(problems, [/422/]), []);
    await context.close();
  });
});
