import { useState } from "react";
import { it } from "../i18n/it";
import { cn } from "./ui/cn";
import { ProductImage } from "./ProductImage";

/** How wide the product page shows its main picture: half the page from 1024 px. */
const MAIN_SIZES = "(min-width: 1024px) 560px, 100vw";

/** The product page's picture: the owner's photos with thumbnails to switch between them,
 * or the product's one picture (a fetched image or its drawn tile). */
export function ProductGallery({ name, picture, photos }: { name: string; picture: string | null; photos: string[] }) {
  const [shown, setShown] = useState(0);
  const current = photos[shown] ?? picture;
  const alt = shown > 0 ? `${name} – ${it.product.photoOf(shown + 1, photos.length)}` : name;
  return (
    <div>
      <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
        <ProductImage src={current} alt={alt} eager className="aspect-square w-full" inset="p-6" sizes={MAIN_SIZES} />
      </div>
      {photos.length > 1 && (
        <ul className="mt-3 grid grid-cols-6 gap-2" aria-label={it.product.photos}>
          {photos.map((photo, index) => (
            <li key={photo}>
              <button
                type="button"
                onClick={() => setShown(index)}
                aria-label={it.product.photoOf(index + 1, photos.length)}
                aria-pressed={index === shown}
                className={cn(
                  "block w-full overflow-hidden rounded-lg border-2 bg-white transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
                  index === shown ? "border-brand-700" : "border-stone-200 hover:border-stone-400",
                )}
              >
                <img src={photo.replace(/-800\.jpg$/, "-160.jpg")} alt="" loading="lazy" decoding="async" className="aspect-square w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
