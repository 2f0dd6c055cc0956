// Account pages in Chromium against the real server, as a new shop owner meets them:
// registration, the verification e-mail (read from the outbox folder), login and logout,
// the resend dialog, password recovery, every registration message of docs/product/validation.md,
// no console errors, and a 390 px wide screen.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { blockThirdParty, launchBrowser, startServer, typeInto } from "./harness.mjs";

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
const PHONE = { width: 390, height: 844 };

let unique = 0;
const newEmail = (tag) => `${tag}-${Date.now().toString(36)}-${++unique}@edilizia-prova.it`;

/**
 * Console problems a visitor should never cause. Chromium reports every failed request as
 * "Failed to load resource"; `expected` lists the API calls a test makes fail on purpose
 * (e.g. "POST /api/auth/login 403"), anything else counts.
 *
 * An anonymous visitor's page asking for the current shop (GET /api/stores/me → 401, which
 * the client logs as "Sessione scaduta o non valida") is checked once, by the "every account
 * page" tests (strict); the flows leave it to them, so that one fault does not hide the rest.
 */
const ANON_ME = "GET /api/stores/me 401";
function watch(page, { strict = false } = {}) {
  const problems = [];
  const expected = strict ? [] : [ANON_ME];
  const failed = []; // "METHOD /path STATUS" of every failed API answer, to attribute console lines
  page.on("response", (r) => {
    if (r.status() >= 400) failed.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
  });
  page.on("console", (m) => {
    const text = m.text();
    if (m.type() !== "error" && !(m.type() === "warning" && /hydrat|did not match/i.test(text))) return;
    const where = m.location()?.url ? new URL(m.location().url, server.url) : null;
    const status = /status of (\d{3})/.exec(text)?.[1];
    if (status && where) {
      const call = failed.find((f) => f.endsWith(` ${where.pathname} ${status}`));
      if (call && expected.includes(call)) return;
      problems.push(`${m.type()}: ${call ?? where.pathname} ${text.slice(0, 200)}`);
      return;
    }
    if (text === "Sessione scaduta o non valida" && expected.includes(ANON_ME)) return;
    problems.push(`${m.type()}: ${text.slice(0, 300)}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  return {
    problems,
    expect: (...calls) => expected.push(...calls),
  };
}

async function newPage(viewport = DESKTOP, { strict = false } = {}) {
  const context = await browser.newContext({ viewport, locale: "it-IT" });
  await blockThirdParty(context, server.url);
  // No cookie banner over the forms: the preference is already saved.
  await context.addInitScript(() => {
    try {
      localStorage.setItem("cookiePreferences", JSON.stringify({ essential: true, analytics: false, marketing: false }));
    } catch {
      /* about:blank */
    }
  });
  const page = await context.newPage();
  const console = watch(page, { strict });
  return { context, page, console };
}

const toast = (page, title) => page.locator("[data-toast]").filter({ hasText: title });

async function waitForPath(page, pathname, timeout = 6000) {
  await page.waitForURL((u) => u.pathname === pathname, { timeout });
}

/** Every message of the outbox, oldest first: { file, to, subject, text, link }. */
function outbox() {
  const dir = path.join(server.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((file) => ({ file, ...parseEml(fs.readFileSync(path.join(dir, file), "latin1")) }));
}

/** The plain-text part of a message, decoded; quoted-printable soft breaks and =XX undone. */
function parseEml(raw) {
  const [head] = raw.split(/\r?\n\r?\n/);
  const header = (name) => new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(head)?.[1].replace(/\r?\n[ \t]/g, " ").trim() ?? "";
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  const plain = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? parts[0];
  const split = plain.search(/\r?\n\r?\n/);
  const partHead = plain.slice(0, split);
  let body = plain.slice(split).replace(/^\r?\n\r?\n/, "");
  if (/content-transfer-encoding:\s*quoted-printable/i.test(partHead)) {
    body = body.replace(/=\r?\n/g, "");
    body = Buffer.from(body.replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");
  } else if (/content-transfer-encoding:\s*base64/i.test(partHead)) {
    body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  } else {
    body = Buffer.from(body, "latin1").toString("utf8");
  }
  const link = /https?:\/\/[^\s<>"]+\/(?:verify-email|reset-password)\?token=[^\s<>"]+/.exec(body)?.[0] ?? null;
  return { to: header("To"), subject: header("Subject"), text: body, link };
}

/** Waits for a new message to `email` whose link goes to `kind`, and returns the link. */
async function linkFor(email, kind, seen = new Set()) {
  for (let i = 0; i < 50; i++) {
    const mail = outbox().find((m) => !seen.has(m.file) && m.to.toLowerCase().includes(email.toLowerCase()) && m.link?.includes(`/${kind}?token=`));
    if (mail) {
      assert.ok(mail.link.startsWith(server.url), `the link points at the shop's public address: ${mail.link}`);
      return mail.link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${kind} e-mail to ${email} in the outbox; log:\n${server.logs().slice(-2000)}`);
}

const seenFiles = () => new Set(outbox().map((m) => m.file));

/** A shop created through the API, as the registration page sends it. */
async function registerByApi(email, password) {
  const res = await fetch(`${server.url}/api/stores`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({
      name: `Ferramenta ${unique}`,
      partner_group: null,
      description: "Ferramenta e materiali edili dal 1980.",
      postal_code: "00118",
      city: "Roma",
      address: "Via Appia Nuova 100",
      telephone: "06 1234567",
      website_url: null,
      email,
      password,
      logo_img_url: null,
      slug: "",
      plan: "free",
      counter_csv_imported: 0,
      product_count: 0,
    }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return res.json();
}

/** A shop whose address is already confirmed (through the link of its e-mail). */
async function verifiedByApi(email, password) {
  const shop = await registerByApi(email, password);
  const link = await linkFor(email, "verify-email");
  const res = await fetch(`${server.url}/api/auth/verify-email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ token: new URL(link).searchParams.get("token") }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return shop;
}

async function fillLogin(page, email, password) {
  await typeInto(page.getByLabel("Email", { exact: true }), email);
  await typeInto(page.getByLabel("Password", { exact: true }), password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
}

/** Fills the registration form with good values; `over` replaces some of them. */
async function fillRegistration(page, over = {}) {
  const v = {
    name: "Edil Rossi",
    description: "Materiali edili, ferramenta e colori per professionisti.",
    address: "Via Tuscolana 10",
    telephone: "06 7654321",
    website: "https://edilrossi.it",
    email: newEmail("rossi"),
    password: "Mattoni2026!",
    ...over,
  };
  await typeInto(page.getByLabel("Nome del negozio"), v.name);
  await typeInto(page.getByLabel("Descrizione"), v.description);
  await typeInto(page.getByLabel("Indirizzo (via e numero)"), v.address);
  await typeInto(page.getByLabel("Telefono"), v.telephone);
  await typeInto(page.getByLabel("Sito web (facoltativo)"), v.website);
  await typeInto(page.getByLabel("Email", { exact: true }), v.email);
  await typeInto(page.getByLabel("Password", { exact: true }), v.password);
  return v;
}

async function typeCapAndWaitForCity(page, cap) {
  await typeInto(page.getByLabel("CAP"), cap);
  await page.waitForTimeout(500);
  assert.equal(await page.getByLabel("Città").inputValue(), "", "no lookup before 1 s of quiet");
  await page.waitForFunction(() => [...document.querySelectorAll("input[name=city]")].some((i) => i.value), null, { timeout: 5000 });
}


describe("a new shop owner", () => {
  const password = "Mattoni2026!";
  let email;

  test("registers with a real CAP, is told to check the e-mail and lands on the pending page", async () => {
    const { context, page, console } = await newPage();
    await page.goto(`${server.url}/create`);
    await page.getByRole("heading", { name: "Crea il tuo Negozio" }).waitFor();
    const city = page.getByLabel("Città");
    assert.equal(await city.getAttribute("readonly"), "", "the city is read-only");
    await typeCapAndWaitForCity(page, "00118");
    assert.equal(await city.inputValue(), "Roma");
    ({ email } = await fillRegistration(page, { password }));
    const seen = seenFiles();
    await page.getByRole("button", { name: "Crea Negozio" }).click();
    await waitForPath(page, `/email-verification/${encodeURIComponent(email)}`);
    await toast(page, "Negozio creato").waitFor();
    assert.match(await toast(page, "Negozio creato").innerText(), /Controlla la tua email per confermare/);
    await page.locator("main").getByText(email).first().waitFor();
    const link = await linkFor(email, "verify-email", seen);

    // Opening the link confirms the address, then the login page follows after ~2 s.
    await page.goto(link);
    await page.getByText("Email verificata con successo! Stai per essere reindirizzato...", { exact: true }).waitFor();
    const shown = Date.now();
    await waitForPath(page, "/login", 5000);
    const waited = Date.now() - shown;
    assert.ok(waited > 1500 && waited < 4000, `redirect after ${waited} ms`);

    await fillLogin(page, email, password);
    await toast(page, "Login Effettuato").waitFor();
    await waitForPath(page, "/dashboard");

    await page.getByRole("button", { name: "Logout" }).click();
    const dialog = page.getByRole("dialog", { name: "Sicuro di voler effettuare il logout?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Annulla" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Logout" }).click();
    await dialog.getByRole("button", { name: "Logout" }).click();
    await toast(page, "Logout effettuato").waitFor();
    await waitForPath(page, "/");
    // A logout is not an expired session: one toast, a success.
    await page.waitForTimeout(1800);
    assert.equal(await toast(page, "Sessione scaduta").count(), 0);
    assert.equal(await toast(page, "Logout effettuato").getAttribute("data-toast"), "success");
    const me = await context.request.get(`${server.url}/api/stores/me`);
    assert.equal(me.status(), 401, "the session is over on the server");
    assert.deepEqual(console.problems, []);
    await context.close();
  });

  test("opening the verification link again shows the error with 'Vai al Login' and 'Registrati di nuovo'", async () => {
    const { context, page, console } = await newPage();
    console.expect("POST /api/auth/verify-email 400");
    const link = await linkFor(email, "verify-email");
    await page.goto(link);
    await page.getByText("Verifica non riuscita").waitFor();
    assert.ok((await page.locator("main").innerText()).includes("non è valido"));
    assert.equal(await page.getByRole("link", { name: "Vai al Login" }).getAttribute("href"), "/login");
    assert.equal(await page.getByRole("link", { name: "Registrati di nuovo" }).getAttribute("href"), "/create");
    await page.goto(`${server.url}/verify-email`);
    await page.getByText("Token di verifica mancante o non valido.").waitFor();
    assert.deepEqual(console.problems, []);
    await context.close();
  });

  test("a wrong password or empty fields are refused with the documented messages", async () => {
    const { context, page, console } = await newPage();
    console.expect("POST /api/auth/login 401");
    await page.goto(`${server.url}/login`);
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await toast(page, "Errore").filter({ hasText: "Inserisci email e password" }).waitFor();
    await fillLogin(page, email, "Sbagliata2026!");
    await toast(page, "Credenziali non valide").waitFor();
    assert.equal(new URL(page.url()).pathname, "/login");
    assert.deepEqual(console.problems, []);
    await context.close();
  });
});

describe("before the address is confirmed", () => {
  const password = "Cemento2026!";
  let email;

  before(async () => {
    email = newEmail("bianchi");
    await registerByApi(email, password);
  });

  test("login explains the e-mail must be confirmed and offers to resend it", async () => {
    const { context, page, console } = await newPage();
    console.expect("POST /api/auth/login 403", "POST /api/auth/resend-verification 429");
    await page.goto(`${server.url}/login`);
    await fillLogin(page, email, password);
    const alert = page.getByRole("alert").filter({ hasText: "Devi confermare il tuo indirizzo email" });
    await alert.waitFor();
    assert.match(await alert.innerText(), /richiedi una nuova email di verifica/);
    assert.equal(await toast(page, "Login Effettuato").count(), 0);
    await alert.getByRole("link", { name: "Invia di nuovo l'email di verifica" }).click();
    await waitForPath(page, `/email-verification/${encodeURIComponent(email)}`);
    await page.locator("main").getByText(email).first().waitFor();

    // The e-mail went out at registration: the server asks to wait, the dialog counts down.
    await page.getByRole("button", { name: "Invia di nuovo l'email" }).click();
    const dialog = page.getByRole("dialog", { name: "Invia di nuovo l'email di verifica" });
    assert.equal(await dialog.getByLabel("Email").inputValue(), email);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/auth/resend-verification"));
    await dialog.getByRole("button", { name: "Invia email" }).click();
    const reply = await answer;
    assert.equal(reply.status(), 429);
    const { remainingTime } = await reply.json();
    assert.ok(remainingTime > 30 && remainingTime <= 60, `remainingTime ${remainingTime}`);
    await dialog.getByText(`Puoi richiedere una nuova email di verifica tra ${remainingTime} secondi`).waitFor();
    const button = dialog.getByRole("button", { name: /^Riprova tra \d:\d\d$/ });
    const first = await button.innerText();
    const mmss = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    assert.ok([mmss(remainingTime), mmss(remainingTime - 1)].includes(first.replace("Riprova tra ", "")), `${first} for ${remainingTime} s`);
    assert.equal(await button.isDisabled(), true);
    await page.waitForTimeout(2100);
    const seconds = (label) => {
      const [m, ss] = label.replace("Riprova tra ", "").split(":").map(Number);
      return m * 60 + ss;
    };
    const drop = seconds(first) - seconds(await button.innerText());
    assert.ok(drop >= 2 && drop <= 3, `counts down: ${first} → ${await button.innerText()}`);

    // An address that is not an e-mail is refused in the dialog itself.
    await typeInto(dialog.getByLabel("Email"), "non-una-email");
    assert.equal(await button.isDisabled(), true, "still waiting");
    await dialog.getByRole("button", { name: "Chiudi" }).last().click();
    await dialog.waitFor({ state: "detached" });
    assert.equal(await page.getByRole("link", { name: "Vai al Login" }).getAttribute("href"), "/login");
    assert.deepEqual(console.problems, []);
    await context.close();
  });

  test("the dialog asks for a valid address and answers an unknown one as any other", async () => {
    const { context, page, console } = await newPage();
    await page.goto(`${server.url}/email-verification/${encodeURIComponent("nessuno@edilizia-prova.it")}`);
    await page.getByRole("button", { name: "Invia di nuovo l'email" }).click();
    const dialog = page.getByRole("dialog");
    await typeInto(dialog.getByLabel("Email"), "nessuno@");
    await dialog.getByRole("button", { name: "Invia email" }).click();
    await dialog.getByText("Inserisci un indirizzo email valido", { exact: true }).waitFor();
    await typeInto(dialog.getByLabel("Email"), "nessuno@edilizia-prova.it");
    await dialog.getByRole("button", { name: "Invia email" }).click();
    await dialog.getByRole("status").getByText(/^Se l'indirizzo è registrato e non ancora confermato/).waitFor();
    await dialog.getByRole("button", { name: /^Riprova tra (1:00|0:59)$/ }).waitFor();
    assert.deepEqual(console.problems, []);
    await context.close();
  });
});

describe("a forgotten password", () => {
  const oldPassword = "Mattoni2026!";
  const newPassword = "Piastrelle#2027";
  let email;

  before(async () => {
    email = newEmail("neri");
    await verifiedByApi(email, oldPassword);
  });

  test("is reset through the e-mailed link; the old password stops working and the link works once", async () => {
    const { context, page, console } = await newPage();
    console.expect("POST /api/auth/login 401", "POST /api/auth/confirm-password-reset 400");
    await page.goto(`${server.url}/login`);
    await page.getByRole("link", { name: "Password dimenticata?" }).click();
    await waitForPath(page, "/recupera-password");
    await page.getByRole("button", { name: "Invia link" }).click();
    await page.getByText("Inserisci la tua email", { exact: true }).waitFor();
    assert.equal(await page.getByLabel("Email").getAttribute("type"), "email");
    const seen = seenFiles();
    await typeInto(page.getByLabel("Email"), email);
    await page.getByRole("button", { name: "Invia link" }).click();
    await page.getByRole("heading", { name: "Controlla la tua email" }).waitFor();
    assert.equal(await page.getByRole("link", { name: "Torna al login" }).getAttribute("href"), "/login");
    const link = await linkFor(email, "reset-password", seen);
    // "Riprova" brings the form back.
    await page.getByRole("button", { name: "Riprova" }).click();
    await page.getByRole("button", { name: "Invia link" }).waitFor();

    await page.goto(link);
    await page.getByRole("heading", { name: "Reimposta la password" }).waitFor();
    const fresh = page.getByLabel("Nuova password");
    const confirm = page.getByLabel("Conferma password");
    // Show/hide on both fields, each on its own.
    const toggles = page.getByRole("button", { name: "Mostra password" });
    assert.equal(await toggles.count(), 2);
    await typeInto(fresh, newPassword);
    await typeInto(confirm, "Diversa#2027");
    await toggles.first().click();
    assert.equal(await fresh.getAttribute("type"), "text");
    assert.equal(await confirm.getAttribute("type"), "password");
    await page.getByRole("button", { name: "Mostra password" }).click();
    assert.equal(await confirm.getAttribute("type"), "text");
    assert.equal(await page.getByRole("button", { name: "Nascondi password" }).count(), 2);
    await page.getByRole("button", { name: "Nascondi password" }).first().click();
    assert.equal(await fresh.getAttribute("type"), "password");
    assert.equal(await confirm.getAttribute("type"), "text");

    // The rules, in the documented order (docs/product/validation.md).
    const submit = page.getByRole("button", { name: "Reimposta password" });
    await submit.click();
    await page.getByText("Le password non corrispondono", { exact: true }).waitFor();
    for (const [value, message] of [
      ["", "Tutti i campi sono obbligatori"],
      ["Corta1!", "La password deve avere almeno 8 caratteri."],
      ["minuscole1!", "La password deve contenere almeno una lettera maiuscola."],
      ["MAIUSCOLE1!", "La password deve contenere almeno una lettera minuscola."],
      ["SenzaNumeri!", "La password deve contenere almeno un numero."],
      ["SenzaSpeciali1", "La password deve contenere almeno un carattere speciale."],
    ]) {
      await typeInto(fresh, value);
      await typeInto(confirm, value);
      await submit.click();
      await page.getByText(message, { exact: true }).waitFor();
    }

    await typeInto(fresh, newPassword);
    await typeInto(confirm, newPassword);
    await submit.click();
    await page.getByRole("heading", { name: "Password reimpostata" }).waitFor();
    await toast(page, "Password reimpostata").waitFor();
    const shown = Date.now();
    await waitForPath(page, "/login", 6000);
    const waited = Date.now() - shown;
    assert.ok(waited > 2500 && waited < 5000, `redirect after ${waited} ms`);

    await fillLogin(page, email, oldPassword);
    await toast(page, "Credenziali non valide").waitFor();
    await typeInto(page.getByLabel("Password", { exact: true }), newPassword);
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await toast(page, "Login Effettuato").waitFor();
    await waitForPath(page, "/dashboard");

    // The link is spent.
    await page.goto(link);
    await typeInto(page.getByLabel("Nuova password"), "Altra#Password9");
    await typeInto(page.getByLabel("Conferma password"), "Altra#Password9");
    await page.getByRole("button", { name: "Reimposta password" }).click();
    await page.getByRole("heading", { name: "Link non valido o scaduto" }).waitFor();
    assert.equal(await page.getByRole("link", { name: "Richiedi nuovo link" }).getAttribute("href"), "/recupera-password");
    await page.goto(`${server.url}/reset-password`);
    await page.getByRole("link", { name: "Richiedi nuovo link" }).waitFor();
    assert.deepEqual(console.problems, []);
    await context.close();
  });
});

describe("a signed-in owner", () => {
  const password = "Tegole2026!";

  test("a trial chosen on the pricing page while logged out is confirmed, then started, right after the login on /auth", async () => {
    const email = newEmail("gialli");
    await verifiedByApi(email, password);
    const { context, page, console } = await newPage();
    await page.goto(`${server.url}/pricing`);
    await page.locator("#plan-card-pro").getByRole("link", { name: "prova gratis" }).click();
    await waitForPath(page, "/auth");
    await toast(page, "Accesso richiesto").waitFor();
    await page.getByText("Effettua l'accesso per iniziare la prova gratuita").first().waitFor();
    assert.match(await page.evaluate(() => localStorage.getItem("pendingTrial")), /"planKey":"pro"/);
    await fillLogin(page, email, password);
    await toast(page, "Login Effettuato").waitFor();
    // docs/product/states.md (plans and the free trial): confirm, then activate. Nothing starts before the owner says so.
    const confirm = page.getByRole("dialog", { name: "Prova gratuita del piano Pro" });
    await confirm.waitFor();
    assert.equal((await (await context.request.get(`${server.url}/api/stores/me`)).json()).plan, "free");
    await confirm.getByRole("button", { name: "Attiva la prova" }).click();
    const started = toast(page, "Prova attivata!");
    await started.waitFor();
    assert.equal(await started.getAttribute("data-toast"), "success");
    await toast(page, "Accesso richiesto").waitFor({ state: "detached" });
    assert.match(await started.innerText(), /La tua prova gratuita di 14 giorni per il piano Pro è iniziata!/);
    await waitForPath(page, "/dashboard");
    const me = await (await context.request.get(`${server.url}/api/stores/me`)).json();
    assert.equal(me.plan, "pro");
    assert.equal(me.trial_used, true);
    assert.equal(await page.evaluate(() => localStorage.getItem("pendingTrial")), null, "the pending trial is used up");
    assert.deepEqual(console.problems, []);
    await context.close();
  });

  test("at 390 px logs out from the menu, after the confirmation", async () => {
    const email = newEmail("rosa");
    const shop = await verifiedByApi(email, password);
    const { context, page, console } = await newPage(PHONE);
    await page.goto(`${server.url}/login`);
    await fillLogin(page, email, password);
    await toast(page, "Login Effettuato").waitFor();
    // On a phone the toast sits at the bottom: the header and its menu stay in reach.
    const header = await page.locator("header").first().boundingBox();
    const told = await toast(page, "Login Effettuato").boundingBox();
    assert.ok(told.y >= header.y + header.height, `the toast (top ${told.y}) covers the header (bottom ${header.y + header.height})`);
    await waitForPath(page, "/dashboard");
    await page.getByRole("button", { name: "Apri menu" }).click();
    const menu = page.locator("#mobile-menu");
    const view = menu.getByRole("link", { name: "Visualizza Negozio" });
    assert.equal(await view.getAttribute("target"), "_blank");
    assert.match(await view.getAttribute("href"), new RegExp(`^/store/${shop.id}/`));
    await menu.getByRole("button", { name: "Logout" }).click();
    const dialog = page.getByRole("dialog", { name: "Sicuro di voler effettuare il logout?" });
    const box = await dialog.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, "the confirmation fits the screen");
    await dialog.getByRole("button", { name: "Logout" }).click();
    await toast(page, "Logout effettuato").waitFor();
    await waitForPath(page, "/");
    // A logout is not an expired session: one toast, a success.
    await page.waitForTimeout(1800);
    assert.equal(await toast(page, "Sessione scaduta").count(), 0);
    assert.equal(await toast(page, "Logout effettuato").getAttribute("data-toast"), "success");
    assert.equal((await context.request.get(`${server.url}/api/stores/me`)).status(), 401);
    assert.deepEqual(console.problems, []);
    await context.close();
  });
});

describe("registration messages", () => {
  test("every field rule of docs/product/validation.md is shown for a bad value", async () => {
    const { context, page, console } = await newPage();
    await page.goto(`${server.url}/create`);
    const form = page.locator("form");
    await page.getByRole("button", { name: "Crea Negozio" }).click();
    const errors = async () => (await form.locator("[data-field-error]").allInnerTexts()).map((s) => s.trim());
    const empty = await errors();
    for (const message of [
      "Il nome del negozio deve avere almeno 2 caratteri.",
      "La descrizione deve avere almeno 10 caratteri.",
      "Inserisci un CAP valido di 5 cifre.",
      "La città è obbligatoria e viene determinata dal CAP.",
      "L'indirizzo (via e numero) deve avere almeno 5 caratteri.",
      "Inserisci un numero di telefono valido.",
      "Inserisci un indirizzo email valido.",
      "La password deve avere almeno 8 caratteri.",
    ]) {
      assert.ok(empty.includes(message), `"${message}" among ${JSON.stringify(empty)}`);
    }
    assert.ok(!empty.includes("Inserisci un URL valido."), "the website is optional");

    await fillRegistration(page, { name: "E", description: "Corta", address: "Via", telephone: "12", website: "non è un sito", email: "rossi@" });
    await typeInto(page.getByLabel("CAP"), "123");
    await page.getByRole("button", { name: "Crea Negozio" }).click();
    const bad = await errors();
    for (const message of [
      "Il nome del negozio deve avere almeno 2 caratteri.",
      "La descrizione deve avere almeno 10 caratteri.",
      "Inserisci un CAP valido di 5 cifre.",
      "La città è obbligatoria e viene determinata dal CAP.",
      "L'indirizzo (via e numero) deve avere almeno 5 caratteri.",
      "Inserisci un URL valido.",
      "Inserisci un numero di telefono valido.",
      "Inserisci un indirizzo email valido.",
    ]) {
      assert.ok(bad.includes(message), `"${message}" among ${JSON.stringify(bad)}`);
    }
    for (const [value, message] of [
      ["Ab1!", "La password deve avere almeno 8 caratteri."],
      ["mattoni2026!", "La password deve contenere almeno una lettera maiuscola."],
      ["MATTONI2026!", "La password deve contenere almeno una lettera minuscola."],
      ["Mattoni!!", "La password deve contenere almeno un numero."],
      ["Mattoni2026", "La password deve contenere almeno un carattere speciale."],
    ]) {
      await typeInto(page.getByLabel("Password", { exact: true }), value);
      await page.getByRole("button", { name: "Crea Negozio" }).click();
      await form.locator("[data-field-error]", { hasText: message }).waitFor();
    }
    assert.equal(new URL(page.url()).pathname, "/create", "nothing was sent");
    assert.deepEqual(console.problems, []);
    await context.close();
  });

  test("an address that already has a shop is refused with a clear message", async () => {
    const { context, page, console } = await newPage();
    console.expect("POST /api/stores 409");
    await page.goto(`${server.url}/create`);
    await typeCapAndWaitForCity(page, "00118");
    await fillRegistration(page, { email: "demo@vetrina.it" });
    await page.getByRole("button", { name: "Crea Negozio" }).click();
    await toast(page, "Errore").filter({ hasText: "Esiste già un account con questa email." }).waitFor();
    assert.equal(new URL(page.url()).pathname, "/create", "the form stays, filled in");
    assert.equal(await page.getByLabel("Nome del negozio").inputValue(), "Edil Rossi");
    assert.equal(await page.getByRole("button", { name: "Crea Negozio" }).isDisabled(), false);
    assert.deepEqual(console.problems, []);
    await context.close();
  });

  test("CAP: not found, several towns, another length clears the city", async () => {
    const { context, page, console } = await newPage();
    console.expect("GET /api/geo/city-by-cap 404");
    await page.goto(`${server.url}/create`);
    await typeInto(page.getByLabel("CAP"), "99999");
    await page.getByText("CAP non trovato. Controlla il codice inserito.", { exact: true }).waitFor({ timeout: 5000 });

    // 10030 belongs to five towns: a selector replaces the read-only field.
    await typeInto(page.getByLabel("CAP"), "10030");
    const select = page.locator("select[name=city]");
    await select.waitFor({ timeout: 5000 });
    assert.equal(await page.getByText("CAP non trovato").count(), 0);
    const options = await select.locator("option").allInnerTexts();
    assert.equal(options[0], "Seleziona la città corretta");
    assert.deepEqual(options.slice(1), ["Maglione", "Rondissone", "Vestignè", "Villareggia", "Vische"]);
    await select.selectOption("Vische");
    assert.equal(await select.inputValue(), "Vische");

    await typeInto(page.getByLabel("CAP"), "1003");
    await page.locator("input[name=city]").waitFor();
    assert.equal(await page.getByLabel("Città").inputValue(), "", "another length clears the city");
    await typeCapAndWaitForCity(page, "00118");
    assert.equal(await page.getByLabel("Città").inputValue(), "Roma");
    assert.deepEqual(console.problems, []);
    await context.close();
  });

  test("logo: a file that is not an image, or larger than 5 MB, is refused", async () => {
    const { context, page, console } = await newPage();
    await page.goto(`${server.url}/create`);
    const logo = page.getByLabel("Logo (facoltativo)");
    await logo.setInputFiles({ name: "listino.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n") });
    const invalid = toast(page, "Invalid file type");
    await invalid.waitFor();
    assert.match(await invalid.innerText(), /Please upload an image file\./);
    assert.equal(await logo.evaluate((i) => i.files.length), 0, "the file is dropped");

    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    await logo.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: big });
    const tooLarge = toast(page, "File too large");
    await tooLarge.waitFor();
    assert.match(await tooLarge.innerText(), /Image must be less than 5MB\./);
    assert.equal(await logo.evaluate((i) => i.files.length), 0);

    await logo.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: big.subarray(0, 1024) });
    await page.waitForTimeout(200);
    assert.equal(await page.locator("[data-toast]").filter({ hasText: "File too large" }).count() <= 1, true);
    assert.equal(await logo.evaluate((i) => i.files.length), 1, "a small image is kept");
    assert.deepEqual(console.problems, []);
    await context.close();
  });
});

