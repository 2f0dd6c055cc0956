// The owner dashboard's pure rules (docs/product/routes.md, states.md and limits.md): the list's state, share
// links, plan usage, product form. Search, filters, sorts, pages, bulk deletes and the CSV
// export are the server's, tested in server/tests/api/catalogue.rs and export.rs.
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
  availability: "in_stock",
  status: "normal",
  sku: null,
  ean: null,
  created: "2026-11-01T10:00:00Z",
  ...extra,
});

describe("list state: pages of 20 and filter changes", () => {
  test("pages of 20", () => {
    assert.equal(l.PAGE_SIZE, 20);
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

describe("share links (docs/product/routes.md)", () => {
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

describe("plan usage (docs/product/limits.md)", () => {
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
    const starter = { products: 200, imports_per_month: 10, regenerations_per_month: 20, ai_products_per_month: 500 };
    assert.deepEqual(l.limitsOf({ plan: "starter", limits: starter }), starter);
    // whatever the plan's name says, the figures come from the server (a trial, a changed plan)
    assert.deepEqual(l.limitsOf({ plan: "free", limits: { products: 500, imports_per_month: null, regenerations_per_month: null, ai_products_per_month: 2000 } }), {
      products: 500,
      imports_per_month: null,
      regenerations_per_month: null,
      ai_products_per_month: 2000,
    });
    const business = { products: null, imports_per_month: null, regenerations_per_month: null, ai_products_per_month: null };
    assert.deepEqual(l.limitsOf({ plan: "business", limits: business }), business, "null is unlimited");
    assert.equal(l.limitsOf({ plan: "free", limits: { products: 0, imports_per_month: 0, regenerations_per_month: 0, ai_products_per_month: 0 } }).regenerations_per_month, 0);
    for (const store of [null, undefined, { plan: "free" }, { plan: "free", limits: null }, { limits: { products: 50 } }, { limits: { products: "50", imports_per_month: 3, regenerations_per_month: 0 } }, { limits: { products: -1, imports_per_month: 3, regenerations_per_month: 0, ai_products_per_month: 50 } }, { limits: { products: 50, imports_per_month: 3, regenerations_per_month: 0, ai_products_per_month: "50" } }]) {
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

describe("the list in the address", () => {
  test("only what differs from the default, in one order; read back the same", () => {
    const list = { search: "vite 8", sort: "priceAsc", stock: "outOfStock", category: "Ferramenta", page: 3 };
    const query = l.listQuery(list);
    assert.equal(query, "?q=vite+8&sort=priceAsc&stock=outOfStock&category=Ferramenta&page=3");
    assert.deepEqual(l.listFromQuery(query), list);
    assert.equal(l.listQuery(l.initialListState), "");
    assert.deepEqual(l.listFromQuery(""), l.initialListState);
  });
  test("unknown values, bad pages and overlong searches fall back or are cut", () => {
    const list = l.listFromQuery(`?sort=prezzo&stock=tutti&page=-2&q=${"x".repeat(300)}&category=%20`);
    assert.deepEqual({ ...list, search: list.search.length }, { search: 200, sort: "newest", stock: "all", category: "all", page: 1 });
    assert.equal(l.listFromQuery("?page=2.5").page, 1);
    assert.equal(l.listFromQuery("?page=4").page, 4);
  });
});

describe("product form", () => {
  test("payload: trimmed fields, empty ones null, price parsed, slug from the name", () => {
    const body = l.productPayload({ ...l.emptyForm, name: "  Cemento Rapido ", price: "12,50", brand: " ", category: "Cementi", availability: "backorder", published: false }, "demo@vetrina.it");
    assert.deepEqual(body, {
      store_email: "demo@vetrina.it",
      name: "Cemento Rapido",
      slug: "cemento-rapido",
      price: 12.5,
      description: null,
      image_url: null,
      category: "Cementi",
      brand: null,
      availability: "backorder",
      published: false,
      status: "normal",
      review_note: null,
    });
    assert.equal(l.productPayload({ ...l.emptyForm, name: "x", price: "" }, null).price, null);
  });
  test("what the owner saves is confirmed, whatever the AI was unsure of", () => {
    const unsure = { ...l.emptyForm, name: "Cemento Portland 25 kg", status: "uncertain", review_note: "Marca non indicata o non riconosciuta: aggiungerla." };
    const body = l.productPayload(unsure, null);
    assert.equal(body.status, "normal");
    assert.equal(body.review_note, null);
  });
  test("an AI answer replaces what it gives, keeps what it leaves out, never price, stock or visibility", () => {
    const form = { ...l.emptyForm, name: "cemento 25kg", price: "6.9", brand: "Buzzi", availability: "out_of_stock", published: false };
    const merged = l.mergeGenerated(form, { name: "Cemento 25 kg", description: "Descrizione", brand: null, category: "Cementi", image_url: "/media/products/a.svg", status: "uncertain", review_note: "Marca e categoria da confermare." });
    assert.deepEqual(merged, { name: "Cemento 25 kg", price: "6.9", description: "Descrizione", brand: "Buzzi", category: "Cementi", image_url: "/media/products/a.svg", availability: "out_of_stock", published: false, status: "uncertain", review_note: "Marca e categoria da confermare." });
    assert.equal(l.mergeGenerated(merged, { name: "Cemento 25 kg", description: "D", status: "normal" }).review_note, "", "a sure answer leaves no reason");
  });
  test("unsaved changes: compared field by field, surrounding spaces ignored", () => {
    const start = l.formOf(product(1, { name: "Sacco", price: 3 }));
    assert.equal(start.price, "3,00", "a price is edited the Italian way");
    assert.equal(l.formOf(product(1, { price: 0.1 })).price, "0,10");
    assert.equal(l.formOf(product(1, { price: 1234.5 })).price, "1234,50", "no thousands dot: the field reads back what it shows");
    assert.equal(l.sameForm(start, { ...start, name: "Sacco " }), true);
    assert.equal(l.sameForm(start, { ...start, availability: "limited" }), false);
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
    // domain/src/price_cases.json: the contract of docs/decisions/013-prices.md,
    // checked by the Rust unit tests too.
    const file = fileURLToPath(new URL("../../domain/src/price_cases.json", import.meta.url));
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
