// The server bundle's React is patched (scripts/react-server-patches.mjs): its markup must stay
// exactly React's. Both renderers here are the same legacy build, one as published, one patched.
import assert from "node:assert/strict";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, test } from "node:test";
import { patchReactServer, withDirectAttributes, withElementShortcuts, withHostEscape, withJoinedFlush } from "../scripts/react-server-patches.mjs";

const require = createRequire(import.meta.url);
// The production builds, as in the server bundle (plain require would pick the development ones).
const cjs = (pkg, file) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), "cjs", file);
const React = require(cjs("react", "react.production.js"));
const ReactDOM = require(cjs("react-dom", "react-dom.production.js"));
const legacyPath = cjs("react-dom", "react-dom-server-legacy.browser.production.js");
const published = fs.readFileSync(legacyPath, "utf8");

/** Evaluates a build of the legacy renderer as a CommonJS module; `host` becomes `vetrinaHost`. */
function renderer(source, host) {
  const module = { exports: {} };
  const imports = { react: React, "react-dom": ReactDOM };
  new Function("module", "exports", "require", "vetrinaHost", source)(module, module.exports, (name) => imports[name], host);
  return module.exports.renderToString;
}

const original = renderer(published);
// Without vetrinaHost, as in Node: the escape is React's own (its patch is tested below).
const patchedSource = patchReactServer(published);
const patched = renderer(patchedSource);

/** The names a patch put in one of its Sets. */
const setOf = (name) => [...patchedSource.matchAll(new RegExp(`${name} = new Set\\((\\[.*?\\])\\)`, "g"))].flatMap((m) => JSON.parse(m[1]));

// Every name of React's attribute switch, names that go to its default branch, and values of
// every kind React treats differently.
const switchNames = setOf("vetrinaAttributeCases");
const otherNames = ["id", "alt", "rel", "target", "loading", "decoding", "title", "aria-hidden", "aria-label", "data-x", "onClick", "onclick", "on", "one", "Once", "tabindex", "acceptCharset", "htmlFor", "strokeWidth", "bad name", "x<y", "référence"];
const values = ["x", "", "a\"b<c>&'", "javascript:alert(1)", true, false, 0, 3, -1, NaN, null, undefined, () => {}, Symbol("s"), { toString: () => "obj" }];

function markupOf(render, name, value) {
  try {
    return render(React.createElement("div", { [name]: value }, "t"));
  } catch (err) {
    return `throws ${err.message}`;
  }
}