describe("every account page", () => {
  const pages = ["/login", "/auth", "/create", "/verify-email", "/email-verification/mario%40edilrossi.it", "/recupera-password", "/reset-password", "/reset-password?token=abc"];
  for (const viewport of [DESKTOP, PHONE]) {
    test(`loads without console errors and fits ${viewport.width} px`, async () => {
      const { context, page, console } = await newPage(viewport, { strict: true });
      console.expect("POST /api/auth/verify-email 400");
      for (const path of pages) {
        await page.goto(server.url + path);
        await page.locator("main h1").first().waitFor();
        await page.waitForTimeout(300);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= viewport.width, `${path}: page is ${width} px wide`);
        // Every button and field of the card is inside the screen.
        const outside = await page.evaluate((w) => {
          return [...document.querySelectorAll("main input, main button, main a, main select, main textarea")]
            .filter((el) => el.getClientRects().length && el.type !== "file")
            .map((el) => ({ el, r: el.getBoundingClientRect() }))
            .filter(({ r }) => r.left < 0 || r.right > w + 0.5)
            .map(({ el }) => el.outerHTML.slice(0, 80));
        }, viewport.width);
        assert.deepEqual(outside, [], `${path}: elements outside the screen`);
        assert.deepEqual(console.problems, [], `${path}: ${console.problems.join("\n")}`);
      }
      await context.close();
    });
  }

  test("at 390 px a new owner registers, sees the pending page and can open the resend dialog", async () => {
    const { context, page, console } = await newPage(PHONE);
    console.expect("POST /api/auth/resend-verification 429");
    await page.goto(`${server.url}/create`);
    await typeCapAndWaitForCity(page, "00118");
    const { email, name } = await fillRegistration(page, { name: "Edil Rossi Mobile" });
    // A real 1×1 PNG as the logo: uploaded first, then named in the new shop.
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    await page.getByLabel("Logo (facoltativo)").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    // The new shop is not public before its address is confirmed: its logo is read from the
    // registration's reply.
    const registered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/stores");
    await page.getByRole("button", { name: "Crea Negozio" }).click();
    await waitForPath(page, `/email-verification/${encodeURIComponent(email)}`);
    const shop = await (await registered).json();
    assert.equal(shop.name, name);
    assert.ok(shop.logo_img_url, `the shop has its logo: ${JSON.stringify(shop)}`);
    const logo = await fetch(new URL(shop.logo_img_url, server.url));
    assert.equal(logo.status, 200);
    assert.match(logo.headers.get("content-type"), /^image\/png/);
    await toast(page, "Negozio creato").waitFor();
    const box = await toast(page, "Negozio creato").boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, "the toast fits the screen");
    await page.getByRole("button", { name: "Invia di nuovo l'email" }).click();
    const dialog = page.getByRole("dialog");
    const dbox = await dialog.boundingBox();
    assert.ok(dbox.x >= 0 && dbox.x + dbox.width <= PHONE.width, "the dialog fits the screen");
    await dialog.getByRole("button", { name: "Invia email" }).click();
    await dialog.getByRole("button", { name: /^Riprova tra 0:\d\d$/ }).waitFor();
    assert.deepEqual(console.problems, []);
    await context.close();
  });
});

