// The browser tests type as a person does (harness.mjs `typeInto`: click, then key by key).
// Playwright's `fill()` sets a field's value in one go, which hides bugs a person meets while
// typing (e.g. a dialog that steals the focus on every keystroke), so it must not come back.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { root } from "./helpers.mjs";

test("no browser test fills a field in one go: every field is typed key by key", () => {
  const dir = path.join(root, "e2e");
  const found = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".mjs"))) {
    fs.readFileSync(path.join(dir, file), "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (/\.fill\s*\(/.test(line)) found.push(`e2e/${file}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(found, [], `use typeInto(locator, text) from e2e/harness.mjs instead of .fill():\n${found.join("\n")}`);
});