describe("React's server markup after the patches", () => {
  test("the attribute switch's names are found", () => {
    assert.ok(switchNames.length >= 50, `${switchNames.length} names`);
    for (const name of ["className", "style", "href", "xlinkHref", "disabled"]) assert.ok(switchNames.includes(name), name);
  });
  test("every attribute name with every kind of value writes the same markup", () => {
    let compared = 0;
    for (const name of [...switchNames, ...otherNames]) {
      for (const value of values) {
        assert.equal(markupOf(patched, name, value), markupOf(original, name, value), `${name}=${String(value)}`);
        compared++;
      }
    }
    assert.ok(compared > 1000);
  });
  test("elements of every kind write the same markup", () => {
    const h = React.createElement;
    const tree = h(
      "section",
      { id: "s", "aria-labelledby": "t", className: "c" },
      h("h2", { id: "t" }, "Titolo ", 3),
      h("a", { href: "/p?a=1&b=2", target: "_blank", rel: "noopener" }, "link"),
      h("img", { src: "/i.png", alt: "immagine", loading: "lazy", decoding: "async" }),
      h("input", { type: "text", name: "q", defaultValue: "v", "aria-invalid": true, readOnly: true }),
      h("select", { value: "b", onChange: () => {} }, h("option", { value: "a" }, "A"), h("option", { value: "b" }, "B")),
      h("svg", { viewBox: "0 0 1 1", "aria-hidden": "true", dangerouslySetInnerHTML: { __html: "<g></g>" } }),
      h("button", { type: "button", disabled: true, style: { marginTop: 4, lineHeight: 1.5 } }, "ok"),
    );
    assert.equal(patched(tree), original(tree));
  });
  test("every tag, in every kind of parent, writes the same markup", () => {
    const h = React.createElement;
    const tags = [...new Set([...setOf("vetrinaStartTagCases"), ...setOf("vetrinaChildFormatCases")])];
    assert.ok(tags.length >= 40 && tags.includes("select") && tags.includes("svg"), `${tags.length} tags`);
    const others = ["h1", "ul", "section", "nav", "article", "main", "dl", "rect", "circle", "my-element", "x-y-z", "foreignObject", "annotation-xml"];
    const parents = [(c) => c, (c) => h("div", null, c), (c) => h("svg", null, c), (c) => h("table", null, c), (c) => h("select", { value: "a", onChange() {} }, c), (c) => h("math", null, c)];
    let compared = 0;
    for (const tag of [...tags, ...others]) {
      for (const parent of parents) {
        for (const props of [{ className: "c", id: "i", "data-x": "1" }, { value: "a", children: "testo" }, { children: h("span", null, "dentro") }, { flag: true, count: 3, style: { color: "red" } }]) {
          const tree = parent(h(tag, props));
          let a, b;
          try {
            a = patched(tree);
          } catch (err) {
            a = `throws ${err.message}`;
          }
          try {
            b = original(tree);
          } catch (err) {
            b = `throws ${err.message}`;
          }
          assert.equal(a, b, `<${tag}> ${JSON.stringify(props)}`);
          compared++;
        }
      }
    }
    assert.ok(compared > 800);
  });
  test("Suspense boundaries, suspended parts and text runs write the same markup", () => {
    const h = React.createElement;
    const pending = new Promise(() => {});
    const Suspends = () => {
      throw pending;
    };
    const List = ({ n }) => h("ul", null, Array.from({ length: n }, (_, i) => h("li", { key: i }, "voce ", i, " di ", n)));
    const tree = h(
      "div",
      null,
      "prima",
      h(React.Suspense, { fallback: h("p", null, "attesa") }, h(List, { n: 3 }), "dopo la lista"),
      h(React.Suspense, { fallback: h("p", null, "attesa ", "due") }, h(Suspends)),
      h(List, { n: 40 }),
      "fine",
    );
    const out = patched(tree);
    assert.equal(out, original(tree));
    assert.match(out, /<!--\$!-->/, "the suspended part is left to the client, as React does");
    assert.equal(patched(h(React.Fragment)), original(h(React.Fragment)));
    assert.equal(patched("solo testo"), original("solo testo"));
  });
  test("with the host's escape, the same markup too", () => {
    const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]);
    const hosted = renderer(patchReactServer(published), { escapeHtml });
    const tree = React.createElement("p", { title: "l'acqua \"più\" <b>", "data-n": "a&b" }, "x < y & 'z'");
    assert.equal(hosted(tree), original(tree));
  });
  test("a React build that differs from the expected code fails the build", () => {
    const changed = published.replace("function pushAttribute(target, name, value) {", "function pushAttribute(target, name, value, extra) {");
    assert.throws(() => withDirectAttributes(changed), /react-dom's server build changed/);
    assert.throws(() => withHostEscape(published.replace("matchHtmlRegExp.exec(text)", "matchHtmlRegExp.exec(text + '')")), /react-dom's server build changed/);
    assert.throws(() => withElementShortcuts(published.replace("function getChildFormatContext(parentContext, type, props) {", "function getChildFormatContext(parentContext, type, props, more) {")), /react-dom's server build changed/);
    assert.throws(() => withJoinedFlush(published.replace("destination.push(chunks[chunkIdx]);", "destination.push(chunks[chunkIdx++]);")), /react-dom's server build changed/);
  });
});
