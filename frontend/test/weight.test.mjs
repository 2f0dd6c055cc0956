// The JavaScript a visitor's page downloads before it is interactive, as the server sends it
// (the build's brotli files): the boot script, the app's entry and every chunk the entry
// imports statically. Owner pages are chunks loaded when visited, so they do not count.
// Budget: 80 KB (issue "light pages"; decision 034). Reads the built dist/.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "dist");
const BUDGET = 80 * 1024;

test("a visitor's page loads at most 80 KB of compressed JavaScript", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, "manifest.json"), "utf8"));
  const client = path.join(dist, "client");
  const files = new Set([path.join(client, manifest.boot)]);
  const queue = [path.join(client, manifest.js)];
  while (queue.length) {
    const file = queue.pop();
    if (files.has(file)) continue;
    files.add(file);
    const code = fs.readFileSync(file, "utf8");
    // Static imports only: `import(…)` is a chunk loaded later.
    for (const [, spec] of code.matchAll(/(?:from|import)\s*"(\.\.?\/[^"]+\.js)"/g)) queue.push(path.join(path.dirname(file), spec));
  }
  const sent = [...files].reduce((sum, file) => sum + fs.statSync(`${file}.br`).size, 0);
  assert.ok(files.size > 2, "the entry imports its shared chunks");
  assert.ok(sent <= BUDGET, `${(sent / 1024).toFixed(1)} KB of compressed JavaScript (budget 80 KB) in ${files.size} files`);
});
