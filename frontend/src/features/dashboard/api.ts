// Calls of the owner dashboard (docs/product/routes.md). Browser only.
import { api, ApiError, errorCode, failure, messageOf } from "../../lib/api";
import type { Accepted, AiEnrichmentView, AiReportClosed, Deleted, GeneratedProduct, InboxView, InquirySent, InquiryView, OwnStore, Product, ProductPhotos, ReviewView, StorePhotos } from "../../types";

export { ApiError, errorCode, messageOf };

/** GET /api/stores/me: the shop with its usage and limits. */
export type { OwnStore };

export type ProductBody = Record<string, unknown>;

export const fetchOwnStore = () => api.get<OwnStore>("/stores/me");
export const createProduct = (body: ProductBody) => api.post<Product>("/products", body);
export const updateProduct = (id: number, body: ProductBody) => api.put<Product>(`/products/${id}`, body);
export const deleteProduct = (id: number) => api.del<Deleted>(`/products/${id}`);
/** The owner's photos of a product: listed, added one file at a time (multipart), and
 * reordered or removed by listing the ones to keep. */
export const fetchPhotos = (id: number) => api.get<ProductPhotos>(`/products/${id}/photos`);
export const arrangePhotos = (id: number, photos: string[]) => api.put<ProductPhotos>(`/products/${id}/photos`, { photos });
/** A photo sent as the form's `file` (multipart), the reply read as `T`. */
async function postFile<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append("file", file);
  const res = await fetch(`/api${path}`, { method: "POST", body: form, credentials: "include" });
  const body = (await res.json().catch(() => null)) as T | null;
  if (!res.ok || !body) throw failure(res.status, body);
  return body;
}
export const uploadPhoto = (id: number, file: File) => postFile<ProductPhotos>(`/products/${id}/photos`, file);
/** How far the AI provider is with the products imports left to it; closing the report. */
export const fetchAiProgress = () => api.get<AiEnrichmentView>("/stores/me/ai");
export const closeAiReport = () => api.del<AiReportClosed>("/stores/me/ai");
/** The review queue: the products to check by reason, and marking them as checked. */
export const fetchReview = () => api.get<ReviewView>("/stores/me/review");
export const arrangeShopPhotos = (photos: string[]) => api.put<StorePhotos>("/stores/me/photos", { photos });
export const uploadShopPhoto = (file: File) => postFile<StorePhotos>("/stores/me/photos", file);
export const fetchInquiries = (page: number) => api.get<InboxView>(`/stores/me/inquiries?page=${page}`);
export const markInquiry = (id: number, read: boolean) => api.patch<InquiryView>(`/stores/me/inquiries/${id}`, { read });
export const deleteInquiry = (id: number) => api.del<InquirySent>(`/stores/me/inquiries/${id}`);
export const acceptProducts = (
  body: { ids: number[] } | { reason: string | null } | { suggestion: string; category: string } | { family: string; category?: string } | { all: true },
) =>
  api.post<Accepted>("/products/accept", body);
export const bulkDelete = (status: "all" | "uncertain" | "incorrect") => api.del<Deleted>("/products/bulk_delete", { status });
/** GET /api/products/export: the shop's catalogue as the CSV of docs/product/entities.md, written by the server
 * as it reads it (any size). Resolves with the file, its name and its product count. */
export async function exportCatalogue(): Promise<{ file: Blob; name: string; count: number }> {
  const res = await fetch("/api/products/export", { credentials: "include" });
  if (!res.ok) throw failure(res.status, await res.json().catch(() => null));
  const disposition = res.headers.get("content-disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "prodotti.csv";
  const count = Number(res.headers.get("x-total-count") ?? "0");
  return { file: await res.blob(), name, count };
}
export const generateProduct = (input: { name: string; brand?: string | null; category?: string | null; description?: string | null; image_url?: string | null }) =>
  api.post<GeneratedProduct>("/products/generate", input);
export const regenerateProduct = (id: number, input: { name: string; brand?: string | null; category?: string | null; description?: string | null; image_url?: string | null }) =>
  api.put<GeneratedProduct>(`/products/regenerate/${id}`, input);
export const updateStore = (id: number, body: Record<string, unknown>) => api.put<OwnStore>(`/stores/${id}`, body);
/** Confirmed with the account's password (a session alone cannot delete the account). */
export const deleteAccount = (password: string) => api.del<unknown>("/auth/account", { password });
