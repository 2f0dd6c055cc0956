// Canonical paths of the public pages.
import type { Product, Store } from "../types";

export const storePath = (store: Pick<Store, "id" | "slug">) => `/store/${store.id}/${store.slug}`;

export const productPath = (store: Pick<Store, "id" | "slug">, product: Pick<Product, "id" | "slug">) =>
  `/product/${store.id}/${store.slug}/${product.id}/${product.slug}`;

/** Joins the configured public origin and a path ("/x"), without a doubled slash. */
export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = publicUrl.replace(/\/+$/, "");
  return `${base}${path.startsWith("/") ? "" : "/"}${path}`;
}

export function websiteHref(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

export function websiteLabel(url: string): string {
  return url.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function osmSearchUrl(query: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

export function storeAddressQuery(store: Pick<Store, "address" | "postal_code" | "city">): string | null {
  const parts = [store.address, [store.postal_code, store.city].filter(Boolean).join(" ")].filter(
    (p): p is string => !!p && p.trim().length > 0,
  );
  return parts.length ? `${parts.join(", ")}, Italia` : null;
}
