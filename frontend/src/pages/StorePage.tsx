import { useCallback, useEffect, useRef, useState } from "react";
import { MapEmbed } from "../components/MapEmbed";
import { PageLinks, withSearch } from "../components/PageLinks";
import { SearchBox } from "../components/SearchBox";
import { Pagination } from "../components/Pagination";
import { ProductCard } from "../components/ProductCard";
import { StoreBranding } from "../components/StoreBranding";
import { StoreLogo } from "../components/StoreLogo";
import { Badge } from "../components/ui/Badge";
import { Button } from "../components/ui/Button";
import { Container } from "../components/ui/Container";
import { EmailText } from "../components/ui/EmailText";
import { Select } from "../components/ui/Field";
import { IconGlobe, IconMail, IconPhone, IconPin } from "../components/ui/Icons";
import { useHydrated } from "../hooks/useHydrated";
import { useIsMobile } from "../hooks/useIsMobile";
import { it } from "../i18n/it";
import { catalogueSearch, fetchProductPage, isAbort, type CatalogueSort } from "../lib/catalogue";
import { truncate } from "../lib/format";
import { usePageData } from "../lib/page-data";
import { absoluteUrl, osmSearchUrl, storeAddressQuery, storePath, telHref, websiteHref, websiteLabel } from "../lib/paths";
import type { HeadData } from "../lib/seo";
import type { PageProps, Product, Store, StoreListing } from "../types";
import { NotFoundBlock, PageErrorBlock, pageErrorHead } from "./NotFoundPage";

export const DESKTOP_BATCH = 25;
export const MOBILE_PAGE_SIZE = 24;
const LOAD_MORE_DELAY_MS = 1000;

const SORTS: CatalogueSort[] = ["newest", "oldest", "nameAsc", "nameDesc", "priceAsc", "priceDesc"];

export const storeIsMissing = (props: PageProps) => !!props.notFound || !props.store;

export function storeHead(props: PageProps): HeadData {
  const { store, site } = props;
  if (props.loadError) return pageErrorHead(it.pageError.store);
  if (storeIsMissing(props) || !store) {
    return { title: `${it.store.notFound} | ${it.brand.name}`, description: it.store.notFoundText, noindex: true };
  }
  const path = storePath(store);
  const url = absoluteUrl(site.publicUrl, path);
  const logo = store.logo_img_url ? absoluteUrl(site.publicUrl, store.logo_img_url) : null;
  const description = truncate(store.description?.trim() || it.store.metaDescriptionFallback(store.name, store.city));
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "HardwareStore",
    name: store.name,
    url,
    description: store.description?.trim() || description,
  };
  if (store.address || store.city || store.postal_code) {
    const address: Record<string, string> = { "@type": "PostalAddress", addressCountry: "IT" };
    if (store.address) address.streetAddress = store.address;
    if (store.postal_code) address.postalCode = store.postal_code;
    if (store.city) address.addressLocality = store.city;
    ld.address = address;
  }
  if (store.telephone) ld.telephone = store.telephone;
  if (store.email) ld.email = store.email;
  if (logo) {
    ld.image = logo;
    ld.logo = logo;
  }
  if (store.website_url) ld.sameAs = [websiteHref(store.website_url)];
  const listing = props.listing;
  const page = listing?.result.page ?? 1;
  const title = page > 1 ? it.store.metaTitlePage(store.name, page) : it.store.metaTitle(store.name);
  return {
    title,
    description,
    canonicalPath: listing?.canonical ?? path,
    noindex: listing?.noindex,
    ogType: "website",
    image: logo,
    jsonLd: [ld],
  };
}

/** The shop's name and what it is: first on every screen, compact on a phone so the products
 * show at once. */
