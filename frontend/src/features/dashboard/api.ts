// Calls of the owner dashboard (spec section 7). Browser only.
import { api, ApiError, errorCode, messageOf } from "../../lib/api";
import type { Deleted, GeneratedProduct, OwnStore, Product } from "../../types";

export { ApiError, errorCode, messageOf };

/** GET /api/stores/me: the shop with its products, usage and limits. */
export type { OwnStore };

export type ProductBody = Record<string, unknown>;

export const fetchOwnStore = () => api.get<OwnStore>("/stores/me");
export const createProduct = (body: ProductBody) => api.post<Product>("/products", body);
export const updateProduct = (id: number, body: ProductBody) => api.put<Product>(`/products/${id}`, body);
export const deleteProduct = (id: number) => api.del<Deleted>(`/products/${id}`);
export const bulkDelete = (ids: number[]) => api.del<Deleted>("/products/bulk_delete", { ids });
export const generateProduct = (input: { name: string; brand?: string | null; category?: string | null; description?: string | null; image_url?: string | null }) =>
  api.post<GeneratedProduct>("/products/generate", input);
export const regenerateProduct = (id: number, input: { name: string; brand?: string | null; category?: string | null; description?: string | null; image_url?: string | null }) =>
  api.put<GeneratedProduct>(`/products/regenerate/${id}`, input);
export const updateStore = (id: number, body: Record<string, unknown>) => api.put<OwnStore>(`/stores/${id}`, body);
export const deleteAccount = () => api.del<unknown>("/auth/account");
