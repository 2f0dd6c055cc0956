import type { MouseEvent } from "react";
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

/** Pages a listing links to beyond its window, digit by digit: the other pages of the current
 * ten, the tens of the current hundred, the hundreds of the current thousand and every
 * thousand. Page 345 of 834 is so three steps from page 1 (300, 340, 345): with a link from
 * the shop to its category, every product of a 20,000-product shop is within five clicks. */
export function pageLadder(page: number, pages: number): number[] {
  // What `pageWindow` lists already, without walking every page.
  const shown = (p: number) => p === 1 || p === pages || Math.abs(p - page) <= 2;
  const out = new Set<number>();
  for (let step = 1; step < pages; step *= 10) {
    const block = step * 10;
    const start = block >= pages ? 0 : Math.floor(page / block) * block;
    for (let k = 0; k < 10; k++) {
      const p = start + k * step;
      if (p >= 1 && p <= pages && !shown(p)) out.add(p);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** A plain left click the page handles itself; other clicks (new tab, …) stay the browser's. */
const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

const box = "inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium";
const link = `${box} border-stone-300 bg-white text-stone-800 hover:border-brand-600 hover:text-brand-800`;
const current = `${box} border-brand-700 bg-brand-700 text-white`;

/** Numbered links to the other pages of a listing the server renders page by page: what
 * crawlers and browsers without JavaScript follow. With `onPage`, a plain click shows the page
 * in place (the caller updates the address). */
export function PageLinks({
  page,
  pages,
  href,
  label,
  onPage,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label: string;
  onPage?: (page: number) => void;
}) {
  if (pages <= 1) return null;
  const go = (p: number) => (e: MouseEvent) => {
    if (!onPage || !isPlainClick(e)) return;
    e.preventDefault();
    onPage(p);
  };
  const ladder = pageLadder(page, pages);
  return (
    <nav aria-label={label} className="mt-8" data-page-links>
      <p className="mb-3 text-center text-sm text-stone-600">{it.common.page(page, pages)}</p>
      <div className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <a className={link} href={href(page - 1)} rel="prev" onClick={go(page - 1)}>
            {it.common.previous}
          </a>
        )}
        {pageWindow(page, pages).map((p, i) =>
          p === null ? (
            <span key={`gap-${i}`} className="px-1 text-stone-500" aria-hidden="true">
              …
            </span>
          ) : p === page ? (
            <span key={p} aria-current="page" className={current}>
              {p}
            </span>
          ) : (
            <a key={p} className={link} href={href(p)} aria-label={it.common.goToPage(p)} onClick={go(p)}>
              {p}
            </a>
          ),
        )}
        {page < pages && (
          <a className={link} href={href(page + 1)} rel="next" onClick={go(page + 1)}>
            {it.common.next}
          </a>
        )}
      </div>
      {ladder.length > 0 && (
        <p className="mt-3 flex flex-wrap items-center justify-center gap-x-1 gap-y-1 text-sm text-stone-600" data-page-ladder>
          <span>{it.common.otherPages}</span>
          {ladder.map((p) => (
            <a key={p} href={href(p)} className="inline-flex min-h-7 min-w-7 items-center justify-center rounded px-1.5 text-brand-800 underline-offset-2 hover:bg-brand-50 hover:underline" aria-label={it.common.goToPage(p)} onClick={go(p)}>
              {p}
            </a>
          ))}
        </p>
      )}
    </nav>
  );
}
