// Small owner-side rules: registration errors that follow the value while typing, and the
// dashboard's "Mostrando a-b di N prodotti" in the singular for one product.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { goodRegistration, importSrc } from "./helpers.mjs";

let v;
let it;
before(async () => {
  v = await importSrc("features/accounts/validation.ts");
  ({ it } = await importSrc("i18n/it.ts"));
});

const good = goodRegistration;

describe("registration errors while typing", () => {
  test("a shown error goes as soon as the field is valid; the other fields keep theirs", () => {
    const errors = v.validateRegistration({ ...good, name: "", email: "mario@" });
    assert.deepEqual(Object.keys(errors).sort(), ["email", "name"]);
    const after = v.errorsAfterEdit(errors, "name", { ...good, name: "Fe", email: "mario@" });
    assert.deepEqual(after, { email: it.accounts.rules.email });
  });

  test("a shown error follows the value to the next broken rule", () => {
    const errors = { password: it.accounts.rules.passwordLength };
    assert.deepEqual(v.errorsAfterEdit(errors, "password", { ...good, password: "Mattoni2026" }), { password: it.accounts.rules.passwordSpecial });
    assert.deepEqual(v.errorsAfterEdit(errors, "password", { ...good, password: "Mattoni2026!" }), {});
  });

  test("a field with no error gets none while typing, and unchanged errors keep their object", () => {
    const errors = { email: it.accounts.rules.email };
    assert.equal(v.errorsAfterEdit(errors, "name", { ...good, name: "F" }), errors);
    assert.equal(v.errorsAfterEdit(errors, "email", { ...good, email: "mario@" }), errors);
  });

  test("leaving a field checks what was typed; an empty field waits for the submit", () => {
    assert.deepEqual(v.errorsAfterBlur({}, "telephone", { ...good, telephone: "12" }), { telephone: it.accounts.rules.telephone });
    assert.deepEqual(v.errorsAfterBlur({}, "telephone", { ...good, telephone: "" }), {});
    assert.deepEqual(v.errorsAfterBlur({ telephone: it.accounts.rules.telephone }, "telephone", { ...good }), {});
  });
});

describe("dashboard pagination text", () => {
  test("one product in the singular, any other count in the plural", () => {
    assert.equal(it.dashboard.grid.showing(1, 1, 1), "Mostrando 1-1 di 1 prodotto");
    assert.equal(it.dashboard.grid.showing(1, 2, 2), "Mostrando 1-2 di 2 prodotti");
    assert.equal(it.dashboard.grid.showing(21, 40, 66), "Mostrando 21-40 di 66 prodotti");
  });
  test("every count an owner reads is written the Italian way", () => {
    assert.equal(it.dashboard.grid.showing(18421, 18440, 18440), "Mostrando 18.421-18.440 di 18.440 prodotti");
    assert.match(it.dashboard.confirm.bulkAll(18440), /eliminare tutti i 18\.440 prodotti/);
    assert.equal(it.dashboard.review.open(18357), "18.357 prodotti da controllare");
    assert.equal(it.upload.preview.doneText(20068), "20.068 prodotti importati con successo.");
  });
});

describe("the shop's exact position as an owner pastes it", () => {
  let pos;
  before(async () => {
    pos = await importSrc("lib/position.ts");
  });

  test("as a map copies it, with decimal points or commas", () => {
    assert.deepEqual(pos.parsePosition("45.4642, 9.1900"), { lat: 45.4642, lng: 9.19 });
    assert.deepEqual(pos.parsePosition(" 45,4642 9,19 "), { lat: 45.4642, lng: 9.19 });
    assert.deepEqual(pos.parsePosition("45,4642, 9,19"), { lat: 45.4642, lng: 9.19 });
    assert.deepEqual(pos.parsePosition("41.9028;12.4964"), { lat: 41.9028, lng: 12.4964 });
    assert.deepEqual(pos.parsePosition("45.4642° N, 9.19° E"), { lat: 45.4642, lng: 9.19 });
  });

  test("empty is none; anything but two numbers is refused", () => {
    assert.equal(pos.parsePosition("   "), null);
    for (const bad of ["45.46", "45.46, 9.19, 3", "via Roma 1", "45.46, abc", "45.46 9.19 Milano"]) assert.equal(pos.parsePosition(bad), "invalid", bad);
  });

  test("a saved position reads back as it parses", () => {
    const p = { lat: 45.4642, lng: 9.19 };
    assert.equal(pos.formatPosition(p), "45.4642, 9.19");
    assert.deepEqual(pos.parsePosition(pos.formatPosition(p)), p);
    assert.equal(pos.formatPosition(null), "");
  });
});
