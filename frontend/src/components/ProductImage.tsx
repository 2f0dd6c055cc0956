import { it } from "../i18n/it";
import { cn } from "./ui/cn";
import { IconBox } from "./ui/Icons";

/** The tile drawn for a product without a photo (`/media/products/<name>.svg`). */
export function isGeneratedPicture(src: string): boolean {
  return /^\/media\/products\/[^/]+\.svg$/.test(src);
}

/** The copies stored beside a picture (`<name>-800.jpg`): 400 and 800 px for a fetched
 * image, also 160 and 1600 px for the owner's own photos (`ph-…`). */
export function srcSetOf(src: string): string | undefined {
  const match = /^(\/media\/products\/([^/]+))-800\.jpg$/.exec(src);
  if (!match) return undefined;
  const widths = match[2].startsWith("ph-") ? [160, 400, 800, 1600] : [400, 800];
  return widths.map((w) => `${match[1]}-${w}.jpg ${w}w`).join(", ");
}

/** A card in the catalogue grid: a quarter of a wide screen, half of a phone's. */
const CARD_SIZES = "(min-width: 1024px) 300px, 50vw";

export function ProductImage({
  src,
  alt,
  className,
  inset,
  eager,
  sizes = CARD_SIZES,
}: {
  src: string | null;
  alt: string;
  className?: string;
  /** Padding around a photo (a tile fills the frame). */
  inset?: string;
  eager?: boolean;
  /** How wide the picture is shown, for the browser's choice among the copies. */
  sizes?: string;
}) {
  if (!src) {
    return (
      <div className={cn("flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-stone-100 to-stone-200 text-stone-400", inset, className)} role="img" aria-label={it.product.noImage}>
        <IconBox width={40} height={40} />
      </div>
    );
  }
  // A tile is square and coloured to its edges: it fills the frame; a photo is shown whole.
  const tile = isGeneratedPicture(src);
  const srcSet = srcSetOf(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      // The eager image is the page's main picture, its largest paint: fetched first.
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={cn("bg-white", tile ? "object-cover" : cn("object-contain", inset), className)}
    />
  );
}
