import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { MapEmbed } from "../components/MapEmbed";
import { Pagination } from "../components/Pagination";
import { ProductCard } from "../components/ProductCard";
import { StoreBranding } from "../components/StoreBranding";
import { StoreLogo } from "../components/StoreLogo";
import { Badge } from "../components/ui/Badge";
import { Button } from "../components/ui/Button";
import { Container } from "../components/ui/Container";
import { Input, Select } from "../components/ui/Field";
import { IconGlobe, IconMail, IconPhone, IconPin, IconSearch } from "../components/ui/Icons";
import { useIsMobile } from "../hooks/useIsMobile";
import { it } from "../i18n/it";
import { compareText, fold, truncate } from "../lib/format";
import { usePageData } from "../lib/page-data";
import { absoluteUrl, osmSearchUrl, storeAddressQuery, storePath, telHref, websiteHref, websiteLabel } from "../lib/paths";
import type { HeadData } from "../lib/seo";
import type { PageProps, Product, Store } from "../types";
import { NotFoundBlock, PageErrorBlock, pageErrorHead } from "./NotFoundPage";

export const DESKTOP_BATCH = 25;
export const MOBILE_PAGE_SIZE = 24;
const LOAD_MORE_DELAY_MS = 1000;

export type StoreSort = "newest" | "oldest" | "nameAsc" | "nameDesc" | "priceAsc" | "priceDesc";
const SORTS: StoreSort[] = ["newest", "oldest", "nameAsc", "nameDesc", "priceAsc", "priceDesc"];

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
  return { title: it.store.metaTitle(store.name), description, canonicalPath: path, ogType: "website", image: logo, jsonLd: [ld] };
}

export function sortProducts(list: Product[], sort: StoreSort): Product[] {
  const out = list.slice();
  const price = (p: Product, missing: number) => (p.price == null ? missing : p.price);
  switch (sort) {
    case "newest":
      return out.sort((a, b) => b.id - a.id);
    case "oldest":
      return out.sort((a, b) => a.id - b.id);
    case "nameAsc":
      return out.sort((a, b) => compareText(a.name, b.name) || a.id - b.id);
    case "nameDesc":
      return out.sort((a, b) => compareText(b.name, a.name) || a.id - b.id);
    case "priceAsc":
      return out.sort((a, b) => price(a, Infinity) - price(b, Infinity) || a.id - b.id);
    case "priceDesc":
      return out.sort((a, b) => price(b, -Infinity) - price(a, -Infinity) || a.id - b.id);
  }
}

export function filterProducts(list: Product[], search: string, category: string): Product[] {
  const q = fold(search.trim());
  return list.filter(
    (p) => (category === "all" || p.category === category) && (!q || fold(p.name).includes(q) || fold(p.brand).includes(q)),
  );
}