function StoreIdentity({ store }: { store: Store }) {
  const active = store.product_count > 0;
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6 lg:col-start-1 lg:row-start-1">
      <div className="flex items-center gap-4 lg:block">
        <StoreLogo store={store} className="h-14 w-14 shrink-0 text-2xl lg:h-20 lg:w-20 lg:text-3xl" />
        <div className="min-w-0">
          <h1 className="text-xl font-extrabold leading-tight tracking-tight text-stone-900 lg:mt-4 lg:text-2xl">{store.name}</h1>
          {store.partner_group && <p className="mt-0.5 text-sm font-medium text-stone-500 lg:mt-1">{store.partner_group}</p>}
          <div className="mt-2 lg:mt-3">
            <Badge tone={active ? "green" : "amber"}>{active ? it.explore.active : it.explore.settingUp}</Badge>
          </div>
        </div>
      </div>
      {store.description && (
        <p className="mt-3 line-clamp-2 whitespace-pre-line text-sm leading-relaxed text-stone-700 lg:mt-4 lg:line-clamp-none">{store.description}</p>
      )}
    </div>
  );
}

/** How to reach the shop: after the products on a phone, under the shop's name beside them on
 * a wide screen. */
function StoreContacts({ store }: { store: Store }) {
  const query = storeAddressQuery(store);
  const row = "flex items-start gap-2.5 text-sm text-stone-700 hover:text-brand-800 break-words";
  return (
    <aside aria-label={it.store.sidebarLabel} className="lg:sticky lg:top-20 lg:col-start-1 lg:row-start-2 lg:self-start">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <ul className="space-y-3">
          {store.telephone && (
            <li>
              <a className={row} href={telHref(store.telephone)}>
                <IconPhone className="mt-0.5 shrink-0 text-stone-400" />
                <span><span className="sr-only">{it.store.phone}: </span>{store.telephone}</span>
              </a>
            </li>
          )}
          {store.email && (
            <li>
              <a className={row} href={`mailto:${store.email}`}>
                <IconMail className="mt-0.5 shrink-0 text-stone-400" />
                <span className="min-w-0"><span className="sr-only">{it.store.email}: </span><EmailText value={store.email} /></span>
              </a>
            </li>
          )}
          {store.website_url && (
            <li>
              <a className={row} href={websiteHref(store.website_url)} target="_blank" rel="noopener noreferrer">
                <IconGlobe className="mt-0.5 shrink-0 text-stone-400" />
                <span className="min-w-0 [overflow-wrap:anywhere]"><span className="sr-only">{it.store.website}: </span>{websiteLabel(store.website_url)}</span>
              </a>
            </li>
          )}
          {query && (
            <li>
              <a className={row} href={osmSearchUrl(query)} target="_blank" rel="noopener noreferrer">
                <IconPin className="mt-0.5 shrink-0 text-stone-400" />
                <span>
                  <span className="sr-only">{it.store.address}: </span>
                  {[store.address, [store.postal_code, store.city].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
                </span>
              </a>
            </li>
          )}
        </ul>
        {query && (
          <div className="mt-5">
            <MapEmbed query={query} title={it.store.mapTitle(store.name)} />
          </div>
        )}
        <div className="mt-5 flex gap-4 border-t border-stone-100 pt-4 text-xs">
          <a href="/privacy" className="text-stone-500 hover:text-brand-800 hover:underline">{it.store.privacy}</a>
          <a href="/cookie" className="text-stone-500 hover:text-brand-800 hover:underline">{it.store.cookie}</a>
        </div>
      </div>
    </aside>
  );
}

export function StorePage() {
  const props = usePageData();
  if (props.loadError) return <PageErrorBlock title={it.pageError.store} />;
  if (storeIsMissing(props) || !props.store || !props.listing) {
    return <NotFoundBlock title={it.store.notFound} text={it.store.notFoundText} cta={it.notFound.home} />;
  }
  return <StoreCatalogue store={props.store} listing={props.listing} />;
}

/** What the visitor asked for: the search as typed, the category and the order. */
interface Asked {
  q: string;
  category: string;
  sort: CatalogueSort;
}

const SEARCH_DELAY_MS = 300;

/** The server's default order follows the search: relevance while there is one, newest
 * without; an order the visitor chose stays. */
export function sortFor(q: string, sort: CatalogueSort): CatalogueSort {
  if (q.trim()) return sort === "newest" ? "relevance" : sort;
  return sort === "relevance" ? "newest" : sort;
}

function StoreCatalogue({ store, listing }: { store: Store; listing: StoreListing }) {
  const isMobile = useIsMobile();
  const base = storePath(store);
  const initial = listing.result;
  const hydrated = useHydrated();
  const [typed, setTyped] = useState(listing.q);
  const [asked, setAsked] = useState<Asked>({ q: listing.q, category: listing.category, sort: listing.sort as CatalogueSort });
  const [items, setItems] = useState<Product[]>(initial.items);
  const [total, setTotal] = useState(initial.total);
  /** More products match the search than `total`, the ones listed. */
  const [capped, setCapped] = useState(initial.capped);
  const [categories, setCategories] = useState(initial.categories);
  /** Desktop: the last server page (of 25) shown; phone: the page (of 24) shown. */
  const [page, setPage] = useState(initial.page);
  const [pages, setPages] = useState(initial.pages);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const gridTop = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // What the layout switch's reload reads (the effect runs for the switch alone).
  const askedRef = useRef(asked);
  const isMobileRef = useRef(isMobile);
  useEffect(() => {
    askedRef.current = asked;
    isMobileRef.current = isMobile;
  });

  useEffect(
    () => () => {
      request.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const perPage = isMobile ? MOBILE_PAGE_SIZE : DESKTOP_BATCH;

  /** Asks the server for a page; `append` adds it under what is shown (desktop "Carica altri"). */
  const load = useCallback(
    async (next: Asked, wanted: number, size: number, append: boolean) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      try {
        const [result] = await Promise.all([
          fetchProductPage(store.id, { ...next, page: wanted, perPage: size }, controller.signal),
          append ? new Promise((resolve) => setTimeout(resolve, LOAD_MORE_DELAY_MS)) : null,
        ]);
        if (controller.signal.aborted) return;
        setItems((old) => (append ? [...old, ...result.items.filter((p) => !old.some((o) => o.id === p.id))] : result.items));
        setTotal(result.total);
        setCapped(result.capped);
        setPages(result.pages);
        setPage(result.page);
        setCategories(result.categories);
        setFailed(false);
      } catch (error) {
        if (!isAbort(error)) setFailed(true);
      } finally {
        if (request.current === controller) setLoadingMore(false);
      }
    },
    [store.id],
  );

  /** A new search, category or order: the first page, and the address says what is shown. */
  const apply = (next: Asked) => {
    setAsked(next);
    const search = catalogueSearch(next);
    window.history.replaceState(window.history.state, "", withSearch(base, search));
    void load(next, 1, perPage, false);
  };

  const changeTyped = (value: string) => {
    setTyped(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => apply({ ...asked, q: value, sort: sortFor(value, asked.sort) }), SEARCH_DELAY_MS);
  };

  // A switch between the phone and desktop layouts starts again from the first page; the
  // server's first page of 25 holds the phone's first page of 24, other pages are asked for.
  const [layoutMobile, setLayoutMobile] = useState(isMobile);
  const [relayout, setRelayout] = useState(0);
  if (layoutMobile !== isMobile) {
    setLayoutMobile(isMobile);
    if (isMobile && page === 1) {
      setItems(items.slice(0, MOBILE_PAGE_SIZE));
      setPages(Math.max(1, Math.ceil(total / MOBILE_PAGE_SIZE)));
    } else {
      setRelayout((n) => n + 1);
    }
  }
  useEffect(() => {
    if (relayout > 0) void load(askedRef.current, 1, isMobileRef.current ? MOBILE_PAGE_SIZE : DESKTOP_BATCH, false);
  }, [relayout, load]);

  const hasMore = page < pages;
  const loadMore = useCallback(() => {
    if (loadingMore || !hasMore) return;
    setLoadingMore(true);
    void load(asked, page + 1, DESKTOP_BATCH, true);
  }, [loadingMore, hasMore, load, asked, page]);

  // Infinite scroll on desktop: the next batch when the end of the grid nears the viewport.
  useEffect(() => {
    const node = sentinel.current;
    if (!hydrated || isMobile || !node || !hasMore || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: "400px" });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hydrated, isMobile, hasMore, loadMore]);

  const changePage = (p: number) => {
    void load(asked, p, MOBILE_PAGE_SIZE, false);
    gridTop.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  const sorts: CatalogueSort[] = asked.q.trim() ? ["relevance", ...SORTS] : SORTS;
  return (
    <>
      <StoreBranding store={store} />
      <Container className="grid gap-6 py-6 lg:grid-cols-[300px_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-x-8 lg:py-10">
        <StoreIdentity store={store} />
        <section aria-labelledby="catalogue-title" className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div ref={gridTop} className="scroll-mt-24">
            <h2 id="catalogue-title" className="sr-only">
              {it.store.catalogue}
            </h2>
          </div>
          <form
            role="search"
            method="get"
            action={base}
            aria-label={it.store.filtersLabel}
            className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto_auto_auto]"
            onSubmit={(e) => {
              e.preventDefault();
              if (timer.current) clearTimeout(timer.current);
              apply({ ...asked, q: typed, sort: sortFor(typed, asked.sort) });
            }}
          >
            <SearchBox id="store-search" label={it.store.searchLabel} placeholder={it.store.searchPlaceholder} value={typed} onChange={changeTyped} />
            <div>
              <label htmlFor="store-category" className="sr-only">{it.store.categoryLabel}</label>
              <Select id="store-category" name="category" value={asked.category} onChange={(e) => apply({ ...asked, q: typed, category: e.target.value })}>
                <option value="all">{it.store.allCategories}</option>
                {categories.map((c) => (
                  <option key={c.name} value={c.name}>{it.store.categoryOption(c.name, c.count)}</option>
                ))}
              </Select>
            </div>
            <div>
              <label htmlFor="store-sort" className="sr-only">{it.store.sortLabel}</label>
              <Select id="store-sort" name="sort" value={asked.sort} onChange={(e) => apply({ ...asked, q: typed, sort: e.target.value as CatalogueSort })}>
                {sorts.map((s) => (
                  <option key={s} value={s}>{it.store.sort[s]}</option>
                ))}
              </Select>
            </div>
            <Button type="submit" variant="secondary">{it.store.searchSubmit}</Button>
          </form>
          <p className="mt-4 text-sm text-stone-500" aria-live="polite" data-products-count>
            {it.store.productsCount(items.length, total, capped)}
          </p>
          {failed && (
            <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">{it.store.loadError}</p>
          )}
          {store.product_count === 0 ? (
            <p className="mt-6 rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">{it.store.noProducts}</p>
          ) : total === 0 ? (
            <p className="mt-6 rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">{it.store.noMatch}</p>
          ) : (
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-5">
              {items.map((p, i) => (
                <li key={p.id}>
                  {/* The first row on a phone is the page's largest paint: fetched at once. */}
                  <ProductCard product={p} store={store} eager={i < 2} />
                </li>
              ))}
            </ul>
          )}
          {!hydrated ? (
            <PageLinks page={page} pages={pages} href={(p) => withSearch(base, catalogueSearch({ ...asked, page: p }))} label={it.store.pagination} />
          ) : isMobile ? (
            <Pagination page={page} pages={pages} onChange={changePage} label={it.store.pagination} />
          ) : (
            hasMore && (
              <div ref={sentinel} className="mt-8 flex justify-center">
                <Button variant="secondary" size="lg" onClick={loadMore} disabled={loadingMore} aria-busy={loadingMore}>
                  {loadingMore ? it.store.loadingMore : it.store.loadMore}
                </Button>
              </div>
            )
          )}
        </section>
        <StoreContacts store={store} />
      </Container>
    </>
  );
}
