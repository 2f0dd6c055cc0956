// React's development build reports every hydration mismatch (text, attributes, generated ids)
// that the production bundle the server ships passes over in silence: scripts/hydration-check.mjs
// renders every public page with the server bundle and hydrates it with a development client
// bundle in Chromium, and fails on any report.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import path from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { repo } from "./harness.mjs";

test("every public page hydrates without a mismatch in React's development build", async () => {
  const script = path.join(repo, "frontend/scripts/hydration-check.mjs");
  const run = await promisify(execFile)(process.execPath, [script], { cwd: path.join(repo, "frontend"), timeout: 300_000 }).catch((e) => e);
  assert.equal(run.code ?? 0, 0, `${run.stdout ?? ""}\n${run.stderr ?? ""}`);
});
