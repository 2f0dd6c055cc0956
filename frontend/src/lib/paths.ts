// Canonical paths of the public pages.
import type { GeoPoint, Product, Store } from "../types";

export const storePath = (store: Pick<Store, "id" | "slug">) => `/store/${store.id}/${store.slug}`;

/** A shop's category (`c`) or brand (`b`) page. */
export const sectionPath = (store: Pick<Store, "id" | "slug">, kind: "c" | "b", slug: string) => `${storePath(store)}/${kind}/${slug}`;

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

/** A point on OpenStreetMap, marked, at street level. */
export function osmPlaceUrl({ lat, lng }: GeoPoint): string {
  const [a, b] = [lat.toFixed(5), lng.toFixed(5)];
  return `https://www.openstreetmap.org/?mlat=${a}&mlon=${b}#map=18/${a}/${b}`;
}

export function storeAddressQuery(store: Pick<Store, "address" | "postal_code" | "city">): string | null {
  const parts = [store.address, [store.postal_code, store.city].filter(Boolean).join(" ")].filter(
    (p): p is string => !!p && p.trim().length > 0,
  );
  return parts.length ? `${parts.join(", ")}, Italia` : null;
}

/** An Italian mobile number as WhatsApp's links want it (`39` and the number), or null for a
 * landline or anything else: WhatsApp is offered only where it can answer. */
export function whatsappNumber(phone: string): string | null {
  let digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+39")) digits = digits.slice(3);
  else if (digits.startsWith("0039")) digits = digits.slice(4);
  else if (digits.startsWith("+")) return null;
  return /^3\d{8,9}$/.test(digits) ? `39${digits}` : null;
}

/** A WhatsApp chat with the shop, the visitor's first message written. */
export function whatsappHref(number: string, text: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
