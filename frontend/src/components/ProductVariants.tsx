import type { Variant } from "../generated";
import { it } from "../i18n/it";
import { formatPrice } from "../lib/format";

const t = it.product.variants;

/** The lowest and highest price among the variants that have one (null when none has). */
export function variantPriceRange(variants: Variant[]): { low: number; high: number } | null {
  const prices = variants.map((v) => v.price_cents).filter((c): c is number => c != null);
  if (prices.length === 0) return null;
  return { low: Math.min(...prices) / 100, high: Math.max(...prices) / 100 };
}

/** A product's sizes or colours as the price list gave them, each with its price. */
export function ProductVariants({ variants }: { variants: Variant[] }) {
  if (variants.length === 0) return null;
  const withCodes = variants.some((v) => v.sku);
  return (
    <section className="mt-6" aria-labelledby="variants-title" data-variants>
      <h2 id="variants-title" className="text-base font-semibold text-stone-900">
        {t.title(variants.length)}
      </h2>
      <div className="mt-2 overflow-x-auto rounded-xl border border-stone-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-stone-50 text-stone-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t.variant}
              </th>
              {withCodes && (
                <th scope="col" className="px-3 py-2 font-medium">
                  {t.code}
                </th>
              )}
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t.price}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {variants.map((v, i) => (
              <tr key={i}>
                <th scope="row" className="px-3 py-2 font-medium text-stone-900">
                  {v.label}
                  {!v.in_stock && <span className="ml-2 text-xs font-normal text-stone-500">{t.unavailable}</span>}
                </th>
                {withCodes && <td className="px-3 py-2 font-mono text-stone-700">{v.sku ?? ""}</td>}
                <td className="whitespace-nowrap px-3 py-2 text-right text-stone-900">{v.price_cents != null ? formatPrice(v.price_cents / 100) : t.noPrice}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
