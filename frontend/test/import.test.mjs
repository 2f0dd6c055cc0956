// The import wizard's pure rules (docs/product/entities.md, states.md and validation.md) and the import-guide PDF writer.
import assert from "node:assert/strict";
import zlib from "node:zlib";
import { before, describe, test } from "node:test";
import { markdownToPdf, parseBlocks, wrap, textWidth } from "../scripts/guide-pdf.mjs";
import fs from "node:fs";
import path from "node:path";
import { dist, ensureBuilt, importSrc } from "./helpers.mjs";

let l;
before(async () => {
  l = await importSrc("features/import/logic.ts");
});

describe("progress bar (docs/product/states.md)", () => {
  test("step is ceil(100 / totalRows), 1 without rows", () => {
    assert.equal(l.progressStep(3), 34);
    assert.equal(l.progressStep(100), 1);
    assert.equal(l.progressStep(7), 15);
    assert.equal(l.progressStep(1), 100);
    assert.equal(l.progressStep(250_000), 1);
    assert.equal(l.progressStep(0), 1);
  });
  test("ticks stop at 99; only the answer brings 100", () => {
    let p = 0;
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push((p = l.nextProgress(p, 3)));
    assert.deepEqual(seen, [34, 68, 99, 99, 99]);
    assert.equal(l.nextProgress(0, 1), 99);
    assert.equal(l.nextProgress(98, 0), 99);
    assert.equal(l.nextProgress(99, 0), 99);
    assert.equal(l.PROGRESS_TICK_MS, 10_000);
    assert.equal(l.PREVIEW_DELAY_MS, 1_000);
  });
});

describe("plan limits said before the work", () => {
  const base = { plan: "free", planTitle: "Base", productsRemaining: 50, importsRemaining: 3, productLimit: 50, importsPerMonth: 3 };
  test("the mapping step's line: what is left, and a hint when the file has more rows", () => {
    assert.deepEqual(l.allowanceLines(base, 20), {
      line: "Piano Base: puoi aggiungere ancora 50 prodotti; ti restano 3 importazioni questo mese.",
      hint: null,
    });
    const over = l.allowanceLines({ ...base, productsRemaining: 1, importsRemaining: 1 }, 1063);
    assert.equal(over.line, "Piano Base: puoi aggiungere ancora 1 prodotto; ti resta 1 importazione questo mese.");
    assert.equal(over.hint, "Il file ha 1063 righe: se sono prodotti nuovi, nell'anteprima potrai importare solo il primo.");
    const full = l.allowanceLines({ ...base, productsRemaining: 0 }, 10);
    assert.match(full.line, /non puoi aggiungere altri prodotti, solo aggiornare quelli presenti/);
    assert.equal(full.hint, null);
    const business = l.allowanceLines({ ...base, planTitle: "Business", productsRemaining: null, importsRemaining: null }, 100_000);
    assert.equal(business.line, "Piano Business: prodotti illimitati; importazioni illimitate.");
    assert.equal(l.allowanceLines(null, 5), null);
  });
  test("the preview's notice: only when new products pass the allowance; its button takes what fits", () => {
    const stats = (create, update, beyondPlan) => ({ total: create + update, valid: create + update, invalid: 0, create, update, fitting: create + update - beyondPlan, beyondPlan });
    assert.equal(l.planNotice(stats(40, 3, 0), base), null);
    const n = l.planNotice(stats(1063, 0, 1013), base);
    assert.equal(n.title, "Il tuo piano permette ancora 50 prodotti");
    assert.equal(n.text, "Il file contiene 1063 nuovi prodotti: 1013 superano il limite di 50 prodotti del piano Base.");
    assert.equal(n.updates, null);
    assert.equal(n.action, "Importa i primi 50 prodotti");
    const mixed = l.planNotice(stats(60, 5, 15), { ...base, productsRemaining: 45 });
    assert.equal(mixed.action, "Importa i primi 45 e aggiorna 5");
    assert.equal(mixed.updates, "I 5 prodotti da aggiornare vengono aggiornati comunque.");
    const full = l.planNotice(stats(3, 2, 3), { ...base, productsRemaining: 0 });
    assert.equal(full.title, "Il tuo piano non permette altri prodotti");
    assert.equal(full.action, "Aggiorna solo i 2 prodotti presenti");
    assert.equal(l.planNotice(stats(3, 0, 3), { ...base, productsRemaining: 0 }).action, null);
  });
});

