import { it } from "../i18n/it";
import { formatPrice } from "../lib/format";
import { productPath } from "../lib/paths";
import type { Product, Store } from "../types";
import { ProductImage } from "./ProductImage";
import { cn } from "./ui/cn";

export function ProductCard({
  product,
  store,
  className,
  eager,
}: {
  product: Product;
  store: Pick<Store, "id" | "slug">;
  className?: string;
  /** Load the picture at once (the first cards of a page). */
  eager?: boolean;
}) {
  return (
    <a
      href={productPath(store, product)}
      className={cn(
        "group flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        className,
      )}
    >
      <div className="relative aspect-square border-b border-stone-100 bg-white">
        <ProductImage src={product.image_url} alt={product.name} className="h-full w-full" inset="p-3" eager={eager} />
        {product.availability !== "in_stock" && (
          <span className="absolute left-2 top-2 rounded-full bg-stone-900/80 px-2 py-0.5 text-[11px] font-semibold text-white">
            {it.product.availability[product.availability]}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        {product.brand && <p className="truncate text-xs font-semibold uppercase tracking-wide text-brand-700">{product.brand}</p>}
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug text-stone-900 group-hover:text-brand-800">{product.name}</h3>
        <p className="mt-auto pt-2 text-base font-bold text-stone-900">
          {product.price != null ? (
            <>
              {formatPrice(product.price)} <span className="text-xs font-normal text-stone-500">{it.product.vatIncluded}</span>
            </>
          ) : (
            <span className="text-sm font-medium text-stone-500">{it.product.priceOnRequest}</span>
          )}
        </p>
      </div>
    </a>
  );
}
