// The client reads a failed call by its `code` only: these tests give replies whose Italian
// texts would mislead a text-sniffing client and check that the branch follows the code.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { importSrcTogether } from "./helpers.mjs";

let api;
let errors;
before(async () => {
  ({ api, errors } = await importSrcTogether({ api: "lib/api.ts", errors: "features/accounts/errors.ts" }));
});

const reply = (status, body) => new api.ApiError(body?.error ?? `HTTP ${status}`, status, body);

describe("ApiError", () => {
  test("reads code, text, remainingTime and fields from the reply", () => {
    const e = reply(429, { error: "Puoi richiedere una nuova email di verifica tra 42 secondi", code: "resend_cooldown", remainingTime: 42 });
    assert.equal(e.code, "resend_cooldown");
    assert.equal(e.serverMessage, "Puoi richiedere una nuova email di verifica tra 42 secondi");
    assert.equal(e.remainingTime, 42);
    const v = reply(422, { error: "Nome mancante", code: "validation", fields: { name: "Nome mancante" } });
    assert.deepEqual(v.fields, { name: "Nome mancante" });
  });
  test("a reply without a body has no code and no server text", () => {
    const e = reply(502, null);
    assert.equal(e.code, null);
    assert.equal(e.serverMessage, null);
    assert.equal(e.remainingTime, null);
    assert.equal(api.messageOf(e, "Errore"), "Errore");
    assert.equal(api.errorCode(new Error("rete")), null);
  });
  test("an internal error shows the caller's text, others the server's", () => {
    assert.equal(api.messageOf(reply(500, { error: "Errore interno", code: "internal" }), "Riprova"), "Riprova");
    assert.equal(api.messageOf(reply(409, { error: "Esiste già un account con questa email.", code: "email_taken" }), "Riprova"), "Esiste già un account con questa email.");
    assert.equal(api.messageOf(new TypeError("Failed to fetch"), "Riprova"), "Riprova");
  });
  test("only `unauthorized` is a lost session; wrong credentials are not", () => {
    assert.ok(api.isSessionLost(reply(401, { error: "Non autenticato", code: "unauthorized" })));
    assert.ok(!api.isSessionLost(reply(401, { error: "Credenziali non valide", code: "invalid_credentials" })));
    const lost = [];
    const off = api.onSessionLost(() => lost.push(1));
    const original = console.error;
    console.error = () => {};
    try {
      api.failure(401, { error: "Credenziali non valide", code: "invalid_credentials" });
      assert.equal(lost.length, 0);
      api.failure(401, { error: "Non autenticato", code: "unauthorized" });
      assert.equal(lost.length, 1);
    } finally {
      console.error = original;
      off();
    }
  });
});

describe("account pages branch on the code", () => {
  test("resend: a cooldown waits remainingTime seconds, 60 when not said", () => {
    const text = "Puoi richiedere una nuova email di verifica tra 17 secondi";
    assert.deepEqual(errors.resendFailure(reply(429, { error: text, code: "resend_cooldown", remainingTime: 42 }), "x"), { kind: "wait", seconds: 42 });
    assert.deepEqual(errors.resendFailure(reply(429, { error: text, code: "resend_cooldown" }), "x"), { kind: "wait", seconds: 60 }, "the number in the text is not read");
    assert.deepEqual(errors.resendFailure(reply(429, { error: "Troppe richieste", code: "rate_limited", remainingTime: 300 }), "x"), { kind: "wait", seconds: 300 });
  });
  test("resend: failures other than a cooldown show the server's text, or the fallback", () => {
    const unavailable = "Non è stato possibile inviare l'email. Riprova più tardi.";
    assert.deepEqual(errors.resendFailure(reply(503, { error: unavailable, code: "unavailable" }), "Errore"), { kind: "message", text: unavailable });
    assert.deepEqual(errors.resendFailure(reply(500, { error: "Errore interno", code: "internal" }), "Errore nel rimandare l'email di verifica"), {
      kind: "message",
      text: "Errore nel rimandare l'email di verifica",
    });
    assert.deepEqual(errors.resendFailure(new TypeError("Failed to fetch"), "Errore"), { kind: "message", text: "Errore" });
  });
  test("reset and verification: a dead link is token_invalid or token_expired, whatever the text", () => {
    assert.ok(errors.isDeadLink(reply(400, { error: "Link scaduto", code: "token_expired" })));
    assert.ok(errors.isDeadLink(reply(400, { error: "Link non valido", code: "token_invalid" })));
    assert.ok(!errors.isDeadLink(reply(422, { error: "Il token della password non corrisponde", code: "validation" })), "mentions 'token', is not about the link");
    assert.ok(!errors.isDeadLink(new Error("token")));
  });
  test("login: email_not_verified offers the resend; registration problems show the server's text", () => {
    assert.ok(errors.isUnverified(reply(403, { error: "Verifica la tua email", code: "email_not_verified" })));
    assert.ok(!errors.isUnverified(reply(403, { error: "Verifica la tua email", code: "foreign_origin" })));
    for (const code of ["validation", "email_taken", "payload_too_large", "unsupported_media_type"]) assert.ok(errors.isRegistrationProblem(reply(400, { error: "x", code })), code);
    for (const code of ["internal", "unavailable", "rate_limited"]) assert.ok(!errors.isRegistrationProblem(reply(400, { error: "x", code })), code);
  });
});
