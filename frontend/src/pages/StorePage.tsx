import { Fragment, useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { MapEmbed } from "../components/MapEmbed";
import { PageLinks, withSearch } from "../components/PageLinks";
import { SearchBox } from "../components/SearchBox";
import { ProductCard } from "../components/ProductCard";
import { StoreBranding } from "../components/StoreBranding";
import { StoreLogo } from "../components/StoreLogo";
import { titleFor } from "../components/layout/ShopChrome";
import { Badge } from "../components/ui/Badge";
import { Button } from "../components/ui/Button";
import { Container } from "../components/ui/Container";
import { EmailText } from "../components/ui/EmailText";
import { Select } from "../components/ui/Field";
import { IconClock, IconGlobe, IconMail, IconPhone, IconPin } from "../components/ui/Icons";
import { useHydrated } from "../hooks/useHydrated";
import { it } from "../i18n/it";
import { catalogueSearch, fetchProductPage, isAbort, type CatalogueSort } from "../lib/catalogue";
import { formatCount, truncate } from "../lib/format";
import { closureLabel, closuresSpecification, daysLabel, openingHoursSpecification, openNowLabel, romeTime, upcomingClosures } from "../lib/hours";
import { usePageData } from "../lib/page-data";
import { absoluteUrl, osmSearchUrl, sectionPath, storeAddressQuery, storePath, telHref, websiteHref, websiteLabel } from "../lib/paths";
import type { HeadData } from "../lib/seo";
import type { ListingSection, PageProps, Product, Store, StoreListing } from "../types";
import { NotFoundBlock, PageErrorBlock, pageErrorHead } from "./NotFoundPage";

const SORTS: CatalogueSort[] = ["newest", "oldest", "nameAsc", "nameDesc", "priceAsc", "priceDesc"];

export const storeIsMissing = (props: PageProps) => !!props.notFound || !props.store;

/** What the shop's category or brand page is about, for its title and description. */
function sectionHead(store: Store, section: ListingSection, page: number) {
  return {
    title: page > 1 ? it.store.sectionTitlePage(section.name, store.name, page) : it.store.sectionTitle(section.name, store.name),
    description: truncate(it.store.sectionDescription(section.name, section.count, store.name, store.city)),
  };
}

export function storeHead(props: PageProps): HeadData {
  const { store, site } = props;
  if (props.loadError) return pageErrorHead(it.pageError.store);
  if (storeIsMissing(props) || !store) {
    const missing = store ? it.store.sectionNotFound : it.store.notFound;
    return { title: `${missing} | ${it.brand.name}`, description: store ? it.store.sectionNotFoundText : it.store.notFoundText, noindex: true };
  }
  const path = storePath(store);
  const url = absoluteUrl(site.publicUrl, path);
  const logo = store.logo_img_url ? absoluteUrl(site.publicUrl, store.logo_img_url) : null;
  const description = truncate(store.description?.trim() || it.store.metaDescriptionFallback(store.name, store.city));
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "HardwareStore",
    "@id": `${url}#negozio`,
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
  const photos = store.photos.map((url) => absoluteUrl(site.publicUrl, url));
  if (photos.length > 0 || logo) ld.image = photos.length > 0 ? photos : logo;
  if (logo) ld.logo = logo;
  if (store.website_url) ld.sameAs = [websiteHref(store.website_url)];
  const hours = [...openingHoursSpecification(store.opening_hours), ...closuresSpecification(store.special_closures)];
  if (hours.length > 0) ld.openingHoursSpecification = hours;
  if (store.geo) ld.geo = { "@type": "GeoCoordinates", latitude: store.geo.lat, longitude: store.geo.lng };
  if (store.price_range) ld.priceRange = store.price_range;
  const listing = props.listing;
  const page = listing?.result.page ?? 1;
  const section = listing?.section;
  const head = section
    ? sectionHead(store, section, page)
    : { title: page > 1 ? it.store.metaTitlePage(store.name, page) : it.store.metaTitle(store.name), description };
  head.title = titleFor(head.title, store);
  const jsonLd: Record<string, unknown>[] = [ld];
  if (section && listing) {
    jsonLd.push({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: store.name, item: url },
        { "@type": "ListItem", position: 2, name: section.name, item: absoluteUrl(site.publicUrl, listing.path) },
      ],
    });
  }
  return {
    ...head,
    canonicalPath: listing?.canonical ?? path,
    noindex: listing?.noindex,
    ogType: "website",
    image: logo,
    jsonLd,
    siteName: store.plan === "business" ? store.name : undefined,
  };
}