describe("mapping fields (docs/product/routes.md and entities.md)", () => {
  test("the payload carries the sheet, joined columns, fixed values and net prices only when set", () => {
    const extras = l.extrasOf({ name: "Nome", sheet: "Prodotti" }, ["Nome"]);
    assert.deepEqual(extras, { sheet: "Prodotti", nameParts: [], fixed: { brand: undefined, category: undefined }, pricesIncludeVat: true, vatRate: 22, tidyNames: false });
    // A saved mapping brings back the owner's choices; columns the file lacks are dropped.
    assert.deepEqual(
      l.extrasOf({ nameParts: ["Maglia", "Sparita"], fixed: { brand: "Baltur" }, pricesIncludeVat: false, vatRate: 10 }, ["Maglia"]),
      { sheet: undefined, nameParts: ["Maglia"], fixed: { brand: "Baltur", category: undefined }, pricesIncludeVat: false, vatRate: 10, tidyNames: false },
    );
    // The server proposes tidy names; the choice goes back with the mapping.
    assert.equal(l.extrasOf({ tidyNames: true }, []).tidyNames, true);
    assert.deepEqual(l.mappingPayload({ name: "Nome" }, { ...extras, tidyNames: true }), { name: "Nome", sheet: "Prodotti", tidyNames: true });
    assert.deepEqual(l.mappingPayload({ name: "Nome" }, extras), { name: "Nome", sheet: "Prodotti" });
    const set = { ...extras, nameParts: ["Maglia", ""], fixed: { brand: " Baltur ", category: "  " }, pricesIncludeVat: false, vatRate: 10 };
    assert.deepEqual(l.mappingPayload({ name: "Nome" }, set), {
      name: "Nome",
      sheet: "Prodotti",
      nameParts: ["Maglia"],
      fixed: { brand: "Baltur" },
      pricesIncludeVat: false,
      vatRate: 10,
    });
  });

  test("English key and Italian name, only name required", () => {
    const fields = l.mappingFields();
    assert.deepEqual(
      fields.map((f) => f.label),
      [
        "name / nome",
        "price / prezzo",
        "brand / marca",
        "description / descrizione",
        "image_url / url dell'immagine",
        "image_name / nome della foto",
        "category / categoria",
        "subcategory / sottocategoria",
        "available / disponibile",
        "sku / codice articolo",
        "ean / codice a barre EAN",
        "vat / aliquota IVA",
      ],
    );
    assert.deepEqual(fields.filter((f) => f.required).map((f) => f.key), ["name"]);
  });
  test("fallback selects appear only when the server proposed them", () => {
    const keys = l.mappingFields({ name: "Nome", price_fallback: "Regular price" }).map((f) => f.key);
    assert.ok(keys.includes("price_fallback"));
    assert.ok(!keys.includes("description_fallback"));
  });
  test("the proposal keeps known keys naming real headers", () => {
    const m = l.cleanMapping({ name: "Articolo", price: "Prezzo", brand: "Sparita", colour: "Colore", category: 3 }, ["Articolo", "Prezzo", "Colore"]);
    assert.deepEqual(m, { name: "Articolo", price: "Prezzo" });
    assert.deepEqual(l.cleanMapping(null, ["a"]), {});
  });
  test("name is required, with the spec's message", () => {
    assert.equal(l.mappingProblem({ price: "Prezzo" }), "Nome e un campo obbligatorio per il mapping");
    assert.equal(l.mappingProblem({ name: "Articolo" }), null);
  });
});