describe("after the cooldown", () => {
  let late;
  before(async () => {
    late = { email: newEmail("verdi"), at: Date.now() };
    await registerByApi(late.email, "Cemento2026!");
  });

  test("the wait ends, the message goes, a new e-mail is sent, the button waits 1:00 and the new link works", async () => {
    const { context, page, console } = await newPage();
    console.expect("POST /api/auth/resend-verification 429");
    await page.goto(`${server.url}/email-verification/${encodeURIComponent(late.email)}`);
    await page.getByRole("button", { name: "Invia di nuovo l'email" }).click();
    const dialog = page.getByRole("dialog");
    // A few seconds before the minute is over: the server still asks to wait.
    const early = late.at + 55_000 - Date.now();
    if (early > 0) await page.waitForTimeout(early);
    await dialog.getByRole("button", { name: "Invia email" }).click();
    const cooldown = dialog.getByText(/^Puoi richiedere una nuova email di verifica tra \d+ secondi$/);
    await cooldown.waitFor();
    await dialog.getByRole("button", { name: /^Riprova tra 0:0\d$/ }).waitFor();
    const send = dialog.getByRole("button", { name: "Invia email" });
    await send.waitFor({ timeout: 12_000 });
    assert.equal(await send.isDisabled(), false, "the button is back when the wait is over");
    assert.equal(await cooldown.count(), 0, "the wait message is gone");

    const seen = seenFiles();
    await send.click();
    await toast(page, "Controlla la tua email").waitFor();
    const button = dialog.getByRole("button", { name: /^Riprova tra \d:\d\d$/ });
    assert.match(await button.innerText(), /^Riprova tra (1:00|0:59)$/);
    assert.equal(await button.isDisabled(), true);
    const link = await linkFor(late.email, "verify-email", seen);
    await page.goto(link);
    await page.getByText("Email verificata con successo! Stai per essere reindirizzato...", { exact: true }).waitFor();
    assert.deepEqual(console.problems, []);
    await context.close();
  });
});
