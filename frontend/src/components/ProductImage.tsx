import { it } from "../i18n/it";
import { cn } from "./ui/cn";
import { IconBox } from "./ui/Icons";

/** The tile drawn for a product without a photo (`/media/products/<name>.svg`). */
export function isGeneratedPicture(src: string): boolean {
  return /^\/media\/products\/[^/]+\.svg$/.test(src);
}

export function ProductImage({
  src,
  alt,
  className,
  inset,
  eager,
}: {
  src: string | null;
  alt: string;
  className?: string;
  /** Padding around a photo (a tile fills the frame). */
  inset?: string;
  eager?: boolean;
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
  return (
    <img
      src={src}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      // The eager image is the page's main picture, its largest paint: fetched first.
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={cn("bg-white", tile ? "object-cover" : cn("object-contain", inset), className)}
    />
  );
}