describe("file type (docs/product/validation.md)", () => {
  test("csv, xlsx, xls by extension, any case; a METEL list's txt, or its zip with the barcode file", () => {
    for (const n of ["listino.csv", "LISTINO.XLSX", "vecchio.xls", "a.b.Csv", "BTI-listino-metel.TXT", "VIMAR-METEL.ZIP"]) assert.ok(l.isSupportedFile(n), n);
    assert.ok(l.isSupportedFile("listino", "application/x-zip-compressed"));
  });
  test("or by type when the name says nothing", () => {
    assert.ok(l.isSupportedFile("listino", "text/csv"));
    assert.ok(l.isSupportedFile("listino", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"));
    assert.ok(l.isSupportedFile("listino", "application/vnd.ms-excel"));
    assert.ok(l.isSupportedFile("listino", "text/csv; charset=utf-8"));
  });
  test("anything else is refused", () => {
    for (const [n, type] of [["foto.png", "image/png"], ["listino.pdf", "application/pdf"], ["listino.csv.exe", ""], ["xlsx", ""], ["listino.ods", "application/vnd.oasis.opendocument.spreadsheet"]]) {
      assert.ok(!l.isSupportedFile(n, type), n);
    }
    assert.equal(l.ACCEPT, ".csv,.xlsx,.xls,.txt,.zip");
  });
});

describe("error list (docs/product/routes.md: first 5 errors and \"+ altri N\")", () => {
  const errs = (n) => Array.from({ length: n }, (_, i) => ({ rowIndex: i + 2, product: `P${i}`, errors: ["Prezzo non valido"] }));
  test("five shown, the rest counted from the statistics", () => {
    const { shown, more } = l.errorSummary(errs(5), 12);
    assert.equal(shown.length, 5);
    assert.equal(more, "+ altri 7");
  });
  test("no line when everything is shown", () => {
    assert.equal(l.errorSummary(errs(3), 3).more, null);
    assert.equal(l.errorSummary([], 0).more, null);
  });
  test("more rows than the count: the list wins", () => {
    const { shown, more } = l.errorSummary(errs(8), 0);
    assert.equal(shown.length, 5);
    assert.equal(more, "+ altri 3");
  });
  test("row errors as the preview lists them", () => {
    assert.equal(l.describeRowError({ rowIndex: 7, product: "Cemento", errors: ["a", "b"] }), "Riga 7 · Cemento: a; b");
    assert.equal(l.describeRowError({ errors: ["Errore nell'importazione dei prodotti"] }), "Errore nell'importazione dei prodotti");
  });
});

describe("warnings of the preview", () => {
  test("one line per message: the rows that share it named, the others counted", () => {
    const vat = "aliquota IVA «R17» non riconosciuta";
    const warnings = [
      { rowIndex: 0, message: "Listino METEL riconosciuto" },
      ...[4, 9, 12, 15, 18].map((rowIndex) => ({ rowIndex, message: vat })),
      { rowIndex: 7, message: "prezzo non valido" },
      { rowIndex: 0, message: "3 righe unite" },
    ];
    assert.deepEqual(l.warningLines(warnings), [
      "Listino METEL riconosciuto",
      `Righe 4, 9, 12 e altre 2: ${vat}`,
      "Riga 7: prezzo non valido",
      "3 righe unite",
    ]);
  });
  test("two or three rows are all named; thousands are counted the Italian way", () => {
    const two = [3, 8].map((rowIndex) => ({ rowIndex, message: "x" }));
    assert.deepEqual(l.warningLines(two), ["Righe 3 e 8: x"]);
    const three = [3, 8, 9].map((rowIndex) => ({ rowIndex, message: "x" }));
    assert.deepEqual(l.warningLines(three), ["Righe 3, 8 e 9: x"]);
    const many = Array.from({ length: 1003 }, (_, i) => ({ rowIndex: i + 2, message: "x" }));
    assert.deepEqual(l.warningLines(many), ["Righe 2, 3, 4 e altre 1.000: x"]);
  });
});

describe("import guide PDF", () => {
  const md = "# Guida\n\nUn paragrafo con àèéìòù, € e “virgolette”.\n\n## Sezione\n\n- primo punto\n- secondo **punto**\n\n1. passo uno\n";
  test("Markdown blocks", () => {
    assert.deepEqual(
      parseBlocks(md).map((b) => [b.kind, b.text]),
      [
        ["h1", "Guida"],
        ["p", "Un paragrafo con àèéìòù, € e “virgolette”."],
        ["h2", "Sezione"],
        ["li", "primo punto"],
        ["li", "secondo punto"],
        ["li", "passo uno"],
      ],
    );
  });
  test("lines wrap within the width", () => {
    const lines = wrap("parola ".repeat(200), 10.5, false, 480);
    assert.ok(lines.length > 5);
    for (const line of lines) assert.ok(textWidth(line, 10.5) <= 480);
  });
  test("a well-formed PDF: header, objects at the offsets the xref gives, pages, text", () => {
    const pdf = markdownToPdf(md + "\n" + "Testo lungo. ".repeat(1500), { title: "Prova" });
    const s = pdf.toString("latin1");
    assert.ok(s.startsWith("%PDF-1.4"));
    assert.ok(s.trimEnd().endsWith("%%EOF"));
    const startxref = Number(s.match(/startxref\n(\d+)/)[1]);
    assert.ok(s.slice(startxref).startsWith("xref"));
    const entries = [...s.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    entries.forEach((off, i) => assert.ok(s.slice(off).startsWith(`${i + 1} 0 obj`), `object ${i + 1}`));
    const count = Number(s.match(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/)[1]);
    assert.ok(count >= 2, "long text spans pages");
    // The first page's stream carries the title as WinAnsi hex.
    const stream = s.match(/stream\n([\s\S]*?)\nendstream/)[1];
    const content = zlib.inflateSync(Buffer.from(stream, "latin1")).toString("latin1");
    assert.ok(content.includes(`<${Buffer.from("Guida", "latin1").toString("hex").toUpperCase()}>`));
    assert.ok(content.includes("80"), "euro sign as WinAnsi 0x80");
  });
  test("characters outside WinAnsi are refused at build time, not printed wrong", () => {
    assert.throws(() => markdownToPdf("Ciao 🙂"), /WinAnsiEncoding/);
  });
});

describe("import guide in the build", () => {
  test("a content-hashed PDF under assets, linked from the upload page's code, plus the stable name", () => {
    ensureBuilt();
    const assets = path.join(dist, "client", "assets");
    const files = fs.readdirSync(assets);
    const hashed = files.find((f) => /^guida-importazione-[0-9a-f]{10}\.pdf$/.test(f));
    assert.ok(hashed, files.join(", "));
    assert.ok(files.includes("guida-importazione.pdf"));
    assert.equal(fs.readFileSync(path.join(assets, hashed)).subarray(0, 5).toString(), "%PDF-");
    // linked from the upload page's chunk (owner pages are loaded when visited)
    const chunks = path.join(assets, "chunks");
    const upload = fs.readdirSync(chunks).find((f) => /^UploadPage-\w+\.js$/.test(f));
    assert.ok(upload, "the upload page is a chunk of its own");
    assert.ok(fs.readFileSync(path.join(chunks, upload), "utf8").includes(`/assets/${hashed}`));
  });
});
