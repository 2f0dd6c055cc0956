// "Chiedi disponibilità" as a visitor on a phone (390 px, touch) and the owner at a desktop
// (1280 px): the form beside the price, its Italian field errors, the request reaching the
// owner's mail (the outbox) and the dashboard's inbox, marked read and answered from there.
// Every field is typed key by key. Screenshots go to /tmp/inquiries/.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { blockThirdParty, demoOwnerPage, demoPaths, eventually, launchBrowser, startServer, typeInto, watchConsole } from "./harness.mjs";

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

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const SHOTS = "/tmp/inquiries";
fs.mkdirSync(SHOTS, { recursive: true });

/** Every .eml the server wrote to its outbox, as text. */
function outbox() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".eml")) found.push(fs.readFileSync(full, "utf8"));
    }
  };
  walk(server.dataDir);
  return found;
}

describe("Chiedi disponibilità", () => {
  test("a visitor on a phone asks about a product; the owner reads it in the dashboard", async () => {
    const { product } = await demoPaths(server.url);
    const context = await browser.newContext({ ...PHONE, locale: "it-IT" });
    await blockThirdParty(context, server.url);
    await context.addInitScript(() => localStorage.setItem("cookiePreferences", JSON.stringify({ essential: true, analytics: false, marketing: false })));
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(server.url + product);
    const productName = (await page.getByRole("heading", { level: 1 }).textContent()).trim();

    await page.getByRole("button", { name: "Chiedi disponibilità" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/phone-product.png` });
    await page.getByRole("button", { name: "Chiedi disponibilità" }).tap();
    const dialog = page.getByRole("dialog", { name: "Chiedi disponibilità" });
    await dialog.waitFor();
    const message = dialog.getByLabel("Messaggio");
    assert.equal(await message.inputValue(), `Buongiorno, vorrei sapere se «${productName}» è disponibile.`);

    // Sent empty: the fields say what is missing, nothing goes out.
    await dialog.getByRole("button", { name: "Invia richiesta" }).tap();
    await dialog.getByText("Scrivi il tuo nome.").waitFor();
    await dialog.getByText("Scrivi un indirizzo email o un numero di telefono a cui il negozio possa risponderti.").waitFor();

    await typeInto(dialog.getByLabel("Il tuo nome"), "Giulia Verdi", { tap: true });
    // Not an address nor a number: the server's Italian message under the field.
    await typeInto(dialog.getByLabel("Email o telefono"), "giulia", { tap: true });
    await dialog.getByRole("button", { name: "Invia richiesta" }).tap();
    await dialog.getByText("Scrivi un indirizzo email o un numero di telefono a cui il negozio possa risponderti.").waitFor();
    await typeInto(dialog.getByLabel("Email o telefono"), "giulia.verdi@example.it", { tap: true });
    // Once corrected, the field's old error is gone.
    assert.equal(await dialog.getByText("Scrivi un indirizzo email o un numero di telefono a cui il negozio possa risponderti.").count(), 0);
    await message.tap();
    await page.keyboard.press("End");
    await page.keyboard.type(" Passo domani mattina.");
    await page.screenshot({ path: `${SHOTS}/phone-form.png` });
    await dialog.getByRole("button", { name: "Invia richiesta" }).tap();
    await dialog.getByText("Richiesta inviata").waitFor();
    assert.match(await dialog.textContent(), /ti risponderà a giulia\.verdi@example\.it/);
    await page.screenshot({ path: `${SHOTS}/phone-sent.png` });
    // The one refusal provoked above (422) is the browser's only complaint.
    assert.deepEqual(problems.filter((p) => !/status of 422/.test(p)), []);
    await context.close();

    // The owner's mail, with the visitor as the reply address.
    const mails = await eventually(() => outbox().filter((m) => m.includes("Nuova richiesta")).length, 1, 10000).then(() => outbox());
    const mail = mails.find((m) => m.includes("Nuova richiesta"));
    assert.match(mail, /Reply-To: giulia\.verdi@example\.it/);
    assert.ok(mail.includes("Passo domani mattina."));

    // The owner at a desktop: the banner counts it, the inbox shows it, a click marks it read.
    const owner = await demoOwnerPage(browser, server.url, DESKTOP);
    const open = owner.page.getByRole("button", { name: "1 richiesta nuova" });
    await open.click();
    const inbox = owner.page.getByRole("dialog", { name: "Richieste dei clienti" });
    const item = inbox.locator("[data-inquiry]").first();
    await item.getByText("Giulia Verdi").waitFor();
    assert.equal(await item.getAttribute("data-inquiry"), "unread");
    assert.ok((await item.textContent()).includes(`Su: ${productName}`));
    const reply = await item.getByRole("link", { name: "Rispondi a giulia.verdi@example.it" }).getAttribute("href");
    assert.ok(reply.startsWith("mailto:giulia.verdi@example.it?subject="));
    await owner.page.screenshot({ path: `${SHOTS}/desktop-inbox.png` });
    await item.getByRole("button", { name: "Segna come letta" }).click();
    await eventually(() => item.getAttribute("data-inquiry"), "read");
    await inbox.getByRole("button", { name: "Chiudi" }).click();
    await owner.page.getByRole("button", { name: "Richieste", exact: true }).waitFor();
    assert.deepEqual(owner.problems, []);
    await owner.context.close();
  });
});
