import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { goodRegistration, importSrc } from "./helpers.mjs";

let v;
let logo;
before(async () => {
  v = await importSrc("features/accounts/validation.ts");
  logo = await importSrc("lib/logo.ts");
});

const good = goodRegistration;

describe("registration rules (docs/product/validation.md)", () => {
  test("a complete form has no errors", () => {
    assert.deepEqual(v.validateRegistration(good), {});
    assert.deepEqual(v.validateRegistration({ ...good, website_url: "www.rossi.it", partner_group: "Gruppo" }), {});
  });
  test("each bad value gets its own message", () => {
    const bad = v.validateRegistration({
      ...good,
      name: "R",
      description: "corta",
      postal_code: "0011",
      city: "",
      address: "Via",
      telephone: "123",
      website_url: "non un sito",
      email: "mario@",
      password: "corta",
    });
    assert.deepEqual(bad, {
      name: "Il nome del negozio deve avere almeno 2 caratteri.",
      description: "La descrizione deve avere almeno 10 caratteri.",
      postal_code: "Inserisci un CAP valido di 5 cifre.",
      city: "La città è obbligatoria e viene determinata dal CAP.",
      address: "L'indirizzo (via e numero) deve avere almeno 5 caratteri.",
      telephone: "Inserisci un numero di telefono valido.",
      website_url: "Inserisci un URL valido.",
      email: "Inserisci un indirizzo email valido.",
      password: "La password deve avere almeno 8 caratteri.",
    });
  });
  test("postal code: exactly five digits", () => {
    for (const cap of ["0011a", "001188", "", "abcde"]) assert.ok(v.validateRegistration({ ...good, postal_code: cap }).postal_code, cap);
  });
  test("password rules in order", () => {
    assert.equal(v.passwordProblem("Ab1!"), "La password deve avere almeno 8 caratteri.");
    assert.equal(v.passwordProblem("cantiere2026!"), "La password deve contenere almeno una lettera maiuscola.");
    assert.equal(v.passwordProblem("CANTIERE2026!"), "La password deve contenere almeno una lettera minuscola.");
    assert.equal(v.passwordProblem("Cantiere!!"), "La password deve contenere almeno un numero.");
    assert.equal(v.passwordProblem("Cantiere2026"), "La password deve contenere almeno un carattere speciale.");
    assert.equal(v.passwordProblem("Cantiere2026!"), null);
  });
});

describe("reset password rules", () => {
  test("empty, mismatch, then password rules", () => {
    assert.equal(v.validateNewPassword("", "x"), "Tutti i campi sono obbligatori");
    assert.equal(v.validateNewPassword("Cantiere2026!", "Cantiere2026?"), "Le password non corrispondono");
    assert.equal(v.validateNewPassword("corta", "corta"), "La password deve avere almeno 8 caratteri.");
    assert.equal(v.validateNewPassword("Cantiere2026!", "Cantiere2026!"), null);
  });
});

describe("logo and resend countdown", () => {
  test("logo must be an image of at most 5 MB", () => {
    assert.equal(logo.logoProblem({ type: "image/png", size: 5 * 1024 * 1024 }), null);
    assert.deepEqual(logo.logoProblem({ type: "application/pdf", size: 10 }), { title: "Invalid file type", text: "Please upload an image file." });
    assert.deepEqual(logo.logoProblem({ type: "image/jpeg", size: 5 * 1024 * 1024 + 1 }), { title: "File too large", text: "Image must be less than 5MB." });
  });
  test("m:ss", () => {
    assert.equal(v.formatCountdown(60), "1:00");
    assert.equal(v.formatCountdown(59), "0:59");
    assert.equal(v.formatCountdown(5), "0:05");
    assert.equal(v.formatCountdown(0), "0:00");
  });
});
