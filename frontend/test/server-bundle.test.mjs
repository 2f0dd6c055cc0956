import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { canonicals, exploreOf, jsonLdBlocks, listingOf, loadServerBundle, makeProduct, makeStore, site, titleOf } from "./helpers.mjs";

let bundle;
before(() => {
  bundle = loadServerBundle();
});

const store = makeStore();
const products = Array.from({ length: 30 }, (_, i) => makeProduct(30 - i));
const listing = listingOf(products);
const product = makeProduct(12, { price: 12.5, in_stock: true, ean: "8001234567897", image_url: "/media/products/12.jpg" });
const related = [makeProduct(11), makeProduct(10)];

const productUrl = "/product/3/edilizia-demo/12/prodotto-12";

const pages = [
  { url: "/", props: { site }, title: /Vetrina/, canonical: "/" },
  { url: "/explore", props: { site, ...exploreOf([store, makeStore({ id: 4, slug: "b", name: "Bricolage Due", product_count: 0 })]) }, title: /^Esplora Negozi/, canonical: "/explore" },
  { url: "/store/3/edilizia-demo", props: { site, store, listing }, title: /^Edilizia Demo/, canonical: "/store/3/edilizia-demo" },
  { url: productUrl, props: { site, store, product, related }, title: /^Prodotto 12 \| Edilizia Demo$/, canonical: productUrl },
  { url: "/pricing", props: { site }, title: /^Prezzi/, canonical: "/pricing" },
  { url: "/contacts", props: { site }, title: /^Contatti/, canonical: "/contacts" },
  { url: "/faq", props: { site }, title: /^Domande Frequenti/, canonical: "/faq" },
  { url: "/privacy", props: { site }, title: /Privacy|privacy/, canonical: "/privacy" },
  { url: "/cookie", props: { site }, title: /^Cookie policy/, canonical: "/cookie" },
];

describe("every public route", () => {
  for (const page of pages) {
    test(`${page.url} renders with status 200, title, one absolute canonical`, () => {
      const out = bundle.render(page.url, page.props);
      assert.deepEqual(Object.keys(out).sort(), ["head", "html", "status"]);
      assert.equal(out.status, 200);
      assert.match(titleOf(out.head), page.title);
      assert.deepEqual(canonicals(out.head), [`${site.publicUrl}${page.canonical}`]);
      assert.match(out.head, /<meta name="description" content="[^"]{20,}">/);
      assert.match(out.head, /<meta property="og:locale" content="it_IT">/);
      assert.match(out.head, new RegExp(`<meta property="og:url" content="${site.publicUrl}${page.canonical}">`));
      assert.doesNotMatch(out.head, /noindex/);
      assert.ok(out.html.length > 500);
      for (const block of jsonLdBlocks(out.head)) assert.equal(block["@context"], "https://schema.org");
    });
  }
  test("a query string does not change the route", () => {
    const out = bundle.render("/pricing?billing=monthly", { site });
    assert.equal(out.status, 200);
    assert.match(titleOf(out.head), /^Prezzi/);
  });
  test("no console errors while rendering", () => {
    assert.deepEqual(bundle.logs.filter((l) => l.startsWith("error")), []);
  });
});

describe("not found", () => {
  test("unknown path: 404, 'Pagina non trovata', noindex, no canonical", () => {
    const out = bundle.render("/qualcosa/che/non/esiste", { site });
    assert.equal(out.status, 404);
    assert.match(out.html, /Pagina non trovata/);
    assert.match(out.html, /href="\/"/);
    assert.match(out.head, /<meta name="robots" content="noindex">/);
    assert.deepEqual(canonicals(out.head), []);
  });
  test("shop with notFound props: 404 'Negozio non trovato.'", () => {
    const out = bundle.render("/store/99/nessuno", { site, notFound: true });
    assert.equal(out.status, 404);
    assert.match(out.html, /Negozio non trovato\./);
    assert.match(out.head, /noindex/);
  });
  test("product with notFound props: 404 'Prodotto non trovato' with a button home", () => {
    const out = bundle.render("/product/3/x/999/y", { site, notFound: true });
    assert.equal(out.status, 404);
    assert.match(out.html, /Prodotto non trovato/);
    assert.match(out.html, /<a[^>]*href="\/"[^>]*>Torna alla home<\/a>/);
    assert.match(out.head, /noindex/);
  });
});