/** The shop's name and what it is: first on every screen, compact on a phone so the products
 * show at once. The page's heading, except on a category or brand page (its name is). */
function StoreIdentity({ store, heading }: { store: Store; heading: boolean }) {
  const active = store.product_count > 0;
  const Name = heading ? "h1" : "p";
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6 lg:col-start-1 lg:row-start-1">
      <div className="flex items-center gap-4 lg:block">
        <StoreLogo store={store} className="h-14 w-14 shrink-0 text-2xl lg:h-20 lg:w-20 lg:text-3xl" />
        <div className="min-w-0">
          <Name className="text-xl font-extrabold leading-tight tracking-tight text-stone-900 lg:mt-4 lg:text-2xl">
            {heading ? store.name : <a href={storePath(store)} className="hover:text-brand-800">{store.name}</a>}
          </Name>
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
    <aside aria-label={it.store.sidebarLabel} className="lg:sticky lg:top-20 lg:col-start-1 lg:row-start-3 lg:self-start">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <ShopPhotos store={store} />
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
        <OpeningHours store={store} />
        {query && (
          <div className="mt-5">
            <MapEmbed query={query} title={it.store.mapTitle(store.name)} position={store.position} />
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

/** Photos of the shop itself: the first wide, the others as small squares, each opening its
 * large copy. */
function ShopPhotos({ store }: { store: Store }) {
  if (store.photos.length === 0) return null;
  const [first, ...others] = store.photos;
  const size = (url: string, width: number) => url.replace(/-800\.jpg$/, `-${width}.jpg`);
  return (
    <div className="mb-5" data-shop-photos>
      <a href={size(first, 1600)} className="block overflow-hidden rounded-xl">
        <img src={size(first, 400)} srcSet={`${size(first, 400)} 400w, ${first} 800w`} sizes="(min-width: 1024px) 320px, 100vw" width={400} height={300} alt={it.store.photoAlt(store.name, 1)} loading="lazy" className="aspect-[4/3] w-full object-cover" />
      </a>
      {others.length > 0 && (
        <ul className="mt-2 grid grid-cols-5 gap-2">
          {others.map((url, i) => (
            <li key={url}>
              <a href={size(url, 1600)} className="block overflow-hidden rounded-lg">
                <img src={size(url, 160)} width={160} height={160} alt={it.store.photoAlt(store.name, i + 2)} loading="lazy" className="aspect-square w-full object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The week's hours; once the page runs in the browser, whether the shop is open now (the
 * server's page is kept for many visitors and moments: it never says so itself). */
function OpeningHours({ store }: { store: Store }) {
  const hydrated = useHydrated();
  if (store.opening_hours.length === 0 && store.special_closures.length === 0) return null;
  const at = hydrated ? romeTime(new Date()) : null;
  const now = at ? openNowLabel(store.opening_hours, at, store.special_closures) : null;
  // The page may be kept past a closure's last day: the browser drops what is over.
  const closures = at ? upcomingClosures(store.special_closures, at.date) : store.special_closures;
  return (
    <div className="mt-5 border-t border-stone-100 pt-4" data-opening-hours>
      <h2 className="flex items-center gap-2 text-sm font-semibold text-stone-900">
        <IconClock className="text-stone-400" />
        {it.store.hours}
      </h2>
      <p className={`mt-1 min-h-5 text-sm font-medium ${now?.startsWith("Aperto") ? "text-emerald-800" : "text-amber-800"}`} aria-live="polite" data-open-now>
        {now}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-stone-700">
        {store.opening_hours.map((slot, i) => (
          <Fragment key={i}>
            <dt className="text-stone-500">{daysLabel(slot.days)}</dt>
            <dd>{it.store.hoursRange(slot.opens, slot.closes)}</dd>
          </Fragment>
        ))}
      </dl>
      {closures.length > 0 && (
        <>
          <h3 className="mt-3 text-xs font-semibold uppercase tracking-wide text-stone-500">{it.store.closures}</h3>
          <ul className="mt-1 space-y-0.5 text-sm text-stone-700" data-closures>
            {closures.map((c) => (
              <li key={`${c.from}-${c.to}`}>
                <span className="font-medium">{closureLabel(c)}</span>
                {c.note && <span className="text-stone-600"> · {c.note}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The brands listed beside the catalogue: those with most products (every brand's page is
 * linked from its products as well). */
const LISTED_BRANDS = 30;

/** The shop's categories and brands, each a page of its own: what visitors browse and
 * crawlers follow into the catalogue. */
function StoreSections({ store, listing }: { store: Store; listing: StoreListing }) {
  // In the server's order (by name), the ones with most products; no locale-aware sorting,
  // which the server's JavaScript engine does not share with browsers.
  const top = new Set([...listing.brands].sort((a, b) => b.count - a.count).slice(0, LISTED_BRANDS));
  const brands = listing.brands.filter((b) => top.has(b));
  const current = listing.path;
  const groups = [
    { title: it.store.categoriesTitle, kind: "c" as const, items: listing.categories },
    { title: it.store.brandsTitle, kind: "b" as const, items: brands },
  ].filter((g) => g.items.length > 0);
  if (groups.length === 0) return null;
  return (
    <div className="space-y-4 lg:col-start-1 lg:row-start-2">
      {groups.map((g) => (
        <nav key={g.kind} aria-label={g.title} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6" data-sections={g.kind}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-500">{g.title}</h2>
          <ul className="mt-3 flex flex-wrap gap-2 lg:block lg:space-y-1">
            {g.items.map((f) => {
              const path = sectionPath(store, g.kind, f.slug);
              const here = path === current;
              return (
                <li key={f.slug}>
                  <a
                    href={path}
                    aria-current={here ? "page" : undefined}
                    className={`inline-flex items-baseline gap-1.5 rounded-lg border px-2.5 py-1.5 text-sm lg:flex lg:justify-between lg:border-0 lg:px-2 lg:py-1 ${here ? "border-brand-700 bg-brand-50 font-semibold text-brand-800" : "border-stone-200 text-stone-700 hover:text-brand-800"}`}
                  >
                    <span>{f.name}</span>
                    <span className="text-xs text-stone-500">{formatCount(f.count)}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      ))}
    </div>
  );
}

export function StorePage() {
  const props = usePageData();
  if (props.loadError) return <PageErrorBlock title={it.pageError.store} />;
  if (props.store && props.notFound) {
    return <NotFoundBlock title={it.store.sectionNotFound} text={it.store.sectionNotFoundText} cta={it.store.backToCatalogue(props.store.name)} href={storePath(props.store)} />;
  }
  if (storeIsMissing(props) || !props.store || !props.listing) {
    return <NotFoundBlock title={it.store.notFound} text={it.store.notFoundText} cta={it.notFound.home} />;
  }
  return <StoreCatalogue store={props.store} listing={props.listing} />;
}

/** Products on a page, the server's and the app's: 2, 3 and 4 columns fill evenly. */
export const PAGE_SIZE = 24;

/** What the visitor asked for within the page's category or brand: the search as typed and
 * the order. */
interface Asked {
  q: string;
  sort: CatalogueSort;
}

const SEARCH_DELAY_MS = 300;

/** The server's default order follows the search: relevance while there is one, newest
 * without; an order the visitor chose stays. */
export function sortFor(q: string, sort: CatalogueSort): CatalogueSort {
  if (q.trim()) return sort === "newest" ? "relevance" : sort;
  return sort === "relevance" ? "newest" : sort;
}

/** The search, order and page an address's query names (what `catalogueSearch` writes). */
function askedIn(search: string): Asked & { page: number } {
  const params = new URLSearchParams(search);
  const q = params.get("q") ?? "";
  const sort = (params.get("sort") as CatalogueSort | null) ?? (q.trim() ? "relevance" : "newest");
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  return { q, sort: SORTS.includes(sort) || sort === "relevance" ? sort : "newest", page };
}

/** The listing as the visitor changes it in place: the search (once typing pauses), the order
 * and the page, each written in the address; back and forward show the page it names. Another
 * page scrolls back to `gridTop`. */
function useStoreCatalogue(store: Store, listing: StoreListing, gridTop: RefObject<HTMLDivElement | null>) {
  const base = listing.path;
  const initial = listing.result;
  const [typed, setTyped] = useState(listing.q);
  const [asked, setAsked] = useState<Asked>({ q: listing.q, sort: listing.sort as CatalogueSort });
  const [items, setItems] = useState<Product[]>(initial.items);
  const [total, setTotal] = useState(initial.total);
  /** More products match the search than `total`, the ones listed. */
  const [capped, setCapped] = useState(initial.capped);
  const [page, setPage] = useState(initial.page);
  const [pages, setPages] = useState(initial.pages);
  const [failed, setFailed] = useState(false);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      request.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** Asks the server for a page of the listing (the page's category or brand, `next`). */
  const load = useCallback(
    async (next: Asked, wanted: number) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      try {
        const query = { ...next, category: listing.category, brand: listing.brand, page: wanted, perPage: PAGE_SIZE };
        const result = await fetchProductPage(store.id, query, controller.signal);
        if (controller.signal.aborted) return;
        setItems(result.items);
        setTotal(result.total);
        setCapped(result.capped);
        setPages(result.pages);
        setPage(result.page);
        setFailed(false);
      } catch (error) {
        if (!isAbort(error)) setFailed(true);
      }
    },
    [store.id, listing.category, listing.brand],
  );

  const href = (next: Asked, p: number) => withSearch(base, catalogueSearch({ ...next, page: p }));

  // Back and forward within the listing show the page the address names again.
  useEffect(() => {
    const onPop = () => {
      if (window.location.pathname !== base) return;
      const again = askedIn(window.location.search);
      setTyped(again.q);
      setAsked({ q: again.q, sort: again.sort });
      void load(again, again.page);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [base, load]);

  /** A new search or order: the first page, and the address says what is shown. */
  const apply = (next: Asked) => {
    setAsked(next);
    window.history.replaceState(window.history.state, "", href(next, 1));
    void load(next, 1);
  };

  return {
    typed,
    asked,
    items,
    total,
    capped,
    page,
    pages,
    failed,
    /** The address of page `p` of what is asked now. */
    pageHref: (p: number) => href(asked, p),
    changeTyped: (value: string) => {
      setTyped(value);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => apply({ ...asked, q: value, sort: sortFor(value, asked.sort) }), SEARCH_DELAY_MS);
    },
    /** The form sent: the search as typed, at once. */
    search: () => {
      if (timer.current) clearTimeout(timer.current);
      apply({ ...asked, q: typed, sort: sortFor(typed, asked.sort) });
    },
    changeSort: (sort: CatalogueSort) => apply({ ...asked, q: typed, sort }),
    /** Another page: shown in place, a step in the history, as its link would. */
    changePage: (p: number) => {
      window.history.pushState(window.history.state, "", href(asked, p));
      void load(asked, p);
      gridTop.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    },
    /** A category from the drop-down: its own page (the search and order kept). */
    changeCategory: (name: string) => {
      const found = listing.categories.find((c) => c.name === name);
      const path = found ? sectionPath(store, "c", found.slug) : storePath(store);
      window.location.assign(withSearch(path, catalogueSearch({ q: typed, sort: sortFor(typed, asked.sort) })));
    },
  };
}

type Catalogue = ReturnType<typeof useStoreCatalogue>;

/** The catalogue's heading: the category's or brand's name on its page (with the way back to
 * the shop), else a heading for screen readers under the shop's name. */
function CatalogueHeading({ store, section }: { store: Store; section: ListingSection | null | undefined }) {
  if (!section) return <h2 id="catalogue-title" className="sr-only">{it.store.catalogue}</h2>;
  return (
    <>
      <nav aria-label={it.product.breadcrumb} className="mb-2 text-sm text-stone-600">
        <a href={storePath(store)} className="hover:text-brand-800 hover:underline">{store.name}</a>
        <span aria-hidden="true"> › </span>
        <span>{section.name}</span>
      </nav>
      <h1 id="catalogue-title" className="mb-4 text-2xl font-extrabold tracking-tight text-stone-900">{section.name}</h1>
      <h2 className="sr-only">{it.store.catalogue}</h2>
    </>
  );
}

/** Search, category and order; a plain GET form before the page runs in the browser. */
function CatalogueSearch({ listing, catalogue }: { listing: StoreListing; catalogue: Catalogue }) {
  const { asked } = catalogue;
  const sorts: CatalogueSort[] = asked.q.trim() ? ["relevance", ...SORTS] : SORTS;
  return (
    <form
      role="search"
      method="get"
      action={listing.path}
      aria-label={it.store.filtersLabel}
      className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto_auto_auto]"
      onSubmit={(e) => {
        e.preventDefault();
        catalogue.search();
      }}
    >
      <SearchBox id="store-search" label={it.store.searchLabel} placeholder={it.store.searchPlaceholder} value={catalogue.typed} onChange={catalogue.changeTyped} />
      {listing.categories.length > 0 && (
        <div>
          <label htmlFor="store-category" className="sr-only">{it.store.categoryLabel}</label>
          <Select id="store-category" name="category" value={listing.category} onChange={(e) => catalogue.changeCategory(e.target.value)}>
            <option value="all">{it.store.allCategories}</option>
            {listing.categories.map((c) => (
              <option key={c.slug} value={c.name}>{it.store.categoryOption(c.name, c.count)}</option>
            ))}
          </Select>
        </div>
      )}
      <div>
        <label htmlFor="store-sort" className="sr-only">{it.store.sortLabel}</label>
        <Select id="store-sort" name="sort" value={asked.sort} onChange={(e) => catalogue.changeSort(e.target.value as CatalogueSort)}>
          {sorts.map((s) => (
            <option key={s} value={s}>{it.store.sort[s]}</option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="secondary">{it.store.searchSubmit}</Button>
    </form>
  );
}

function StoreCatalogue({ store, listing }: { store: Store; listing: StoreListing }) {
  const gridTop = useRef<HTMLDivElement>(null);
  const catalogue = useStoreCatalogue(store, listing, gridTop);
  const { items, total, page } = catalogue;
  const first = (page - 1) * PAGE_SIZE;
  return (
    <>
      <StoreBranding store={store} />
      <Container className="grid gap-6 py-6 lg:grid-cols-[300px_minmax(0,1fr)] lg:grid-rows-[auto_auto_1fr] lg:gap-x-8 lg:py-10">
        <StoreIdentity store={store} heading={!listing.section} />
        <section aria-labelledby="catalogue-title" className="min-w-0 lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <div ref={gridTop} className="scroll-mt-24">
            <CatalogueHeading store={store} section={listing.section} />
          </div>
          <CatalogueSearch listing={listing} catalogue={catalogue} />
          <p className="mt-4 text-sm text-stone-500" aria-live="polite" data-products-count>
            {it.store.productsShown(items.length ? first + 1 : 0, first + items.length, total, catalogue.capped)}
          </p>
          {catalogue.failed && (
            <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">{it.store.loadError}</p>
          )}
          {store.product_count === 0 ? (
            <p className="mt-6 rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">{it.store.noProducts}</p>
          ) : total === 0 ? (
            <p className="mt-6 rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">{it.store.noMatch}</p>
          ) : (
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4">
              {items.map((p, i) => (
                <li key={p.id}>
                  {/* The first row on a phone is the page's largest paint: fetched at once. */}
                  <ProductCard product={p} store={store} eager={i < 2} />
                </li>
              ))}
            </ul>
          )}
          <PageLinks page={page} pages={catalogue.pages} href={catalogue.pageHref} label={it.store.pagination} onPage={catalogue.changePage} />
        </section>
        <StoreSections store={store} listing={listing} />
        <StoreContacts store={store} />
      </Container>
    </>
  );
}
