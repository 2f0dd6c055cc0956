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
