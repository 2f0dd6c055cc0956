// One page of a shop's products from the server (GET /api/stores/{id}/products): the shop
// page and the dashboard search, filter, sort and page through the server, never through a
// full list in the browser.
import type { ProductPageView } from "../types";
import { ApiError, failure } from "./api";

export type CatalogueSort = "relevance" | "newest" | "oldest" | "nameAsc" | "nameDesc" | "priceAsc" | "priceDesc";

export interface CatalogueQuery {
  q?: string;
  /** "all" or one category. */
  category?: string;
  /** One brand ("" or none for all). */
  brand?: string;
  /** all, inStock, outOfStock; uncertain and incorrect for the owner. */
  stock?: string;
  sort?: CatalogueSort;
  page?: number;
  perPage?: number;
}

/** The query string of a listing, as the server writes its canonical form: parameters in a
 * fixed order, defaults left out (no `page=1`, no `sort` that is the default for the query). */
export function catalogueSearch(query: CatalogueQuery, withPerPage = false): string {
  const params = new URLSearchParams();
  const q = query.q?.trim() ?? "";
  if (q) params.set("q", q);
  if (query.category && query.category !== "all") params.set("category", query.category);
  if (query.brand) params.set("brand", query.brand);
  if (query.stock && query.stock !== "all") params.set("stock", query.stock);
  const defaultSort: CatalogueSort = q ? "relevance" : "newest";
  if (query.sort && query.sort !== defaultSort) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (withPerPage && query.perPage) params.set("per_page", String(query.perPage));
  return params.toString();
}

/** The page, or an ApiError; an aborted call rejects with the AbortError. */
export async function fetchProductPage(storeId: number, query: CatalogueQuery, signal?: AbortSignal): Promise<ProductPageView> {
  const res = await fetch(`/api/stores/${storeId}/products?${catalogueSearch(query, true)}`, {
    headers: { Accept: "application/json" },
    credentials: "include",
    signal,
  });
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) throw failure(res.status, body);
  if (!body || typeof body !== "object" || !Array.isArray((body as ProductPageView).items)) {
    throw new ApiError(`HTTP ${res.status}`, res.status, body);
  }
  return body as ProductPageView;
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";
