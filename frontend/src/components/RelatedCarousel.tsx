import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "../hooks/useHydrated";
import { it } from "../i18n/it";
import type { Product, Store } from "../types";
import { ProductCard } from "./ProductCard";
import { IconChevronLeft, IconChevronRight } from "./ui/Icons";

/** Cards in the server's markup; the others join as soon as the page is hydrated. Each card
 * costs the server's render about a millisecond, and a wide screen shows five and a half. */
export const SERVER_RENDERED_CARDS = 6;

export function RelatedCarousel({
  title,
  products,
  store,
  titleId = "related-title",
}: {
  title: string;
  products: Product[];
  store: Pick<Store, "id" | "slug">;
  /** Unique on the page: a product page has two carousels. */
  titleId?: string;
}) {
  const track = useRef<HTMLUListElement>(null);
  // Before layout is known (server, first client render): at the start, more to the right if >1 item.
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(products.length <= 1);
  const hydrated = useHydrated();
  const shown = hydrated ? products : products.slice(0, SERVER_RENDERED_CARDS);

  const update = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setAtStart(el.scrollLeft <= 8);
    setAtEnd(el.scrollLeft + el.clientWidth >= el.scrollWidth - 8);
  }, []);

  useEffect(() => {
    update();
    const el = track.current;
    if (!el) return;
    el.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      el.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [update, shown.length]);

  const scroll = (dir: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth * 0.85, behavior: "smooth" });
  };

  const btn =
    "flex h-10 w-10 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-800 shadow-sm hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-brand-600";
  return (
    <section aria-labelledby={titleId} className="mt-14">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={titleId} className="text-xl font-bold text-stone-900">
          {title}
        </h2>
        <div className="flex gap-2">
          <button type="button" className={btn} onClick={() => scroll(-1)} disabled={atStart} aria-label={it.product.scrollLeft}>
            <IconChevronLeft />
          </button>
          <button type="button" className={btn} onClick={() => scroll(1)} disabled={atEnd} aria-label={it.product.scrollRight}>
            <IconChevronRight />
          </button>
        </div>
      </div>
      <ul ref={track} className="-mx-1 flex snap-x snap-mandatory scroll-px-1 gap-4 overflow-x-auto scroll-smooth px-1 pb-3 [scrollbar-width:thin]">
        {shown.map((p) => (
          <li key={p.id} className="w-44 shrink-0 snap-start sm:w-52">
            <ProductCard product={p} store={store} />
          </li>
        ))}
      </ul>
    </section>
  );
}
