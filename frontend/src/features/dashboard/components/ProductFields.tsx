import { ProductImage } from "../../../components/ProductImage";
import { Input, Label, Select, inputClass } from "../../../components/ui/Field";
import { it } from "../../../i18n/it";
import type { Availability } from "../../../types";
import { AVAILABILITIES, DESCRIPTION_MAX, type ProductForm } from "../logic";

const t = it.dashboard.product;

export type SetField = <K extends keyof ProductForm>(key: K, value: ProductForm[K]) => void;

/** The preview loads only a whole address: while the owner types "https://…", the partial
 * text ("h", "htt") would be fetched as a path of this site. */
function previewable(url: string): string | null {
  const u = url.trim();
  if (u.startsWith("/media/")) return u;
  try {
    const parsed = new URL(u);
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.hostname.includes(".") ? u : null;
  } catch {
    return null;
  }
}

/** The product's name; an imported product whose name was changed offers the file's name
 * back. */
export function ProductNameField({ name, sourceName, onChange }: { name: string; sourceName: string | null; onChange: (name: string) => void }) {
  return (
    <div>
      <Label htmlFor="product-name">{t.name} *</Label>
      <Input id="product-name" value={name} onChange={(e) => onChange(e.target.value)} maxLength={300} autoComplete="off" />
      {sourceName && sourceName !== name && (
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-stone-600" data-source-name>
          <span>
            {t.sourceName} <span className="font-mono text-stone-800">{sourceName}</span>
          </span>
          <button type="button" className="font-semibold text-brand-800 hover:underline" onClick={() => onChange(sourceName)}>
            {t.restoreSourceName}
          </button>
        </p>
      )}
    </div>
  );
}

/** The product dialog's fields after the name: price, brand, category, description, image and
 * stock. The price error is the dialog's, which decides when a price is refused. */
export function ProductFields({
  form,
  set,
  showImageUrl,
  storedPicture,
  priceError,
  onPriceChange,
  listCategory = null,
}: {
  form: ProductForm;
  set: SetField;
  /** The address field, for a product without the owner's own photos. */
  showImageUrl: boolean;
  /** The picture the product has on this site (`/media/…`): not an address for the owner to
   * edit. The field then shows empty, and an address typed replaces the picture. */
  storedPicture: string | null;
  priceError: boolean;
  onPriceChange: (price: string) => void;
  /** The category as the price list had it ("A12"): filing two of its products alike files
   * the rest of it (docs/decisions/037-learning-from-the-owner.md). */
  listCategory?: string | null;
}) {
  const stored = form.image_url.startsWith("/media/");
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <Label htmlFor="product-price">{t.price}</Label>
          <Input
            id="product-price"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            value={form.price}
            aria-invalid={priceError || undefined}
            aria-describedby={priceError ? "product-price-error" : undefined}
            onChange={(e) => onPriceChange(e.target.value)}
          />
          {priceError && (
            <p id="product-price-error" className="mt-1 text-xs font-medium text-red-700">
              {t.priceInvalid}
            </p>
          )}
        </div>
        <div>
          <Label htmlFor="product-brand">{t.brand}</Label>
          <Input id="product-brand" value={form.brand} onChange={(e) => set("brand", e.target.value)} />
        </div>
        <div>
          <Label htmlFor="product-category">{t.category}</Label>
          <Input
            id="product-category"
            value={form.category}
            aria-describedby={listCategory ? "product-list-category" : undefined}
            onChange={(e) => set("category", e.target.value)}
          />
          {listCategory && (
            <p id="product-list-category" className="mt-1 truncate text-xs text-stone-500" data-list-category>
              {t.sourceName} {listCategory}
            </p>
          )}
        </div>
      </div>
      <div>
        <div className="flex items-baseline justify-between">
          <Label htmlFor="product-description">{t.description}</Label>
          <span className={`text-xs ${form.description.length > DESCRIPTION_MAX ? "font-semibold text-red-700" : "text-stone-500"}`} data-counter aria-live="polite">
            {t.counter(form.description.length)}
          </span>
        </div>
        <textarea
          id="product-description"
          rows={5}
          value={form.description}
          onChange={(e) => set("description", e.target.value)}
          maxLength={DESCRIPTION_MAX}
          className={inputClass}
        />
      </div>
      {showImageUrl && (
        <div className="grid gap-4 sm:grid-cols-[1fr_6rem] sm:items-end">
          <div>
            <Label htmlFor="product-image">{t.imageUrl}</Label>
            <Input
              id="product-image"
              value={stored ? "" : form.image_url}
              onChange={(e) => set("image_url", e.target.value.trim() === "" && storedPicture ? storedPicture : e.target.value)}
              placeholder={stored ? t.imageStored : "https://"}
              aria-describedby={stored ? "product-image-stored" : undefined}
            />
            {stored && (
              <p id="product-image-stored" className="mt-1 text-xs text-stone-500">
                {t.imageStoredHelp}
              </p>
            )}
          </div>
          <ProductImage src={previewable(form.image_url)} alt={t.imagePreview} className="hidden h-24 w-24 rounded-lg border border-stone-200 sm:flex" />
        </div>
      )}
      <div>
        <Label htmlFor="product-availability">{t.availability}</Label>
        <Select id="product-availability" value={form.availability} onChange={(e) => set("availability", e.target.value as Availability)} className="sm:max-w-xs">
          {AVAILABILITIES.map((a) => (
            <option key={a} value={a}>
              {it.product.availability[a]}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
          <input type="checkbox" checked={form.published} onChange={(e) => set("published", e.target.checked)} aria-describedby="product-published-help" className="h-4 w-4 rounded border-stone-300 accent-brand-700" />
          {t.published}
        </label>
        <p id="product-published-help" className="ml-6 mt-0.5 text-xs text-stone-600">
          {form.published ? t.publishedHelp : t.hiddenHelp}
        </p>
      </div>
    </>
  );
}
