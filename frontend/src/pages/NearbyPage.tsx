import { PageLinks, withSearch } from "../components/PageLinks";
import { NearbySearchForm } from "../components/NearbySearchForm";
import { ProductCard } from "../components/ProductCard";
import { Container } from "../components/ui/Container";
import { IconPin } from "../components/ui/Icons";
import { it } from "../i18n/it";
import { usePageData } from "../lib/page-data";
import { storePath } from "../lib/paths";
import type { HeadData } from "../lib/seo";
import type { NearbyItem, PageProps } from "../types";
import { pageErrorHead } from "./NotFoundPage";

/** `/cerca`: never indexed, one page per typed search. */
export function nearbyHead(props: PageProps): HeadData {
  if (props.loadError) return pageErrorHead(it.explore.loadError, "/cerca");
  const q = props.nearby?.q ?? "";
  return {
    title: q ? it.nearby.metaTitleFor(q) : it.nearby.metaTitle,
    description: it.nearby.metaDescription,
    canonicalPath: props.nearby?.canonical ?? "/cerca",
    noindex: true,
  };
}

/** The query string of a search's page as the server writes it. */
function nearbySearch(q: string, cap: string, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (cap) params.set("cap", cap);
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

function Distance({ km }: { km: number | null }) {
  if (km === null) return null;
  return <span className="font-semibold text-brand-800">{km === 0 ? it.nearby.sameComune : it.nearby.distance(km)}</span>;
}

function Result({ item }: { item: NearbyItem }) {
  return (
    <li className="flex flex-col gap-2">
      <ProductCard product={item.product} store={item.store} />
      <p className="flex flex-wrap items-center gap-x-1.5 px-1 text-sm text-stone-600">
        <IconPin width={16} height={16} className="shrink-0 text-stone-400" />
        <a href={storePath(item.store)} className="font-medium text-stone-800 underline-offset-2 hover:text-brand-800 hover:underline">
          {item.store.name}
        </a>
        {item.store.city && <span>{it.nearby.sellerIn(item.store.city)}</span>}
        <Distance km={item.distance_km} />
      </p>
    </li>
  );
}

export function NearbyPage() {
  const props = usePageData();
  const listing = props.nearby;
  const results = listing?.results;
  const usedCap = listing && !listing.capError ? listing.cap : "";
  return (
    <div>
      <div className="border-b border-stone-200 bg-white">
        <Container className="py-10 sm:py-14">
          <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{it.nearby.title}</h1>
          <p className="mt-3 max-w-2xl text-stone-600">{it.nearby.intro}</p>
          <div className="mt-6">
            <NearbySearchForm q={listing?.q} cap={listing?.cap} capError={listing?.capError} />
          </div>
        </Container>
      </div>
      <Container className="py-8 sm:py-10">
        {props.loadError ? (
          <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-10 text-center font-semibold text-red-800">
            {it.explore.loadError}
          </p>
        ) : !results ? (
          <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">{it.nearby.askSomething}</p>
        ) : results.total === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">{it.nearby.noResults}</p>
        ) : (
          <>
            <p className="mb-4 text-sm text-stone-600" data-results-count>
              <strong className="font-semibold text-stone-900">{it.nearby.count(results.total, results.capped)}</strong>
              {" · "}
              {results.comune ? it.nearby.fromComune(results.comune) : it.nearby.byRelevance}
            </p>
            <h2 className="sr-only">{it.nearby.resultsTitle}</h2>
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
              {results.items.map((item) => (
                <Result key={item.product.id} item={item} />
              ))}
            </ul>
            <PageLinks
              page={results.page}
              pages={results.pages}
              href={(p) => withSearch("/cerca", nearbySearch(listing?.q ?? "", usedCap, p))}
              label={it.nearby.pagination}
            />
            {results.comune && <p className="mt-8 text-center text-xs text-stone-500">{it.nearby.credit}</p>}
          </>
        )}
      </Container>
    </div>
  );
}
