import { it } from "../i18n/it";
import { cn } from "./ui/cn";
import { IconBox } from "./ui/Icons";

export function ProductImage({
  src,
  alt,
  className,
  eager,
}: {
  src: string | null;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  if (!src) {
    return (
      <div className={cn("flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-stone-100 to-stone-200 text-stone-400", className)} role="img" aria-label={it.product.noImage}>
        <IconBox width={40} height={40} />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      // The eager image is the page's main picture, its largest paint: fetched first.
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={cn("bg-white object-contain", className)}
    />
  );
}
