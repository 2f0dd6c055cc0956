// The server bundle in the engine the server embeds (QuickJS-NG, here compiled to WebAssembly):
// no URL, no Intl, no timers; only `console` is provided, as the render pool does.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { before, describe, test } from "node:test";
import variant from "@jitl/quickjs-ng-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant } from "quickjs-emscripten-core";
import { dist, ensureBuilt, loadServerBundle, exploreOf, listingOf, makeProduct, makeStore, site } from "./helpers.mjs";

let qjs;
let node;
before(async () => {
  ensureBuilt();
  node = loadServerBundle();
  const QuickJS = await newQuickJSWASMModuleFromVariant(variant);
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(256 * 1024 * 1024);
  runtime.setMaxStackSize(4 * 1024 * 1024);
  const vm = runtime.newContext();
  const logs = [];
  const con = vm.newObject();
  for (const level of ["log", "error", "warn"]) {
    const fn = vm.newFunction(level, (...args) => {
      logs.push(`${level}: ${args.map((a) => vm.dump(a)).join(" ")}`);
    });
    vm.setProp(con, level, fn);
    fn.dispose();
  }
  vm.setProp(vm.global, "console", con);
  con.dispose();
  vm.unwrapResult(vm.evalCode(fs.readFileSync(path.join(dist, "server", "entry-server.js"), "utf8"), "entry-server.js")).dispose();
  qjs = {
    logs,
    globalType: (name) => vm.dump(vm.unwrapResult(vm.evalCode(`typeof ${name}`))),
    render(url, props) {
      const handle = vm.unwrapResult(vm.evalCode(`vetrinaRender(${JSON.stringify(url)}, ${JSON.stringify(JSON.stringify(props))})`));
      const out = vm.dump(handle);
      handle.dispose();
      assert.equal(typeof out, "object");
      return out;
    },
  };
});

const store = makeStore();
const products = Array.from({ length: 30 }, (_, i) => makeProduct(30 - i));
const cases = [
  ["/", { site }],
  ["/explore", { site, ...exploreOf([store, makeStore({ id: 9, slug: "altro", name: "Àltro Negozio", product_count: 0 })]) }],
  ["/store/3/edilizia-demo", { site, store, listing: listingOf(products) }],
  ["/product/3/edilizia-demo/12/prodotto-12", { site, store, product: makeProduct(12, { name: "Colla \u2028 «speciale» </script>" }), related: products.slice(0, 15) }],
  ["/pricing?billing=monthly", { site }],
  ["/contacts", { site }],
  ["/faq", { site }],
  ["/privacy", { site }],
  ["/cookie", { site }],
  ["/store/404/x", { site, notFound: true }],
  ["/non/esiste", { site }],
];

describe("server bundle in QuickJS-NG", () => {
  test("the engine really lacks URL and Intl (the bundle must not need them)", () => {
    assert.equal(qjs.globalType("Intl"), "undefined");
    assert.equal(qjs.globalType("window"), "undefined");
    assert.equal(qjs.globalType("process"), "undefined");
  });
  for (const [url, props] of cases) {
    test(`${url}: same output as V8`, () => {
      const a = qjs.render(url, props);
      const b = node.render(url, props);
      assert.equal(a.status, b.status);
      assert.equal(a.head, b.head);
      assert.equal(a.html, b.html);
    });
  }
  test("no console output", () => {
    assert.deepEqual(qjs.logs, []);
  });
});
