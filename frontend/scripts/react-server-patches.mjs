// Changes to react-dom's legacy server build (renderToString), made by build.mjs as it
// bundles the server entry. Each checks the code it changes and fails the build when React's
// text differs; test/react-server-patches.test.mjs checks that the markup stays React's.
// See docs/decisions/010-server-render-cost.md and 011-react-server-patches-and-seller-fragment.md.

/** All patches, as the server bundle gets them. */
export function patchReactServer(source) {
  return withElementShortcuts(withJoinedFlush(withDirectAttributes(withHostEscape(source))));
}

/** The source of `function name(...) {...}` (a top-level function), or null. */
function functionAt(source, signature) {
  const start = source.indexOf(signature);
  const end = start === -1 ? -1 : source.indexOf("\n}\n", start);
  return end === -1 ? null : { start, end: end + 3, text: source.slice(start, end + 3) };
}

/** The string labels of every `case` in some code; null if one is not a plain string. */
function caseNames(code) {
  const cases = code.match(/\bcase\b/g) ?? [];
  const names = [...code.matchAll(/\bcase ("[^"\\]*"):/g)].map((m) => JSON.parse(m[1]));
  return names.length === cases.length ? [...new Set(names)] : null;
}

// React escapes every text and attribute value it writes, after searching it with a regex;
// QuickJS's regex engine made that search a fifth of a product page's render. Where the render
// pool offers vetrinaHost.escapeHtml (src/lib/host.ts), the escape is done in Rust with the
// same output; elsewhere React's own code runs. See docs/decisions/010-server-render-cost.md.
const REACT_ESCAPE = `  text = "" + text;
  var match = matchHtmlRegExp.exec(text);`;
export function withHostEscape(source) {
  if (source.split(REACT_ESCAPE).length !== 2) {
    throw new Error("react-dom's server build changed: update withHostEscape in scripts/react-server-patches.mjs");
  }
  const native = `var vetrinaHostEscape = typeof vetrinaHost === "object" && vetrinaHost !== null && typeof vetrinaHost.escapeHtml === "function" ? vetrinaHost.escapeHtml : null;\n`;
  const fast = `  text = "" + text;
  if (vetrinaHostEscape !== null) {
    var escaped = vetrinaHostEscape(text);
    if (escaped !== null) return escaped;
  }
  var match = matchHtmlRegExp.exec(text);`;
  return native + source.replace(REACT_ESCAPE, fast);
}

// React writes each attribute through a switch of some 70 names, and QuickJS tries the cases
// one by one: an attribute that is none of them (id, alt, aria-*, rel, target, ...) compared
// itself with every name before reaching the default branch (2.7 % of the demo product page's
// render). Those names now go to the default branch at once, through a Set of the switch's
// names; the others take the switch as before.
const PUSH_ATTRIBUTE = "function pushAttribute(target, name, value) {\n  switch (name) {\n";
const PUSH_ATTRIBUTE_DEFAULT = "\n    default:\n";
const PUSH_ATTRIBUTE_END = "\n  }\n}\nfunction pushInnerHTML(";
export function withDirectAttributes(source) {
  const start = source.indexOf(PUSH_ATTRIBUTE);
  const end = source.indexOf(PUSH_ATTRIBUTE_END, start);
  const body = start === -1 || end === -1 ? "" : source.slice(start + PUSH_ATTRIBUTE.length, end);
  const names = caseNames(body);
  const defaultAt = body.lastIndexOf(PUSH_ATTRIBUTE_DEFAULT);
  if (!body || !names || names.length < 50 || defaultAt === -1 || body.indexOf(PUSH_ATTRIBUTE_DEFAULT) !== defaultAt) {
    throw new Error("react-dom's server build changed: update withDirectAttributes in scripts/react-server-patches.mjs");
  }
  // Names of nested switches (typeof checks) join the Set too: they only take the slow path.
  const direct = body.slice(defaultAt + PUSH_ATTRIBUTE_DEFAULT.length);
  const patched =
    `var vetrinaAttributeCases = new Set(${JSON.stringify(names)});\n` +
    "function pushAttribute(target, name, value) {\n  if (!vetrinaAttributeCases.has(name)) {\n" +
    direct +
    "\n    return;\n  }\n  switch (name) {\n" +
    body;
  return source.slice(0, start) + patched + source.slice(end);
}

// renderToString collects the page as thousands of small chunks (each attribute is five) and
// then appended them to its result one call at a time, a loop that was an eighth of the render
// in QuickJS. The chunks between two child segments are now joined by Array.prototype.join,
// which is native code. (renderToString's destination always answers true to push.)
const FLUSH_LOOPS = `      for (var childIdx = 0; childIdx < segment.length; childIdx++) {
        for (r = segment[childIdx]; chunkIdx < r.index; chunkIdx++)
          destination.push(chunks[chunkIdx]);
        r = flushSegment(request, destination, r, hoistableState);
      }
      for (; chunkIdx < chunks.length - 1; chunkIdx++)
        destination.push(chunks[chunkIdx]);
      chunkIdx < chunks.length && (r = destination.push(chunks[chunkIdx]));
      return r;`;
const JOINED_FLUSH = `      for (var childIdx = 0; childIdx < segment.length; childIdx++) {
        r = segment[childIdx];
        chunkIdx < r.index &&
          (destination.push(chunks.slice(chunkIdx, r.index).join("")), (chunkIdx = r.index));
        r = flushSegment(request, destination, r, hoistableState);
      }
      chunkIdx < chunks.length && (r = destination.push(chunks.slice(chunkIdx).join("")));
      return r;`;
export function withJoinedFlush(source) {
  if (source.split(FLUSH_LOOPS).length !== 2) {
    throw new Error("react-dom's server build changed: update withJoinedFlush in scripts/react-server-patches.mjs");
  }
  return source.replace(FLUSH_LOOPS, JOINED_FLUSH);
}

// Two more switches on the element's tag run for every element: the one that picks how to
// write its start tag (some 50 tags, most of a page's tags being none of them) and the one
// that picks the format context of its children (14 tags, none of them an ordinary one).
// Tags that are none of their cases now skip them, through Sets of the cases' tags.
const START_INSTANCE = "function pushStartInstance(";
const START_INSTANCE_SWITCH = "\n  switch (type) {\n";
const START_INSTANCE_DEFAULT = '\n    default:\n      if (-1 !== type.indexOf("-")) {\n';
const START_INSTANCE_END = "\n  return pushStartGenericElement(target$jscomp$0, props, type, formatContext);\n}\n";
const CHILD_FORMAT = "function getChildFormatContext(parentContext, type, props) {\n";
const CHILD_FORMAT_SWITCH = "\n  switch (type) {\n";
export function withElementShortcuts(source) {
  const start = functionAt(source, START_INSTANCE);
  const format = functionAt(source, CHILD_FORMAT);
  const startCases = start && caseNames(start.text);
  const formatCases = format && caseNames(format.text);
  if (
    !startCases ||
    !formatCases ||
    start.text.split(START_INSTANCE_SWITCH).length !== 2 ||
    start.text.split(START_INSTANCE_DEFAULT).length !== 2 ||
    !start.text.endsWith(START_INSTANCE_END) ||
    format.text.split(CHILD_FORMAT_SWITCH).length !== 2 ||
    /\bdefault:/.test(format.text) ||
    format.start > start.start
  ) {
    throw new Error("react-dom's server build changed: update withElementShortcuts in scripts/react-server-patches.mjs");
  }
  // A tag of none of the cases goes to the default branch, which writes a generic element
  // unless the tag is a custom element's.
  const startText = start.text.replace(
    START_INSTANCE_SWITCH,
    `\n  if (!vetrinaStartTagCases.has(type) && -1 === type.indexOf("-"))\n    return pushStartGenericElement(target$jscomp$0, props, type, formatContext);${START_INSTANCE_SWITCH}`,
  );
  // No default branch: a tag of none of the cases leaves the switch at once.
  const formatText = format.text.replace(CHILD_FORMAT_SWITCH, "\n  if (vetrinaChildFormatCases.has(type)) switch (type) {\n");
  return (
    `var vetrinaStartTagCases = new Set(${JSON.stringify(startCases)});\n` +
    `var vetrinaChildFormatCases = new Set(${JSON.stringify(formatCases)});\n` +
    source.slice(0, format.start) +
    formatText +
    source.slice(format.end, start.start) +
    startText +
    source.slice(start.end)
  );
}
