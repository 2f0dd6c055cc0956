import { ProductImage } from "../../../components/ProductImage";
import { it } from "../../../i18n/it";
import { formatPrice } from "../../../lib/format";
import type { Product } from "../../../types";

const t = it.dashboard.grid;

function StatusDot({ status }: { status: string }) {
  if (status !== "uncertain" && status !== "incorrect") return null;
  const label = status === "uncertain" ? t.uncertain : t.incorrect;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-status={status}
      className={`inline-block h-3 w-3 shrink-0 rounded-full ring-2 ring-white ${status === "uncertain" ? "bg-orange-500" : "bg-red-600"}`}
    />
  );
}

function OutOfStock() {
  return (
    <span role="img" aria-label={t.outOfStock} title={t.outOfStock} data-out-of-stock className="inline-flex rounded-full bg-white/90 p-1 text-amber-600 shadow-sm">
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01" />
      </svg>
    </span>
  );
}

/** An owner's card: image, price badge, status dot, stock warning, name, brand, description, Modifica / Elimina. */
export function DashboardProductCard({ product, onEdit, onDelete }: { product: Product; onEdit: () => void; onDelete: () => void }) {
  return (
    <article data-product-id={product.id} className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <div className="relative aspect-square border-b border-stone-100 bg-white">
        <ProductImage src={product.image_url} alt={product.name} className="h-full w-full p-3" />
        <span className="absolute right-2 top-2 rounded-full bg-stone-900/85 px-2 py-0.5 text-xs font-bold text-white" data-price>
          {product.price != null ? formatPrice(product.price) : t.noPrice}
        </span>
        <div className="absolute left-2 top-2 flex items-center gap-1.5">
          <StatusDot status={product.status} />
          {!product.in_stock && <OutOfStock />}
        </div>
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