function StoreSidebar({ store }: { store: Store }) {
  const query = storeAddressQuery(store);
  const row = "flex items-start gap-2.5 text-sm text-stone-700 hover:text-brand-800 break-words";
  const active = store.product_count > 0;
  return (
    <aside aria-label={it.store.sidebarLabel} className="lg:sticky lg:top-20 lg:self-start">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <StoreLogo store={store} className="h-20 w-20 text-3xl" />
        <h1 className="mt-4 text-2xl font-extrabold leading-tight tracking-tight text-stone-900">{store.name}</h1>
        {store.partner_group && <p className="mt-1 text-sm font-medium text-stone-500">{store.partner_group}</p>}
        <div className="mt-3">
          <Badge tone={active ? "green" : "amber"}>{active ? it.explore.active : it.explore.settingUp}</Badge>
        </div>
        {store.description && <p className="mt-4 whitespace-pre-line text-sm leading-relaxed text-stone-700">{store.description}</p>}
        <ul className="mt-5 space-y-3 border-t border-stone-100 pt-5">
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
                <span className="min-w-0 break-all"><span className="sr-only">{it.store.email}: </span>{store.email}</span>
              </a>
            </li>
          )}
          {store.website_url && (
            <li>
              <a className={row} href={websiteHref(store.website_url)} target="_blank" rel="noopener noreferrer">
                <IconGlobe className="mt-0.5 shrink-0 text-stone-400" />
                <span className="min-w-0 break-all"><span className="sr-only">{it.store.website}: </span>{websiteLabel(store.website_url)}</span>
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
  if (storeIsMissing(props) || !props.store) {
    return <NotFoundBlock title={it.store.notFound} text={it.store.notFoundText} cta={it.notFound.home} />;
  }
  return <StoreCatalogue store={props.store} products={props.products ?? []} />;
}

function StoreCatalogue({ store, products }: { store: Store; products: Product[] }) {
  const isMobile = useIsMobile();
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState("all");
  const [sort, setSort] = useState<StoreSort>("newest");
  const [visible, setVisible] = useState(DESKTOP_BATCH);
  const [page, setPage] = useState(1);
  const [loadingMore, setLoadingMore] = useState(false);
  const gridTop = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const categories = useMemo(() => {
    const set = new Set<string>();
    for (const p of products) if (p.category) set.add(p.category);
    return Array.from(set).sort(compareText);
  }, [products]);

  const filtered = useMemo(() => sortProducts(filterProducts(products, search, category), sort), [products, search, category, sort]);

  // Any filter change, or a switch between the phone and desktop layouts, starts again from
  // the first batch/page.
  const restart = () => {
    setVisible(DESKTOP_BATCH);
    setPage(1);
  };
  const changeSearch = (value: string) => {
    setSearch(value);
    restart();
  };
  const changeCategory = (value: string) => {
    setCategory(value);
    restart();
  };
  const changeSort = (value: StoreSort) => {
    setSort(value);
    restart();
  };
  const [layoutMobile, setLayoutMobile] = useState(isMobile);
  if (layoutMobile !== isMobile) {
    setLayoutMobile(isMobile);
    restart();
  }

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const hasMore = visible < filtered.length;
  const loadMore = useCallback(() => {
    if (loadingMore || !hasMore) return;
    setLoadingMore(true);
    timer.current = setTimeout(() => {
      setVisible((v) => v + DESKTOP_BATCH);
      setLoadingMore(false);
    }, LOAD_MORE_DELAY_MS);
  }, [loadingMore, hasMore]);

  // Infinite scroll on desktop: load the next batch when the end of the grid nears the viewport.
  useEffect(() => {
    const node = sentinel.current;
    if (isMobile || !node || !hasMore || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: "400px" });
    observer.observe(node);
    return () => observer.disconnect();
  }, [isMobile, hasMore, loadMore]);

  const pages = Math.max(1, Math.ceil(filtered.length / MOBILE_PAGE_SIZE));
  const shown = isMobile ? filtered.slice((page - 1) * MOBILE_PAGE_SIZE, page * MOBILE_PAGE_SIZE) : filtered.slice(0, visible);

  const changePage = (p: number) => {
    setPage(p);
    gridTop.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  return (
    <>
      <StoreBranding store={store} />
      <Container className="grid gap-8 py-8 lg:grid-cols-[320px_1fr] lg:py-10">
        <StoreSidebar store={store} />
        <section aria-labelledby="catalogue-title" className="min-w-0">
          <div ref={gridTop} className="scroll-mt-24">
            <h2 id="catalogue-title" className="sr-only">
              {it.store.catalogue}
            </h2>
          </div>
          <div role="search" aria-label={it.store.filtersLabel} className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto_auto]">
            <div className="relative">
              <label htmlFor="store-search" className="sr-only">{it.store.searchLabel}</label>
              <IconSearch className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-400" />
              <Input id="store-search" type="search" value={search} onChange={(e) => changeSearch(e.target.value)} placeholder={it.store.searchPlaceholder} className="pl-10" />
            </div>
            <div>
              <label htmlFor="store-category" className="sr-only">{it.store.categoryLabel}</label>
              <Select id="store-category" value={category} onChange={(e) => changeCategory(e.target.value)}>
                <option value="all">{it.store.allCategories}</option>
                {categories.map((c) => (
                  <option key={c} value={c}>{c}</option>
                ))}
              </Select>
            </div>
            <div>
              <label htmlFor="store-sort" className="sr-only">{it.store.sortLabel}</label>
              <Select id="store-sort" value={sort} onChange={(e) => changeSort(e.target.value as StoreSort)}>
                {SORTS.map((s) => (
                  <option key={s} value={s}>{it.store.sort[s]}</option>
                ))}
              </Select>
            </div>
          </div>
          <p className="mt-4 text-sm text-stone-500" aria-live="polite">
            {it.store.productsCount(shown.length, filtered.length)}
          </p>
          {products.length === 0 ? (
            <p className="mt-6 rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">{it.store.noProducts}</p>
          ) : filtered.length === 0 ? (
            <p className="mt-6 rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">{it.store.noMatch}</p>
          ) : (
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5">
              {shown.map((p) => (
                <li key={p.id}>
                  <ProductCard product={p} store={store} />
                </li>
              ))}
            </ul>
          )}
          {isMobile ? (
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
      </Container>
    </>
  );
}
