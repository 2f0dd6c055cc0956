// The dashboard's pure rules (docs/product/routes.md, states.md and limits.md): the list's state, share links, plan
// usage, the product form. No React, no window. Search, filters, sorts, pages, bulk deletes
// and the CSV export are the server's (GET /api/stores/{id}/products, DELETE
// /api/products/bulk_delete by status, GET /api/products/export).
import { fold, formatDecimal } from "../../lib/format";
import type { Availability, PlanKey, PlanLimits, Product, Store } from "../../types";

export const PAGE_SIZE = 20;
export const DESCRIPTION_MAX = 1000;
export const COMPACT_HEADER_PX = 40;

export type SortKey = "newest" | "oldest" | "nameAsc" | "nameDesc" | "priceAsc" | "priceDesc";
export type StockFilter = "all" | "inStock" | "outOfStock" | "uncertain" | "incorrect";
export const SORT_KEYS: SortKey[] = ["newest", "oldest", "nameAsc", "nameDesc", "priceAsc", "priceDesc"];
export const STOCK_FILTERS: StockFilter[] = ["all", "inStock", "outOfStock", "uncertain", "incorrect"];

export interface ListState {
  search: string;
  sort: SortKey;
  stock: StockFilter;
  /** "all" or one category. */
  category: string;
  page: number;
}

export const initialListState: ListState = { search: "", sort: "newest", stock: "all", category: "all", page: 1 };

/** Characters of a search read from the address (the server reads as many). */
const MAX_ADDRESS_SEARCH = 200;

/**
 * The list an address asks for (`/dashboard?q=…&sort=…&stock=…&category=…&page=3`), so a
 * reload, the back button and a shared link show what the owner was looking at. Anything
 * missing or not one of the known values is the default.
 */
