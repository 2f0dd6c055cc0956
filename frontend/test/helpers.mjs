// Shared test helpers: build once if needed, load the server bundle in a bare vm context,
// compile TypeScript modules of src/ for direct unit tests.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import vm from "node:vm";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const dist = path.join(root, "dist");

export function ensureBuilt() {
  if (!fs.existsSync(path.join(dist, "server", "entry-server.js")) || process.env.VETRINA_REBUILD === "1") {
    execFileSync(process.execPath, [path.join(root, "build.mjs")], { cwd: root, stdio: "inherit" });
  }
}

/** Evaluates the server bundle where only `console` exists (no window, document, process, URL),
 * plus the given globals (e.g. a `vetrinaHost` like the render pool's). */
export function loadServerBundle(globals = {}) {
  ensureBuilt();
  const code = fs.readFileSync(path.join(dist, "server", "entry-server.js"), "utf8");
  const logs = [];
  const record = (level) => (...args) => logs.push(`${level}: ${args.join(" ")}`);
  const context = vm.createContext({ ...globals, console: { log: record("log"), error: record("error"), warn: record("warn") } });
  vm.runInContext(code, context, { filename: "entry-server.js" });
  for (const name of ["window", "document", "process", "require", "module"]) {
    if (vm.runInContext(`typeof ${name}`, context) !== "undefined") throw new Error(`bundle leaked global ${name}`);
  }
  return {
    logs,
    render(url, props) {
      const out = context.vetrinaRender(url, JSON.stringify(props));
      if (typeof out !== "object" || out === null) throw new Error("vetrinaRender must return an object");
      // A copy made here, as the pool reads the fields out of the engine.
      return { html: out.html, head: out.head, status: out.status };
    },
  };
}

const compiled = new Map();
/** Imports a src/ TypeScript module (bundled by esbuild into a temporary ESM file). */
export async function importSrc(rel) {
  if (compiled.has(rel)) return compiled.get(rel);
  const esbuild = await import("esbuild");
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vetrina-test-")), "mod.mjs");
  await esbuild.build({
    entryPoints: [path.join(root, "src", rel)],
    outfile: out,
    bundle: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"', __BUILD_YEAR__: '"2025"' },
    logLevel: "error",
  });
  const mod = await import(pathToFileURL(out).href);
  compiled.set(rel, mod);
  return mod;
}

/** Imports several src/ modules in one bundle, so they share module state and classes
 * (`instanceof` holds across them): `{ [name]: module }` for `{ [name]: "lib/api.ts" }`. */
export async function importSrcTogether(modules) {
  const esbuild = await import("esbuild");
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vetrina-test-")), "mod.mjs");
  const contents = Object.entries(modules)
    .map(([name, rel]) => `export * as ${name} from ${JSON.stringify("./" + rel)};`)
    .join("\n");
  await esbuild.build({
    stdin: { contents, resolveDir: path.join(root, "src"), loader: "ts" },
    outfile: out,
    bundle: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"', __BUILD_YEAR__: '"2025"' },
    logLevel: "error",
  });
  return import(pathToFileURL(out).href);
}

export const site = { publicUrl: "https://vetrina.example.it" };

export function makeStore(over = {}) {
  return {
    id: 3,
    name: "Edilizia Demo",
    slug: "edilizia-demo",
    description: "Materiali edili, ferramenta e colori dal 1978.",
    partner_group: "Gruppo Made",
    logo_img_url: "/media/stores/3/logo.png",
    address: "Via Roma 12",
    city: "Milano",
    postal_code: "20121",
    website_url: "www.ediliziademo.it",
    telephone: "02 1234567",
    email: "info@ediliziademo.it",
    opening_hours: [],
    special_closures: [],
    photos: [],
    google_store_code: null,
    plan: "pro",
    trial_used: false,
    trial_ends_at: null,
    created: "2025-01-10T09:00:00Z",
    counter_csv_imported: 1,
    regenerations_this_month: 0,
    ai_products_this_month: null,
    product_count: 30,
    geo: null,
    price_range: null,
    unread_inquiries: 0,
    ...over,
  };
}

export function makeProduct(id, over = {}) {
  const product = {
    id,
    store_id: 3,
    slug: `prodotto-${id}`,
    name: `Prodotto ${id}`,
    price: 10 + id / 2,
    description: `Descrizione del prodotto ${id}.`,
    category: id % 2 ? "Cementi" : "Colori",
    brand: "Mapei",
    image_url: id % 3 ? `https://img.example.it/${id}.jpg` : null,
    in_stock: id % 4 !== 0,
    status: "normal",
    sku: `SKU-${id}`,
    ean: null,
    created: "2025-02-01T10:00:00Z",
    ...over,
  };
  return { availability: product.in_stock ? "in_stock" : "out_of_stock", ...product };
}

/** JSON-LD blocks of a head string, parsed. */
export function jsonLdBlocks(head) {
  return [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

export function canonicals(head) {
  return [...head.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map((m) => m[1]);
}

export function titleOf(head) {
  return head.match(/<title>([\s\S]*?)<\/title>/)?.[1];
}

/** A registration form that passes every rule of docs/product/validation.md. */
export const goodRegistration = Object.freeze({
  name: "Ferramenta Rossi",
  partner_group: "",
  description: "Ferramenta e materiali edili dal 1980.",
  postal_code: "00118",
  city: "Roma",
  address: "Via Appia 12",
  telephone: "06 1234567",
  website_url: "",
  email: "mario@ferramenta.it",
  password: "Cantiere2026!",
});

/** Explore page props: `stores` as the server's page of 12 (already in the server's order). */
export function exploreOf(stores, over = {}) {
  return {
    stores: stores.slice(0, 12),
    explore: { q: "", sort: "productsDesc", page: 1, pages: Math.max(1, Math.ceil(stores.length / 12)), total: stores.length, canonical: "/explore", noindex: false, ...over },
  };
}

/** The shop page's props: the server's first page of 25 (of `items`) for the URL's query. */
export const listingOf = (items, extra = {}) => ({
  q: "",
  category: "all",
  brand: "",
  sort: "newest",
  path: "/store/3/edilizia-demo",
  canonical: "/store/3/edilizia-demo",
  noindex: false,
  section: null,
  categories: [{ name: "Cementi", slug: "cementi", count: 3 }],
  brands: [],
  ...extra,
  result: { items: items.slice(0, 24), total: items.length, page: 1, per_page: 24, pages: Math.max(1, Math.ceil(items.length / 24)), categories: [], ...extra.result },
});
