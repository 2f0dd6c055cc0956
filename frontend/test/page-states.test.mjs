// The server bundle's answer for pages whose data could not be read (status 503, the route's
// error state) and the heads of the client-rendered pages (decision 012).
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { canonicals, exploreOf, loadServerBundle, makeStore, site, titleOf } from "./helpers.mjs";

let bundle;
before(() => {
  bundle = loadServerBundle();
});

describe("loadError", () => {
  const cases = [
    ["/explore", "Errore nel caricamento dei negozi"],
    ["/store/3/edilizia-demo", "Errore nel caricamento del negozio"],
    ["/product/3/edilizia-demo/12/prodotto-12", "Errore nel caricamento del prodotto"],
    ["/store/3", "Pagina momentaneamente non disponibile"],
  ];
  for (const [url, text] of cases) {
    test(`${url}: status 503, '${text}', a reload button, not indexed`, () => {
      const out = bundle.render(url, { site, loadError: true });
      assert.equal(out.status, 503);
      assert.match(out.html, new RegExp(text));
      assert.match(out.html, /<button[^>]*>Ricarica<\/button>/);
      assert.doesNotMatch(out.html, /non trovat/);
      assert.equal(titleOf(out.head), `${text} | Vetrina`);
      assert.match(out.head, /<meta name="robots" content="noindex">/);
    });
  }
  test("explore keeps its canonical address", () => {
    const out = bundle.render("/explore", { site, loadError: true });
    assert.deepEqual(canonicals(out.head), [`${site.publicUrl}/explore`]);
  });
  test("without loadError the pages are as before", () => {
    const out = bundle.render("/explore", { site, ...exploreOf([makeStore()]) });
    assert.equal(out.status, 200);
    assert.doesNotMatch(out.html, /Errore nel caricamento/);
  });
});

describe("client-rendered pages", () => {
  const titles = {
    "/login": "Accedi | Vetrina",
    "/auth": "Accedi per iniziare la prova | Vetrina",
    "/create": "Crea il tuo Negozio | Vetrina",
    "/verify-email?token=x": "Verifica email | Vetrina",
    "/email-verification/anna%40esempio.it": "Controlla la tua email | Vetrina",
    "/email-verification": "Controlla la tua email | Vetrina",
    "/recupera-password": "Password dimenticata | Vetrina",
    "/reset-password?token=x": "Reimposta la password | Vetrina",
    "/dashboard": "Dashboard | Vetrina",
    "/upload": "Importa i tuoi prodotti | Vetrina",
  };
  for (const [url, title] of Object.entries(titles)) {
    test(`${url}: its own title, no markup, not indexed`, () => {
      const out = bundle.render(url, { site, clientOnly: true, hasSession: false });
      assert.equal(out.status, 200);
      assert.equal(out.html, "");
      assert.equal(titleOf(out.head), title);
      assert.match(out.head, /noindex/);
      assert.doesNotMatch(out.head, /anna/);
    });
  }
});
