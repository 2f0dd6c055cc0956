import { useEffect, useRef, useState, type ReactNode } from "react";
import { PageLinks, withSearch } from "../components/PageLinks";
import { SearchBox } from "../components/SearchBox";
import { Pagination } from "../components/Pagination";
import { StoreLogo } from "../components/StoreLogo";
import { Badge } from "../components/ui/Badge";
import { Button } from "../components/ui/Button";
import { Container } from "../components/ui/Container";
import { Select } from "../components/ui/Field";
import { IconPin } from "../components/ui/Icons";
import { it } from "../i18n/it";
import { useHydrated } from "../hooks/useHydrated";
import { fetchStores } from "../lib/api";
import { isAbort } from "../lib/catalogue";
import { usePageData } from "../lib/page-data";
import { absoluteUrl, storePath } from "../lib/paths";
import type { HeadData } from "../lib/seo";
import type { PageProps, Store } from "../types";
import { pageErrorHead } from "./NotFoundPage";

export const EXPLORE_PAGE_SIZE = 12;
export type ExploreSort = "newest" | "nameAsc" | "nameDesc" | "productsDesc" | "productsAsc";
const SORTS: ExploreSort[] = ["productsDesc", "productsAsc", "newest", "nameAsc", "nameDesc"];

export function exploreHead(props: PageProps): HeadData {
  if (props.loadError) return pageErrorHead(it.explore.loadError, "/explore");
  const stores = props.stores ?? [];
  const page = props.explore?.page ?? 1;
  return {
    title: page > 1 ? it.explore.metaTitlePage(page) : it.explore.metaTitle,
    description: it.explore.metaDescription,
    canonicalPath: props.explore?.canonical ?? "/explore",
    noindex: props.explore?.noindex,
    jsonLd: stores.length
      ? [
          {
            "@context": "https://schema.org",
            "@type": "ItemList",
            name: it.explore.title,
            itemListElement: stores.map((s, i) => ({
              "@type": "ListItem",
              position: (page - 1) * EXPLORE_PAGE_SIZE + i + 1,
              name: s.name,
              url: absoluteUrl(props.site.publicUrl, storePath(s)),
            })),
          },
        ]
      : [],
  };
}

/** The query string of an explore listing as the server writes it: defaults left out. */
export function exploreSearch(q: string, sort: ExploreSort, page: number, perPage?: number): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  if (sort !== "productsDesc") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  if (perPage) params.set("per_page", String(perPage));
  return params.toString();
}

function StoreCard({ store }: { store: Store }) {
  const active = store.product_count > 0;
  return (
    <a
      href={storePath(store)}
      className="group flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <div className="flex items-start justify-between gap-3">
        <StoreLogo store={store} className="h-14 w-14 text-xl" />
        <Badge tone={active ? "green" : "amber"}>{active ? it.explore.active : it.explore.settingUp}</Badge>
      </div>
      <h2 className="mt-4 text-lg font-bold leading-snug text-stone-900 group-hover:text-brand-800">{store.name}</h2>
      {store.partner_group && <p className="text-sm font-medium text-stone-500">{store.partner_group}</p>}
      {store.description && <p className="mt-2 line-clamp-3 text-sm text-stone-600">{store.description}</p>}
      <div className="mt-auto flex items-center justify-between gap-2 pt-4 text-sm text-stone-500">
        {store.city ? (
          <span className="inline-flex items-center gap-1">
            <IconPin width={16} height={16} />
            {store.city}
          </span>
        ) : (
          <span />
        )}
        <span className="font-medium text-stone-700">{it.explore.products(store.product_count)}</span>
      </div>
    </a>
  );
}

const SEARCH_DELAY_MS = 300;

export function ExplorePage() {
  const props = usePageData();
  const listing = props.explore;
  if (props.loadError || !listing) return <ExploreShell error />;
  return <ExploreListing first={listing} stores={props.stores ?? []} />;
}