describe("product page", () => {
  const out = () => bundle.render(productUrl, { site, store, product, related });
  test("shows name, brand, price, stock, description, seller anchor and carousel", () => {
    const { html } = out();
    assert.match(html, /<h1[^>]*>Prodotto 12<\/h1>/);
    assert.match(html, /12,50 €/);
    assert.match(html, /Disponibile/);
    assert.match(html, /Venduto da/);
    assert.match(html, /href="#venditore"/);
    assert.match(html, /Potrebbe interessarti di Mapei/);
    assert.match(html, /aria-label="Scorri a sinistra"[^>]*disabled|disabled[^>]*aria-label="Scorri a sinistra"/);
    assert.match(html, /href="\/product\/3\/edilizia-demo\/11\/prodotto-11"/);
    assert.match(html, /href="\/store\/3\/edilizia-demo"/);
    assert.match(html, /Visita il sito web/);
  });
  test("the carousel's first six cards are in the server's markup, the rest come after hydration", () => {
    const many = Array.from({ length: 15 }, (_, i) => makeProduct(40 + i));
    const { html } = bundle.render(productUrl, { site, store, product, related: many });
    const carousel = html.slice(html.indexOf('id="related-title"'), html.indexOf('id="venditore"'));
    const cards = carousel.match(/href="\/product\/3\/edilizia-demo\/\d+\//g) ?? [];
    assert.equal(cards.length, 6);
    assert.match(carousel, /\/product\/3\/edilizia-demo\/40\//);
    assert.doesNotMatch(carousel, /\/product\/3\/edilizia-demo\/46\//);
  });
  test("the main picture is fetched first; the cards' and the seller's logo wait until near the screen", () => {
    const imgs = out().html.match(/<img [^>]*>/g);
    const main = imgs.find((i) => i.includes('src="/media/products/12.jpg"'));
    assert.match(main, /loading="eager"/);
    assert.match(main, /fetchPriority="high"/i);
    const others = imgs.filter((i) => i !== main);
    assert.equal(others.filter((i) => /fetchPriority/i.test(i)).length, 0);
    const sellerLogo = out().html.slice(out().html.indexOf('id="venditore"')).match(/<img [^>]*>/)[0];
    assert.match(sellerLogo, /loading="lazy"/);
  });
  test("fallback description and placeholder image", () => {
    const { html } = bundle.render(productUrl, { site, store, product: { ...product, description: null, image_url: null, price: null, in_stock: false, availability: "out_of_stock" }, related: [] });
    assert.match(html, /Nessuna descrizione disponibile\./);
    assert.match(html, /Non disponibile/);
    assert.doesNotMatch(html, /€/);
  });
  test("JSON-LD Product with Offer and BreadcrumbList", () => {
    const blocks = jsonLdBlocks(out().head);
    const p = blocks.find((b) => b["@type"] === "Product");
    assert.ok(p);
    assert.equal(p.name, "Prodotto 12");
    assert.deepEqual(p.brand, { "@type": "Brand", name: "Mapei" });
    assert.deepEqual(p.image, [`${site.publicUrl}/media/products/12.jpg`]);
    assert.equal(p.sku, "SKU-12");
    assert.equal(p.gtin, "8001234567897", "a barcode whose check digit holds");
    assert.equal(p.description, "Descrizione del prodotto 12.");
    assert.equal(p.offers["@type"], "Offer");
    assert.equal(p.offers.price, "12.50");
    assert.equal(p.offers.priceCurrency, "EUR");
    assert.equal(p.offers.availability, "https://schema.org/InStock");
    assert.equal(p.offers.url, `${site.publicUrl}${productUrl}`);
    const crumbs = blocks.find((b) => b["@type"] === "BreadcrumbList");
    assert.deepEqual(
      crumbs.itemListElement.map((i) => [i.position, i.name, i.item]),
      [
        [1, "Vetrina", `${site.publicUrl}/`],
        [2, "Edilizia Demo", `${site.publicUrl}/store/3/edilizia-demo`],
        [3, "Prodotto 12", `${site.publicUrl}${productUrl}`],
      ],
    );
  });
  test("each availability in schema.org's words, and the trade's on the badge", () => {
    for (const [availability, schema, badge] of [
      ["out_of_stock", "https://schema.org/OutOfStock", "Non disponibile"],
      ["backorder", "https://schema.org/BackOrder", "Su ordinazione"],
      ["limited", "https://schema.org/LimitedAvailability", "Disponibilità limitata"],
    ]) {
      const page = bundle.render(productUrl, { site, store, product: { ...product, in_stock: availability === "limited", availability } });
      const p = jsonLdBlocks(page.head).find((b) => b["@type"] === "Product");
      assert.equal(p.offers.availability, schema);
      assert.ok(page.html.includes(`aria-hidden="true"></span>${badge}</span>`), badge);
    }
  });
  test("canonical uses the current slugs from props, not the request URL", () => {
    const res = bundle.render("/product/3/vecchio-slug/12/vecchio-nome", { site, store, product, related });
    assert.deepEqual(canonicals(res.head), [`${site.publicUrl}${productUrl}`]);
  });
  test("og:image absolute, og:type product", () => {
    const { head } = out();
    assert.match(head, new RegExp(`<meta property="og:image" content="${site.publicUrl}/media/products/12.jpg">`));
    assert.match(head, /<meta property="og:type" content="product">/);
  });
  test("meta description is trimmed to about 155 characters", () => {
    const long = "Cemento Portland ad alta resistenza per getti strutturali. ".repeat(10);
    const { head } = bundle.render(productUrl, { site, store, product: { ...product, description: long } });
    const desc = head.match(/<meta name="description" content="([^"]*)">/)[1];
    assert.ok(desc.length <= 156, `length ${desc.length}`);
    assert.ok(desc.endsWith("…"));
  });
});

describe("escaping", () => {
  const evil = "</script><script>alert(1)</script>";
  const evilProduct = { ...product, name: evil, description: `${evil} & "virgolette" <b>`, brand: evil, category: evil };
  const evilStore = { ...store, name: evil, description: evil };
  for (const [label, url, props] of [
    ["product", productUrl, { site, store: evilStore, product: evilProduct, related: [{ ...related[0], name: evil }] }],
    ["store", "/store/3/edilizia-demo", { site, store: evilStore, listing: listingOf([evilProduct], { q: evil, categories: [{ name: evil, slug: "script", count: 1 }], brands: [{ name: evil, slug: "script", count: 1 }] }) }],
    ["explore", "/explore", { site, ...exploreOf([evilStore], { q: evil }) }],
  ]) {
    test(`${label}: a name like ${evil} appears only as text`, () => {
      const out = bundle.render(url, props);
      assert.doesNotMatch(out.html, /<script/i);
      assert.match(out.html, /&lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
      // In the head: only the JSON-LD script elements, each closed once.
      const opens = (out.head.match(/<script/g) || []).length;
      assert.equal(opens, jsonLdBlocks(out.head).length);
      assert.equal((out.head.match(/<\/script>/g) || []).length, opens);
      assert.doesNotMatch(out.head, /<script>alert/);
      for (const block of jsonLdBlocks(out.head)) assert.ok(JSON.stringify(block).length > 10);
    });
  }
  test("JSON-LD escapes < as \\u003c and keeps the text", () => {
    const out = bundle.render(productUrl, { site, store, product: evilProduct });
    assert.match(out.head, /\\u003c\/script\\u003e/);
    const p = jsonLdBlocks(out.head).find((b) => b["@type"] === "Product");
    assert.equal(p.name, evil);
  });
  test("title and meta attributes are HTML-escaped", () => {
    const out = bundle.render(productUrl, { site, store, product: evilProduct });
    assert.match(titleOf(out.head), /^&lt;\/script&gt;/);
    assert.match(out.head, /content="&lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; &quot;virgolette&quot; &lt;b&gt;"/);
  });
});

describe("with the render pool's vetrinaHost", () => {
  // A stand-in with the contract of ssr-runtime/src/host.rs (its Rust code has its own tests):
  // the same string when nothing changes, the escaped one, or null for "do it yourself".
  const calls = { html: 0, json: 0 };
  const escapeHtml = (text) => {
    calls.html++;
    if (text.includes("\ud800")) return null;
    return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]);
  };
  const escapeScriptJson = (json) => {
    calls.json++;
    return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  };
  let hosted;
  before(() => {
    hosted = loadServerBundle({ vetrinaHost: { escapeHtml, escapeScriptJson } });
  });
  const evil = "</script><script>alert(1)</script> & l'acqua \"più\" \u2028";
  const cases = [
    [productUrl, { site, store: { ...store, name: evil }, product: { ...product, name: evil, description: evil, brand: evil }, related: [{ ...related[0], name: evil }] }],
    ["/store/3/edilizia-demo", { site, store: { ...store, description: evil }, listing: listingOf([{ ...product, name: `${evil} \ud800` }]) }],
    ["/", { site }],
    ["/faq", { site }],
  ];
  for (const [url, props] of cases) {
    test(`${url}: the page is the same as without it`, () => {
      const before = { ...calls };
      assert.deepEqual(hosted.render(url, props), bundle.render(url, props));
      assert.ok(calls.html > before.html, "React's escape went through the host");
      if (url !== "/faq") assert.ok(calls.json > before.json, "the JSON-LD went through the host");
    });
  }
});

describe("shop page", () => {
  const out = () => bundle.render("/store/3/edilizia-demo", { site, store, listing });
  test("renders the shop and the server's page of 24 products as links, newest first, and links to the other pages", () => {
    const { html } = out();
    assert.match(html, /<h1[^>]*>Edilizia Demo<\/h1>/);
    const links = [...html.matchAll(/href="\/product\/3\/edilizia-demo\/(\d+)\/prodotto-\d+"/g)].map((m) => Number(m[1]));
    assert.equal(links.length, 24);
    assert.deepEqual(links, Array.from({ length: 24 }, (_, i) => 30 - i));
    // Crawlers and browsers without JavaScript follow real links.
    assert.match(html, /<a[^>]*href="\/store\/3\/edilizia-demo\?page=2"[^>]*rel="next"/);
    assert.match(html, /Pagina 1 di 2/);
    assert.match(html, /1-24 di 30 prodotti/);
    assert.match(html, /Attivo/);
    assert.match(html, /Gruppo Made/);
    assert.match(html, /href="\/privacy"/);
    assert.match(html, /href="\/cookie"/);
    // Each category is a page of its own, linked.
    assert.match(html, /<a[^>]*href="\/store\/3\/edilizia-demo\/c\/cementi"/);
  });
  test("a category page: its own title, description, heading, breadcrumb and links", () => {
    const section = { kind: "category", name: "Cementi", slug: "cementi", count: 30 };
    const listed = listingOf(products, { category: "Cementi", path: "/store/3/edilizia-demo/c/cementi", canonical: "/store/3/edilizia-demo/c/cementi?page=2", section, result: { items: products.slice(24), page: 2 } });
    const page = bundle.render("/store/3/edilizia-demo/c/cementi?page=2", { site, store, listing: listed });
    assert.equal(page.status, 200);
    assert.equal(titleOf(page.head), "Cementi — Edilizia Demo, pagina 2 | Vetrina");
    assert.match(page.head, /<meta name="description" content="Cementi: 30 prodotti di Edilizia Demo, Milano/);
    assert.deepEqual(canonicals(page.head), [`${site.publicUrl}/store/3/edilizia-demo/c/cementi?page=2`]);
    assert.match(page.html, /<h1[^>]*>Cementi<\/h1>/);
    assert.doesNotMatch(page.html, /<h1[^>]*>Edilizia Demo/);
    const crumbs = jsonLdBlocks(page.head).find((b) => b["@type"] === "BreadcrumbList");
    assert.deepEqual(crumbs.itemListElement.map((i) => i.name), ["Edilizia Demo", "Cementi"]);
    assert.match(page.html, /href="\/store\/3\/edilizia-demo\/c\/cementi"[^>]*rel="prev"/);
    assert.match(page.html, /href="\/store\/3\/edilizia-demo\/c\/cementi"[^>]*aria-current="page"/);
  });
  test("an unknown category: 'Sezione non trovata', a 404 with a way back to the shop", () => {
    const page = bundle.render("/store/3/edilizia-demo/c/nessuna", { site, store, notFound: true });
    assert.equal(page.status, 404);
    assert.match(page.html, /Sezione non trovata/);
    assert.match(page.html, /href="\/store\/3\/edilizia-demo"/);
    assert.match(page.head, /noindex/);
  });
  test("the search is a GET form that works without JavaScript", () => {
    const { html } = out();
    const form = html.match(/<form[^>]*>/)[0];
    assert.match(form, /method="get"/);
    assert.match(form, /action="\/store\/3\/edilizia-demo"/);
    assert.match(html, /<input[^>]*name="q"/);
    assert.match(html, /<select[^>]*name="category"/);
    assert.match(html, /<select[^>]*name="sort"/);
  });
  test("page 2: its own canonical and title, links back; a search is not indexed and keeps its words in the links", () => {
    const second = listingOf(products, { canonical: "/store/3/edilizia-demo?page=2", result: { items: products.slice(24), page: 2 } });
    const page2 = bundle.render("/store/3/edilizia-demo?page=2", { site, store, listing: second });
    assert.deepEqual(canonicals(page2.head), [`${site.publicUrl}/store/3/edilizia-demo?page=2`]);
    assert.match(titleOf(page2.head), /pagina 2/);
    assert.doesNotMatch(page2.head, /noindex/);
    assert.match(page2.html, /href="\/store\/3\/edilizia-demo"[^>]*rel="prev"/);
    const searched = listingOf(products, { q: "cemento grigio", sort: "relevance", canonical: "/store/3/edilizia-demo?q=cemento+grigio", noindex: true });
    const found = bundle.render("/store/3/edilizia-demo?q=cemento+grigio", { site, store, listing: searched });
    assert.match(found.head, /<meta name="robots" content="noindex">/);
    assert.match(found.html, /href="\/store\/3\/edilizia-demo\?q=cemento\+grigio&amp;page=2"/);
    assert.match(found.html, /value="cemento grigio"/);
  });
  test("'In allestimento' when the shop has no products", () => {
    const { html } = bundle.render("/store/3/edilizia-demo", { site, store: { ...store, product_count: 0 }, listing: listingOf([]) });
    assert.match(html, /In allestimento/);
    assert.match(html, /Questo negozio non ha ancora pubblicato prodotti/);
    assert.doesNotMatch(html, /rel="next"/);
  });
  test("JSON-LD HardwareStore with a PostalAddress", () => {
    const s = jsonLdBlocks(out().head).find((b) => b["@type"] === "HardwareStore");
    assert.equal(s.name, "Edilizia Demo");
    assert.deepEqual(s.address, { "@type": "PostalAddress", addressCountry: "IT", streetAddress: "Via Roma 12", postalCode: "20121", addressLocality: "Milano" });
    assert.equal(s.telephone, "02 1234567");
    assert.equal(s.url, `${site.publicUrl}/store/3/edilizia-demo`);
    assert.equal(s.logo, `${site.publicUrl}/media/stores/3/logo.png`);
  });
  test("a Business shop's pages carry its own header and footer, titles without the site's name", () => {
    const own = { ...store, plan: "business", telephone: "02 1234567" };
    for (const [url, props] of [
      ["/store/3/edilizia-demo", { site, store: own, listing }],
      [productUrl, { site, store: own, product, related }],
    ]) {
      const { html, head } = bundle.render(url, props);
      assert.match(html, /data-shop-header/, url);
      assert.match(html, /data-shop-footer/, url);
      assert.doesNotMatch(html, /Crea Negozio|Esplora Negozi|Catalogo realizzato con|realizzato con/, url);
      assert.doesNotMatch(titleOf(head), /Vetrina/, url);
      assert.match(head, /<meta property="og:site_name" content="Edilizia Demo">/, url);
      assert.match(html, /href="\/privacy"/, url);
      assert.match(html, /href="tel:021234567"/, url);
    }
    const pro = bundle.render("/store/3/edilizia-demo", { site, store: { ...store, plan: "pro" }, listing });
    assert.match(pro.html, /Esplora Negozi/);
    assert.match(titleOf(pro.head), /\| Vetrina$/);
  });
  test("a product page offers a call, WhatsApp for a mobile number and an e-mail beside the price", () => {
    const mobile = bundle.render(productUrl, { site, store: { ...store, telephone: "+39 347 123 4567", email: "info@made.it" }, product, related }).html;
    const ask = mobile.slice(mobile.indexOf("data-ask-shop"), mobile.indexOf("data-ask-shop") + 2000);
    assert.match(ask, /href="tel:\+393471234567"/);
    assert.match(ask, /href="https:\/\/wa\.me\/393471234567\?text=Buongiorno%2C%20vorrei%20sapere%20se%20%C3%A8%20disponibile%3A%20Prodotto%2012/);
    assert.match(ask, /href="mailto:info@made\.it\?subject=Disponibilit%C3%A0%3A%20Prodotto%2012/);
    const landline = bundle.render(productUrl, { site, store, product, related }).html;
    assert.doesNotMatch(landline, /wa\.me/);
    assert.match(landline, /data-ask-shop/);
  });
  test("branding by plan", () => {
    const free = bundle.render("/store/3/edilizia-demo", { site, store: { ...store, plan: "free" }, listing }).html;
    assert.match(free, /Catalogo realizzato con Vetrina/);
    const other = bundle.render("/store/3/edilizia-demo", { site, store: { ...store, plan: "legacy" }, listing }).html;
    assert.match(other, /realizzato con/);
  });
});

describe("explore page", () => {
  test("the server's page of shops in its order, with badges and links", () => {
    const stores = [makeStore({ id: 5, name: "Gamma", slug: "gamma", product_count: 40 }), makeStore({ id: 1, name: "Alfa", slug: "alfa", product_count: 2 }), makeStore({ id: 2, name: "Beta", slug: "beta", product_count: 0 })];
    const { html } = bundle.render("/explore", { site, ...exploreOf(stores) });
    const order = [...html.matchAll(/href="\/store\/(\d+)\/[a-z]+"/g)].map((m) => m[1]);
    assert.deepEqual(order, ["5", "1", "2"]);
    assert.match(html, /In allestimento/);
    assert.match(html, /Attivo/);
    assert.match(html, /3 negozi/);
  });
  test("links to the other pages for crawlers; page 2 has its own canonical; a search is not indexed", () => {
    const stores = Array.from({ length: 20 }, (_, i) => makeStore({ id: i + 1, slug: `s${i + 1}`, name: `Negozio ${i + 1}` }));
    const { html } = bundle.render("/explore", { site, ...exploreOf(stores) });
    assert.equal([...html.matchAll(/href="\/store\/\d+\/s\d+"/g)].length, 12);
    assert.match(html, /<a[^>]*href="\/explore\?page=2"[^>]*rel="next"/);
    const second = bundle.render("/explore?page=2", { site, stores: stores.slice(12), explore: { ...exploreOf(stores).explore, page: 2, canonical: "/explore?page=2" } });
    assert.deepEqual(canonicals(second.head), [`${site.publicUrl}/explore?page=2`]);
    assert.match(titleOf(second.head), /pagina 2/);
    const found = bundle.render("/explore?q=rossi", { site, ...exploreOf(stores.slice(0, 1), { q: "rossi", noindex: true, canonical: "/explore?q=rossi" }) });
    assert.match(found.head, /<meta name="robots" content="noindex">/);
    assert.match(found.html, /value="rossi"/);
  });
});

describe("landing page", () => {
  test("WebSite and Organization JSON-LD, hero links", () => {
    const out = bundle.render("/", { site });
    const types = jsonLdBlocks(out.head).map((b) => b["@type"]);
    assert.ok(types.includes("WebSite"));
    assert.ok(types.includes("Organization"));
    assert.match(out.html, /href="\/create"[^>]*>[^<]*Crea il tuo Negozio/);
    assert.match(out.html, /href="#learn-more"/);
    assert.match(out.html, /id="learn-more"/);
    assert.match(out.html, /id="pricing"/);
    assert.match(out.html, /Come Funziona/);
  });
});

describe("top bar and footer rendered once per variant", () => {
  const header = (html) => html.match(/<header[\s\S]*?<\/header>/)[0];
  const footer = (html) => html.match(/<footer[\s\S]*?<\/footer>/)[0];
  test("the same markup on every page, the current link marked where it belongs", () => {
    const a = bundle.render(productUrl, { site, store, product, related }).html;
    const b = bundle.render("/faq", { site }).html;
    const pricing = bundle.render("/pricing", { site }).html;
    assert.equal(header(a), header(b));
    assert.equal(footer(a), footer(pricing));
    assert.doesNotMatch(header(b), /aria-current/);
    assert.match(header(pricing), /href="\/pricing" aria-current="page"/);
    // Both sides wrap the fragment in the same element, so hydration sees one tree.
    assert.match(a, /<div class="contents"><header/);
    assert.match(a, /<div class="contents"><footer/);
  });
});

describe("seller block rendered once per shop version", () => {
  const seller = (html) => html.match(/<section id="venditore"[\s\S]*?<\/section>/)[0];
  const productOf = (s) => `/product/${s.id}/${s.slug}/12/prodotto-12`;
  test("in the product page, wrapped as the browser renders it", () => {
    const html = bundle.render(productUrl, { site, store, product, related }).html;
    assert.match(html, /<div class="contents"><section id="venditore"/);
    assert.match(seller(html), /href="\/store\/3\/edilizia-demo"[^>]*>Edilizia Demo</);
    assert.match(seller(html), /href="tel:/);
  });
  test("a change to the shop shows on the next render of its product pages", () => {
    const before = seller(bundle.render(productUrl, { site, store, product, related }).html);
    const changed = { ...store, telephone: "02 7654321", name: "Edilizia Nuova" };
    const after = seller(bundle.render(productUrl, { site, store: changed, product, related }).html);
    assert.notEqual(after, before);
    assert.match(after, /02 7654321/);
    assert.match(after, />Edilizia Nuova</);
    assert.doesNotMatch(after, /02 1234567/);
  });
  test("each shop gets its own, also after more shops than the worker keeps", () => {
    const shops = Array.from({ length: 80 }, (_, i) => makeStore({ id: 100 + i, slug: `negozio-${i}`, name: `Negozio ${i}`, telephone: `02 ${1000 + i}` }));
    for (const s of [...shops, ...shops.slice(0, 3)]) {
      const out = seller(bundle.render(productOf(s), { site, store: s, product, related }).html);
      assert.match(out, new RegExp(`>Negozio ${s.id - 100}<`));
      assert.match(out, new RegExp(`02 ${1000 + s.id - 100}`));
    }
  });
  test("a missing product renders no seller block", () => {
    const out = bundle.render(productUrl, { site, store, notFound: true });
    assert.equal(out.status, 404);
    assert.doesNotMatch(out.html, /id="venditore"/);
  });
});
