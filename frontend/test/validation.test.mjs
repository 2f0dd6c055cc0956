// lib/validation.ts: the e-mail rule the forms check before the server's parse_email.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { importSrc } from "./helpers.mjs";

let v;
before(async () => {
  v = await importSrc("lib/validation.ts");
});

describe("isEmail: one plain address", () => {
  test("ordinary addresses pass, trimmed", () => {
    for (const ok of ["mario.rossi@ferramenta.it", " Mario.Rossi+preventivi@Edilizia-Bianchi.IT ", "o'brien@posta.it", "info@caffè.it", "a_b-c@x.co.uk"]) {
      assert.equal(v.isEmail(ok), true, ok);
    }
  });
  test("lists, markup, header injection, display names, quotes, spaces and invisible characters are refused", () => {
    for (const bad of [
      "",
      "mario@",
      "@x.it",
      "mario@localhost",
      "mario rossi@x.it",
      "vittima@gmail.com,attaccante@evil.it",
      "vittima@gmail.com;attaccante@evil.it",
      "<script>@x.it",
      "x@x.it<script>",
      "bcc:x@evil.it",
      "Mario <mario@x.it>",
      "<mario@x.it>",
      "mario@x.it (commento)",
      '"mario rossi"@x.it',
      'ma"rio@x.it',
      "mario@x.it\r\nBcc: y@evil.it",
      "mario\n@x.it",
      "mario@[127.0.0.1]",
      "mario@x..it",
      "mario@-x.it",
      "mario..rossi@x.it",
      ".mario@x.it",
      "mario\u200B@x.it",
      "mario\u202E@x.it",
      "a\\b@x.it",
    ]) {
      assert.equal(v.isEmail(bad), false, JSON.stringify(bad));
    }
  });
});