function ExploreShell({ error, children, search }: { error?: boolean; children?: ReactNode; search?: ReactNode }) {
  return (
    <div>
      <div className="border-b border-stone-200 bg-white">
        <Container className="py-10 sm:py-14">
          <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{it.explore.title}</h1>
          <p className="mt-3 max-w-2xl text-stone-600">{it.explore.intro}</p>
          <p className="mt-2">
            <a href="/cerca" className="text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
              {it.nearby.exploreLink} →
            </a>
          </p>
          {search}
        </Container>
      </div>
      <Container className="py-8 sm:py-10">
        {error ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-10 text-center">
            <p className="font-semibold text-red-800">{it.explore.loadError}</p>
            <Button variant="secondary" className="mt-4" onClick={() => window.location.reload()}>
              {it.common.reload}
            </Button>
          </div>
        ) : (
          children
        )}
      </Container>
    </div>
  );
}

/** The server's page of 12 shops; in the browser a search, an order or another page asks the
 * server again, and the address follows. */
function ExploreListing({ first, stores: firstStores }: { first: NonNullable<PageProps["explore"]>; stores: Store[] }) {
  const hydrated = useHydrated();
  const [typed, setTyped] = useState(first.q);
  const [sort, setSort] = useState<ExploreSort>(first.sort as ExploreSort);
  const [stores, setStores] = useState(firstStores);
  const [total, setTotal] = useState(first.total);
  const [page, setPage] = useState(first.page);
  const [failed, setFailed] = useState(false);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pages = Math.max(1, Math.ceil(total / EXPLORE_PAGE_SIZE));

  useEffect(
    () => () => {
      request.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const load = async (q: string, order: ExploreSort, wanted: number) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    window.history.replaceState(window.history.state, "", withSearch("/explore", exploreSearch(q, order, wanted)));
    try {
      const result = await fetchStores(exploreSearch(q, order, wanted, EXPLORE_PAGE_SIZE), controller.signal);
      if (controller.signal.aborted) return;
      setStores(result.stores);
      setTotal(result.total);
      setPage(wanted);
      setFailed(false);
    } catch (error) {
      if (!isAbort(error)) setFailed(true);
    }
  };

  const changeSearch = (value: string) => {
    setTyped(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void load(value, sort, 1), SEARCH_DELAY_MS);
  };
  const changeSort = (value: ExploreSort) => {
    setSort(value);
    void load(typed, value, 1);
  };
  const changePage = (p: number) => {
    void load(typed, sort, p);
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  const search = (
    <form
      role="search"
      method="get"
      action="/explore"
      className="mt-6 grid gap-3 sm:grid-cols-[1fr_220px_auto]"
      onSubmit={(e) => {
        e.preventDefault();
        if (timer.current) clearTimeout(timer.current);
        void load(typed, sort, 1);
      }}
    >
      <SearchBox id="explore-search" label={it.explore.searchLabel} placeholder={it.explore.searchPlaceholder} value={typed} onChange={changeSearch} />
      <div>
        <label htmlFor="explore-sort" className="sr-only">{it.explore.sortLabel}</label>
        <Select id="explore-sort" name="sort" value={sort} onChange={(e) => changeSort(e.target.value as ExploreSort)}>
          {SORTS.map((s) => (
            <option key={s} value={s}>{it.explore.sort[s]}</option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="secondary">{it.store.searchSubmit}</Button>
    </form>
  );

  return (
    <ExploreShell search={search}>
      <p className="mb-4 text-sm text-stone-500" aria-live="polite" data-stores-count>{it.explore.count(total)}</p>
      {failed && (
        <p role="alert" className="mb-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">{it.explore.loadError}</p>
      )}
      {total === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">
          {typed.trim() ? it.explore.noResults : it.explore.empty}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {stores.map((s) => (
            <li key={s.id}>
              <StoreCard store={s} />
            </li>
          ))}
        </ul>
      )}
      {hydrated ? (
        <Pagination page={page} pages={pages} onChange={changePage} label={it.store.pagination} />
      ) : (
        <PageLinks page={page} pages={pages} href={(p) => withSearch("/explore", exploreSearch(first.q, first.sort as ExploreSort, p))} label={it.store.pagination} />
      )}
    </ExploreShell>
  );
}
