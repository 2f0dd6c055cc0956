import { useEffect, useState, type ReactNode } from "react";
import { LogoMark } from "../../../components/layout/Logo";
import { cn } from "../../../components/ui/cn";
import { IconSearch } from "../../../components/ui/Icons";
import { it } from "../../../i18n/it";
import type { Store } from "../../../types";
import { COMPACT_HEADER_PX } from "../logic";

const t = it.dashboard.header;

const IconFilters = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
    <path d="M4 6h16M7 12h10M10 18h4" />
  </svg>
);

/** Logo, search, filters button (below 1024 px) and account drawer button; after 40 px of
 * scrolling it becomes a compact sticky bar that also carries the filters (docs/product/routes.md). */
export function DashboardHeader({
  store,
  search,
  onSearch,
  onOpenFilters,
  onOpenAccount,
  filters,
}: {
  store: Store;
  search: string;
  onSearch: (v: string) => void;
  onOpenFilters: () => void;
  onOpenAccount: () => void;
  /** The inline filters shown in the compact bar on wide screens. */
  filters: ReactNode;
}) {
  const [compact, setCompact] = useState(false);
  useEffect(() => {
    const onScroll = () => setCompact(window.scrollY > COMPACT_HEADER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  return (
    <div
      data-compact={compact ? "true" : "false"}
      className={cn(
        // Compact: one bar above the site's top bar (which shows again on scrolling up), as tall as it.
        "sticky top-0 flex items-center border-b border-stone-200 bg-white/95 backdrop-blur transition-shadow",
        compact ? "z-[45] min-h-16 py-2 shadow-md" : "z-30 py-3",
      )}
    >
      <div className="mx-auto flex w-full max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <a href="/" aria-label={it.nav.home} className="shrink-0 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600">
          <LogoMark className={compact ? "h-7 w-7" : "h-8 w-8"} />
        </a>
        <div className="relative min-w-0 flex-1">
          <label htmlFor="dashboard-search" className="sr-only">
            {t.searchLabel}
          </label>
          <IconSearch className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-400" width={18} height={18} />
          <input
            id="dashboard-search"
            type="search"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={t.searchPlaceholder}
            className="block w-full rounded-lg border border-stone-300 bg-white py-2 pl-9 pr-3 text-sm text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/25"
          />
        </div>
        {compact && <div className="hidden items-center gap-2 lg:flex">{filters}</div>}
        <button
          type="button"
          onClick={onOpenFilters}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-50 lg:hidden"
        >
          <IconFilters />
          <span className="hidden sm:inline">{t.filters}</span>
          <span className="sr-only sm:hidden">{t.filters}</span>
        </button>
        <button
          type="button"
          onClick={onOpenAccount}
          aria-label={t.account}
          className="flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-700 text-sm font-bold text-white ring-2 ring-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {store.logo_img_url ? <img src={store.logo_img_url} alt="" className="h-full w-full bg-white object-contain" /> : initialOf(store.name)}
        </button>
      </div>
    </div>
  );
}

export function initialOf(name: string): string {
  return (name.trim()[0] ?? "?").toUpperCase();
}