export function listFromQuery(query: string): ListState {
  const params = new URLSearchParams(query);
  const sort = params.get("sort") as SortKey | null;
  const stock = params.get("stock") as StockFilter | null;
  const page = Number(params.get("page") ?? "1");
  return {
    search: (params.get("q") ?? "").slice(0, MAX_ADDRESS_SEARCH),
    sort: sort && SORT_KEYS.includes(sort) ? sort : initialListState.sort,
    stock: stock && STOCK_FILTERS.includes(stock) ? stock : initialListState.stock,
    category: params.get("category")?.trim() || initialListState.category,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's query for a list: what differs from the default, always in one order. */
export function listQuery(list: ListState): string {
  const params = new URLSearchParams();
  if (list.search) params.set("q", list.search);
  if (list.sort !== initialListState.sort) params.set("sort", list.sort);
  if (list.stock !== initialListState.stock) params.set("stock", list.stock);
  if (list.category !== initialListState.category) params.set("category", list.category);
  if (list.page > 1) params.set("page", String(list.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Any change of search, sort or filter goes back to page 1. */
export function changeList(state: ListState, patch: Partial<Omit<ListState, "page">>): ListState {
  return { ...state, ...patch, page: 1 };
}

export function clearFilters(state: ListState): ListState {
  return { ...initialListState, sort: state.sort };
}

export function hasActiveFilters(state: ListState): boolean {
  return state.search.trim() !== "" || state.stock !== "all" || state.category !== "all";
}

export type BulkKind = "incorrect" | "uncertain" | "all";

/** Same rule as slugs: lowercase, trim, spaces to hyphens, accents folded, other non-word characters dropped. */
export function slugify(text: string): string {
  return fold(text)
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]/g, "")
    .replace(/-+/g, "-");
}

// ---------- Share (docs/product/routes.md, "Share") ----------

export function publicStoreUrl(origin: string, store: Pick<Store, "id" | "slug">): string {
  return `${origin.replace(/\/+$/, "")}/store/${store.id}/${store.slug}`;
}

export interface ShareLinks {
  url: string;
  whatsapp: string;
  email: string;
  facebook: string;
}

export function shareLinks(url: string, message: string, subject: string): ShareLinks {
  return {
    url,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(message)}`,
    email: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  };
}

/** Store name shortened by screen width (thresholds 500, 748, 900, 1048, 1200 px). */
export function shortName(name: string, width: number): string {
  const max = width < 500 ? 22 : width < 748 ? 30 : width < 900 ? 38 : width < 1048 ? 46 : width < 1200 ? 56 : Infinity;
  if (name.length <= max) return name;
  return `${name.slice(0, max - 1).trimEnd()}…`;
}

// ---------- Plan usage (docs/product/limits.md) ----------

/** The limits in force, read from the server (`limits` beside the owner's shop): the
 * server is the one place that knows them. */
export type Limits = PlanLimits;

/** The shop's limits as the server sent them; null (unlimited) kept. `null` when the reply
 * carries none or a malformed one: the panel then shows no figure rather than a guess. */
export function limitsOf(store: { limits?: unknown } | null | undefined): Limits | null {
  const l = store?.limits;
  if (!l || typeof l !== "object") return null;
  const keys = ["products", "imports_per_month", "regenerations_per_month", "ai_products_per_month"] as const;
  const given = l as Record<string, unknown>;
  const figure = (v: unknown) => v === null || (typeof v === "number" && Number.isFinite(v) && v >= 0);
  if (!keys.every((k) => k in given && figure(given[k]))) return null;
  return {
    products: given.products as number | null,
    imports_per_month: given.imports_per_month as number | null,
    regenerations_per_month: given.regenerations_per_month as number | null,
    ai_products_per_month: given.ai_products_per_month as number | null,
  };
}

export const PLAN_TITLES: Record<PlanKey, string> = { free: "Base", starter: "Avanzato", pro: "Pro", business: "Business" };

export function planKey(plan: string): PlanKey {
  return plan === "starter" || plan === "pro" || plan === "business" ? plan : "free";
}

export type UsageTone = "green" | "yellow" | "red";

/** Red at 90% or more, yellow at 75% or more, green below. */
export function usageTone(used: number, limit: number): UsageTone {
  if (limit <= 0) return "red";
  const ratio = used / limit;
  return ratio >= 0.9 ? "red" : ratio >= 0.75 ? "yellow" : "green";
}

export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return 100;
  return Math.min(100, Math.round((used / limit) * 100));
}

/** "novembre 2026" from an ISO date, without Intl (month names given). */
export function monthYear(iso: string, months: readonly string[]): string | null {
  const m = /^(\d{4})-(\d{2})/.exec(iso ?? "");
  if (!m) return null;
  const month = months[Number(m[2]) - 1];
  return month ? `${month} ${m[1]}` : null;
}

/** "23/11/2026" from an ISO date. */
export function shortDate(iso: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? "");
  return m ? `${m[3]}/${m[2]}/${m[1]}` : null;
}

// ---------- Product form ----------

export interface ProductForm {
  name: string;
  /** As typed: "" for no price. */
  price: string;
  description: string;
  brand: string;
  category: string;
  image_url: string;
  /** "Disponibile", "Disponibilità limitata", "Su ordinazione", "Non disponibile". */
  availability: Availability;
  /** On the public pages; false keeps the product in the dashboard only. */
  published: boolean;
  status: string;
  /** Why the AI was not sure (shown to the owner, never public); "" for none. */
  review_note: string;
}

/** The states an owner picks from, in the order the select shows them. */
export const AVAILABILITIES: Availability[] = ["in_stock", "limited", "backorder", "out_of_stock"];

export const emptyForm: ProductForm = { name: "", price: "", description: "", brand: "", category: "", image_url: "", availability: "in_stock", published: true, status: "normal", review_note: "" };

export function formOf(p: Product): ProductForm {
  return {
    name: p.name ?? "",
    price: p.price == null ? "" : editablePrice(p.price),
    description: p.description ?? "",
    brand: p.brand ?? "",
    category: p.category ?? "",
    image_url: p.image_url ?? "",
    availability: p.availability,
    published: p.published,
    status: p.status || "normal",
    review_note: p.review_note ?? "",
  };
}

export function sameForm(a: ProductForm, b: ProductForm): boolean {
  return (Object.keys(a) as Array<keyof ProductForm>).every((k) => (typeof a[k] === "string" ? String(a[k]).trim() === String(b[k]).trim() : a[k] === b[k]));
}

const orNull = (v: string) => (v.trim() ? v.trim() : null);

/** 0.1 → "0,10", 1234.5 → "1234,50": how an Italian owner writes a price in a field (no
 * thousands separator, so what is shown is what the server reads back). */
export function editablePrice(value: number): string {
  return formatDecimal(value).replace(/\./g, "");
}

/** The largest price, in cents: 1.000.000,00 €, as on the server. */
export const PRICE_MAX_CENTS = 100_000_000;

const firstGroup = (g: string) => g.length >= 1 && g.length <= 3 && g[0] !== "0";
const grouped = (text: string, sep: string) => {
  const [first, ...rest] = text.split(sep);
  return firstGroup(first) && rest.every((g) => g.length === 3);
};

/** A price as an owner types it, read by the server's rules (docs/decisions/013-prices.md):
 * "129,90", "12.50", "1.234,50", "1,234.50", "€ 8", "1 234,50". With both separators the last
 * one marks the decimals; one kind repeated groups thousands; one separator followed by
 * exactly three digits is read the Italian way ("1.234" is 1234 €, "1,234" is 1,234 €).
 * Decimals past the cent are rounded half up. Returns cents; null for no price ("" or "-");
 * NaN for anything else that is not a price from 0 to 1.000.000 € (the dialog refuses it
 * rather than drop it), words included: the field says €. */
export function priceCents(text: string): number | null {
  let s = text.replace(/[\s€'’]/g, "");
  if (s.startsWith("+")) s = s.slice(1);
  if (s === "" || s === "-") return null;
  if (!/^[\d.,]*\d[\d.,]*$/.test(s)) return Number.NaN;
  const dots = s.split(".").length - 1;
  const commas = s.split(",").length - 1;
  let whole = s;
  let decimals = "";
  if (dots && commas) {
    const mark = s.lastIndexOf(".") > s.lastIndexOf(",") ? "." : ",";
    const group = mark === "." ? "," : ".";
    const at = s.lastIndexOf(mark);
    const head = s.slice(0, at);
    decimals = s.slice(at + 1);
    if (head.includes(mark) || !decimals || !grouped(head, group)) return Number.NaN;
    whole = head.split(group).join("");
  } else if (dots + commas > 1) {
    const sep = dots ? "." : ",";
    if (!grouped(s, sep)) return Number.NaN;
    whole = s.split(sep).join("");
  } else if (dots + commas === 1) {
    const sep = dots ? "." : ",";
    const at = s.indexOf(sep);
    const head = s.slice(0, at);
    const tail = s.slice(at + 1);
    if (!tail) return Number.NaN;
    if (sep === "." && tail.length === 3 && firstGroup(head)) {
      whole = head + tail; // the Italian thousands dot
    } else {
      whole = head;
      decimals = tail;
    }
  }
  whole = whole.replace(/^0+/, "");
  if (whole.length > 7) return Number.NaN;
  const digit = (i: number) => Number(decimals[i] ?? "0");
  const cents = Number(whole || "0") * 100 + digit(0) * 10 + digit(1) + (digit(2) >= 5 ? 1 : 0);
  return cents <= PRICE_MAX_CENTS ? cents : Number.NaN;
}

/** The same price in euros, as the API takes it: 12.5, null, or NaN. */
export function parsePrice(text: string): number | null {
  const cents = priceCents(text);
  return cents === null || Number.isNaN(cents) ? cents : cents / 100;
}

/**
 * The body of POST /products and PUT /products/{id} (docs/product/routes.md). What the owner saves is
 * the owner's: confirmed (status normal, no review note), whatever the AI was unsure of.
 */
export function productPayload(form: ProductForm, storeEmail: string | null) {
  const price = parsePrice(form.price);
  return {
    store_email: storeEmail,
    name: form.name.trim(),
    slug: slugify(form.name),
    price: price == null || Number.isNaN(price) ? null : price,
    description: orNull(form.description),
    image_url: orNull(form.image_url),
    category: orNull(form.category),
    brand: orNull(form.brand),
    availability: form.availability,
    published: form.published,
    status: "normal",
    review_note: null,
  };
}

export interface Generated {
  id?: number | null;
  name: string;
  description: string;
  brand?: string | null;
  category?: string | null;
  image_url?: string | null;
  status: string;
  review_note?: string | null;
}

/** Merges an AI answer into the form: answered fields replace, missing ones keep what was typed;
 * price and stock are the owner's and never touched. */
export function mergeGenerated(form: ProductForm, g: Generated): ProductForm {
  return {
    ...form,
    name: g.name?.trim() ? g.name : form.name,
    description: g.description?.trim() ? g.description : form.description,
    brand: g.brand?.trim() ? g.brand : form.brand,
    category: g.category?.trim() ? g.category : form.category,
    image_url: g.image_url?.trim() ? g.image_url : form.image_url,
    status: g.status || form.status,
    // a new answer brings its own reason (or none)
    review_note: g.status ? (g.review_note ?? "") : form.review_note,
  };
}
