import { useEffect, useMemo, useState } from "react";
import { Pagination } from "../components/Pagination";
import { StoreLogo } from "../components/StoreLogo";
import { Badge } from "../components/ui/Badge";
import { Button } from "../components/ui/Button";
import { Container } from "../components/ui/Container";
import { Input, Select } from "../components/ui/Field";
import { IconPin, IconSearch } from "../components/ui/Icons";
import { it } from "../i18n/it";
import { fetchStores } from "../lib/api";
import { compareText, fold } from "../lib/format";
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
  return {
    title: it.explore.metaTitle,
    description: it.explore.metaDescription,
    canonicalPath: "/explore",
    jsonLd: stores.length
      ? [
          {
            "@context": "https://schema.org",
            "@type": "ItemList",
            name: it.explore.title,
            itemListElement: stores.slice(0, 50).map((s, i) => ({
              "@type": "ListItem",
              position: i + 1,
              name: s.name,
              url: absoluteUrl(props.site.publicUrl, storePath(s)),
            })),
          },
        ]
      : [],
  };
}

export function sortStores(list: Store[], sort: ExploreSort): Store[] {
  const out = list.slice();
  const created = (s: Store) => s.created || "";
  switch (sort) {
    case "newest":
      return out.sort((a, b) => (created(a) < created(b) ? 1 : created(a) > created(b) ? -1 : b.id - a.id));
    case "nameAsc":
      return out.sort((a, b) => compareText(a.name, b.name) || a.id - b.id);
    case "nameDesc":
      return out.sort((a, b) => compareText(b.name, a.name) || a.id - b.id);
    case "productsDesc":
      return out.sort((a, b) => b.product_count - a.product_count || compareText(a.name, b.name));
    case "productsAsc":
      return out.sort((a, b) => a.product_count - b.product_count || compareText(a.name, b.name));
  }
}

export function searchStores(list: Store[], search: string): Store[] {
  const q = fold(search.trim());
  if (!q) return list;
  return list.filter((s) => fold(s.name).includes(q) || fold(s.description).includes(q) || fold(s.partner_group).includes(q));
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

type LoadState = { kind: "ready"; stores: Store[] } | { kind: "loading" } | { kind: "error" };

export function ExplorePage() {
  const props = usePageData();
  // The server sends the shops, or `loadError` when it could not read them (status 503).
  const [state, setState] = useState<LoadState>(
    props.stores ? { kind: "ready", stores: props.stores } : props.loadError ? { kind: "error" } : { kind: "loading" },
  );
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<ExploreSort>("productsDesc");
  const [page, setPage] = useState(1);

  useEffect(() => {
    if (props.stores || props.loadError) return;
    let cancelled = false;
    fetchStores()
      .then((stores) => !cancelled && setState({ kind: "ready", stores: Array.isArray(stores) ? stores : [] }))
      .catch(() => !cancelled && setState({ kind: "error" }));
    return () => {
      cancelled = true;
    };
  }, [props.stores, props.loadError]);

  // A new search or order starts again from the first page.
  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  const changeSort = (value: ExploreSort) => {
    setSort(value);
    setPage(1);
  };

  const stores = useMemo(() => (state.kind === "ready" ? state.stores : []), [state]);
  const result = useMemo(() => sortStores(searchStores(stores, search), sort), [stores, search, sort]);
  const pages = Math.max(1, Math.ceil(result.length / EXPLORE_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = result.slice((current - 1) * EXPLORE_PAGE_SIZE, current * EXPLORE_PAGE_SIZE);

  return (
    <div>
      <div className="border-b border-stone-200 bg-white">
        <Container className="py-10 sm:py-14">
          <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{it.explore.title}</h1>
          <p className="mt-3 max-w-2xl text-stone-600">{it.explore.intro}</p>
          <div role="search" className="mt-6 grid gap-3 sm:grid-cols-[1fr_220px]">
            <div className="relative">
              <label htmlFor="explore-search" className="sr-only">{it.explore.searchLabel}</label>
              <IconSearch className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-400" />
              <Input id="explore-search" type="search" value={search} onChange={(e) => changeSearch(e.target.value)} placeholder={it.explore.searchPlaceholder} className="pl-10" />
            </div>
            <div>
              <label htmlFor="explore-sort" className="sr-only">{it.explore.sortLabel}</label>
              <Select id="explore-sort" value={sort} onChange={(e) => changeSort(e.target.value as ExploreSort)}>
                {SORTS.map((s) => (
                  <option key={s} value={s}>{it.explore.sort[s]}</option>
                ))}
              </Select>
            </div>
          </div>
        </Container>
      </div>
      <Container className="py-8 sm:py-10">
        {state.kind === "loading" && (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy="true" aria-label={it.common.loading}>
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i} className="h-52 animate-pulse rounded-2xl border border-stone-200 bg-white" />
            ))}
          </ul>
        )}
        {state.kind === "error" && (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-10 text-center">
            <p className="font-semibold text-red-800">{it.explore.loadError}</p>
            <Button variant="secondary" className="mt-4" onClick={() => window.location.reload()}>
              {it.common.reload}
            </Button>
          </div>
        )}
        {state.kind === "ready" && (
          <>
            <p className="mb-4 text-sm text-stone-500" aria-live="polite">{it.explore.count(result.length)}</p>
            {result.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">
                {stores.length === 0 ? it.explore.empty : it.explore.noResults}
              </p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {shown.map((s) => (
                  <li key={s.id}>
                    <StoreCard store={s} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination page={current} pages={pages} onChange={(p) => { setPage(p); window.scrollTo({ top: 0, behavior: "smooth" }); }} label={it.store.pagination} />
          </>
        )}
      </Container>
    </div>
  );
}
