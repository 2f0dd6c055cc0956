import { it } from "../i18n/it";

/** `path?search`, or the path alone for an empty search. */
export const withSearch = (path: string, search: string) => (search ? `${path}?${search}` : path);

/** Page numbers around the current one, with the first and the last; null marks a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

const link =
  "inline-flex min-w-10 items-center justify-center rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 hover:border-brand-600 hover:text-brand-800";

/** Numbered links to the other pages of a listing the server renders page by page: what
 * crawlers and browsers without JavaScript follow. */
export function PageLinks({ page, pages, href, label }: { page: number; pages: number; href: (page: number) => string; label: string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-2" data-page-links>
      {page > 1 && (
        <a className={link} href={href(page - 1)} rel="prev">
          {it.common.previous}
        </a>
      )}
      {pageWindow(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-1 text-stone-500" aria-hidden="true">
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page" className={`${link} border-brand-700 bg-brand-700 text-white hover:text-white`}>
            {p}
          </span>
        ) : (
          <a key={p} className={link} href={href(p)} aria-label={it.common.goToPage(p)}>
            {p}
          </a>
        ),
      )}
      {page < pages && (
        <a className={link} href={href(page + 1)} rel="next">
          {it.common.next}
        </a>
      )}
    </nav>
  );
}
