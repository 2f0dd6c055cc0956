import { useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { ProductImage } from "../../../components/ProductImage";
import { it } from "../../../i18n/it";
import { formatPrice } from "../../../lib/format";
import type { Product } from "../../../types";

const t = it.dashboard.grid;

/** The out-of-stock warning triangle; also drawn in the legend above the grid. */
export function WarningIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01" />
    </svg>
  );
}

export const statusDotClass = (status: "uncertain" | "incorrect") => (status === "uncertain" ? "bg-orange-500" : "bg-red-600");

type MarkerKind = "uncertain" | "incorrect" | "outOfStock";

const markerText: Record<MarkerKind, { label: string; help: string }> = {
  uncertain: { label: t.uncertain, help: t.uncertainHelp },
  incorrect: { label: t.incorrect, help: t.incorrectHelp },
  outOfStock: { label: t.outOfStock, help: t.outOfStockHelp },
};

/**
 * The markers on a card's picture (status dot, stock warning), readable on every screen:
 * the name shows on hover where there is a mouse (title), and a tap, click or Enter opens a
 * small note under the markers with the name and what it means; the same tap again,
 * Escape or a tap elsewhere closes it. The note spans the picture (its box is the
 * picture's, not the markers'), so the card's rounded corners never cut it.
 */
function Markers({ product }: { product: Product }) {
  const [open, setOpen] = useState<MarkerKind | null>(null);
  const id = useId();
  const root = useRef<HTMLSpanElement>(null);
  // Listening from the render that opens the note (a layout effect runs before the browser
  // paints it): a tap elsewhere right after opening it closes it too.
  useLayoutEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(null);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(null);
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("keydown", escape);
    };
  }, [open]);
  const status = product.status === "uncertain" || product.status === "incorrect" ? product.status : null;
  if (!status && product.in_stock) return null;
  const button = (kind: MarkerKind, mark: ReactNode, data: Record<string, string>) => (
    <button
      key={kind}
      type="button"
      aria-label={markerText[kind].label}
      aria-expanded={open === kind}
      aria-controls={id}
      title={markerText[kind].label}
      onClick={() => setOpen((o) => (o === kind ? null : kind))}
      className="inline-flex h-7 w-7 items-center justify-center rounded-full aria-expanded:bg-stone-900/15 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
      {...data}
    >
      {mark}
    </button>
  );
  return (
    <span ref={root} className="contents">
      <span className="absolute left-1 top-1 flex items-center">
        {status && button(status, <span aria-hidden="true" className={`block h-3.5 w-3.5 rounded-full shadow-sm ring-2 ring-white ${statusDotClass(status)}`} />, { "data-status": status })}
        {!product.in_stock &&
          button(
            "outOfStock",
            <span aria-hidden="true" className="inline-flex rounded-full bg-white/90 p-1 text-amber-600 shadow-sm">
              <WarningIcon />
            </span>,
            { "data-out-of-stock": "" },
          )}
      </span>
      <span id={id} role="note" hidden={!open} className="absolute inset-x-2 top-9 z-10 rounded-lg bg-stone-900/95 px-2.5 py-2 text-left text-xs leading-snug text-white shadow-lg" data-marker-note>
        {open && (
          <>
            <span className="block font-semibold first-letter:uppercase">{markerText[open].label}</span>
            <span className="mt-0.5 block text-stone-200">{open !== "outOfStock" && product.review_note ? product.review_note : markerText[open].help}</span>
          </>
        )}
      </span>
    </span>
  );
}

/** An owner's card: image, price badge, status dot, stock warning, name, brand, description, Modifica / Elimina. */
export function DashboardProductCard({ product, onEdit, onDelete }: { product: Product; onEdit: () => void; onDelete: () => void }) {
  return (
    <article data-product-id={product.id} className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <div className="relative aspect-square border-b border-stone-100 bg-white">
        <ProductImage src={product.image_url} alt={product.name} className="h-full w-full" inset="p-3" />
        <span className="absolute right-2 top-2 rounded-full bg-stone-900/85 px-2 py-0.5 text-xs font-bold text-white" data-price>
          {product.price != null ? formatPrice(product.price) : t.noPrice}
        </span>
        <Markers product={product} />
        {!product.published && (
          <span className="absolute bottom-2 left-2 rounded-full bg-stone-900/85 px-2 py-0.5 text-xs font-semibold text-white" title={t.hiddenHelp} data-hidden>
            {t.hidden}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug text-stone-900">{product.name}</h3>
        {product.brand && <p className="truncate text-xs font-semibold uppercase tracking-wide text-brand-700">{product.brand}</p>}
        {product.description && <p className="line-clamp-3 text-xs text-stone-600">{product.description}</p>}
        <div className="mt-auto flex items-center justify-between gap-2 pt-3 text-sm font-semibold">
          <button type="button" onClick={onEdit} aria-label={t.editLabel(product.name)} className="rounded text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
            {t.edit}
          </button>
          <button type="button" onClick={onDelete} aria-label={t.removeLabel(product.name)} className="rounded text-red-700 hover:underline focus-visible:outline-2 focus-visible:outline-red-600">
            {t.remove}
          </button>
        </div>
      </div>
    </article>
  );
}
