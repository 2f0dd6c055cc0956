import { it } from "../i18n/it";
import type { Store } from "../types";
import { cn } from "./ui/cn";

/** Shop logo, or the shop's initial on a warm tile when there is none. `lazy` for a logo far
 * down the page (it is then neither preloaded nor fetched before it comes near the screen). */
export function StoreLogo({ store, className, lazy }: { store: Pick<Store, "name" | "logo_img_url">; className?: string; lazy?: boolean }) {
  if (store.logo_img_url) {
    return (
      <img
        src={store.logo_img_url}
        alt={it.store.shopLogoAlt(store.name)}
        loading={lazy ? "lazy" : undefined}
        className={cn("rounded-xl border border-stone-200 bg-white object-contain p-1.5", className)}
      />
    );
  }
  const initial = store.name.trim().charAt(0).toUpperCase() || "?";
  return (
    <span aria-hidden="true" className={cn("flex items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-brand-800 font-extrabold text-white", className)}>
      {initial}
    </span>
  );
}
