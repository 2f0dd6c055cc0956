// Calls of the import wizard (docs/decisions/006-import-api.md). Browser only.
import { it } from "../../i18n/it";
import { api, ApiError, errorCode, failure, messageOf } from "../../lib/api";
import type { OwnStore } from "../../types";
import { cleanMapping, normaliseRowError, type Mapping, type RowError } from "./logic";

export { ApiError, errorCode, messageOf };

export const TEMPLATE_URL = "/api/file/template";
export const errorReportUrl = (processId: string) => `/api/file/error-report/${encodeURIComponent(processId)}`;

/** What the shop's plan still allows; null means unlimited. */
export interface PlanAllowance {
  plan: string;
  planTitle: string;
  productsRemaining: number | null;
  importsRemaining: number | null;
  productLimit: number | null;
  importsPerMonth: number | null;
}

export interface Analysis {
  headers: string[];
  sampleData: Array<Record<string, string>>;
  mapping: Mapping;
  totalRows: number;
  warnings: string[];
  /** Null when the server did not say. */
  limits: PlanAllowance | null;
}

export interface PreviewProduct {
  name: string;
  price: number | null;
  brand: string | null;
  category: string | null;
  description: string | null;
  image_url: string | null;
  in_stock: boolean | null;
  status: string | null;
  /** "create" or "update" when the server says so. */
  action: "create" | "update" | null;
}

export interface Statistics {
  total: number;
  valid: number;
  invalid: number;
  create: number;
  update: number;
  /** Valid rows the plan lets in: every update and the new products up to the allowance. */
  fitting: number;
  /** New products beyond the plan's allowance. */
  beyondPlan: number;
}

export interface Processed {
  processId: string;
  products: PreviewProduct[];
  errors: RowError[];
  warnings: string[];
  statistics: Statistics;
  limits: PlanAllowance | null;
}

/** Multipart POST with the browser's own boundary; `{success: false, error}` becomes an ApiError. */
async function postForm(path: string, form: FormData, signal?: AbortSignal): Promise<Record<string, unknown>> {
  const res = await fetch(`/api${path}`, { method: "POST", body: form, credentials: "include", signal });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body || body.success === false) throw failure(res.status, body);
  return body;
}

/** Strings, or `{rowIndex, message}` warnings as "Riga N: message". */
function strings(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v.map((x) => {
    if (typeof x === "string") return x;
    if (x && typeof x === "object" && "message" in x) {
      const { message, rowIndex } = x as { message: unknown; rowIndex?: unknown };
      return typeof rowIndex === "number" && rowIndex > 0 ? `${it.upload.preview.row(rowIndex)}: ${String(message)}` : String(message);
    }
    return String(x);
  });
}
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const str = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);
const count = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null);

function toAllowance(raw: unknown): PlanAllowance | null {
  if (!raw || typeof raw !== "object") return null;
  const l = raw as Record<string, unknown>;
  return {
    plan: str(l.plan) ?? "",
    planTitle: str(l.planTitle) ?? str(l.plan) ?? "",
    productsRemaining: count(l.productsRemaining),
    importsRemaining: count(l.importsRemaining),
    productLimit: count(l.productLimit),
    importsPerMonth: count(l.importsPerMonth),
  };
}

export async function analyzeFile(file: File, signal?: AbortSignal): Promise<Analysis> {
  const form = new FormData();
  form.append("file", file);
  const body = await postForm("/file/analyze", form, signal);
  const headers = strings(body.headers);
  const sampleData = Array.isArray(body.sampleData) ? (body.sampleData as Array<Record<string, string>>) : [];
  return { headers, sampleData, mapping: cleanMapping(body.mapping, headers), totalRows: num(body.totalRows), warnings: strings(body.warnings), limits: toAllowance(body.limits) };
}

export interface ProcessOptions {
  regenerateName: boolean;
  regeneratePresentProducts: boolean;
}

function toPreviewProduct(raw: unknown): PreviewProduct {
  const p = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const action = p.action ?? p.operation ?? (typeof p.existing_id === "number" || typeof p.existingId === "number" ? "update" : null);
  const inStock = p.in_stock ?? p.available;
  return {
    name: str(p.name) ?? "",
    price: typeof p.price === "number" ? p.price : null,
    brand: str(p.brand),
    category: str(p.category),
    description: str(p.description),
    image_url: str(p.image_url),
    in_stock: typeof inStock === "boolean" ? inStock : null,
    status: str(p.status),
    action: action === "create" || action === "update" ? action : null,
  };
}

export async function processFile(file: File, mapping: Mapping, options: ProcessOptions, signal?: AbortSignal): Promise<Processed> {
  const form = new FormData();
  form.append("file", file);
  form.append("mapping", JSON.stringify(mapping));
  form.append("regenerateName", String(options.regenerateName));
  form.append("regeneratePresentProducts", String(options.regeneratePresentProducts));
  const body = await postForm("/file/process", form, signal);
  const s = (body.statistics && typeof body.statistics === "object" ? body.statistics : {}) as Record<string, unknown>;
  return {
    processId: String(body.processId ?? ""),
    products: Array.isArray(body.products) ? body.products.map(toPreviewProduct) : [],
    errors: Array.isArray(body.errors) ? body.errors.map(normaliseRowError) : [],
    warnings: strings(body.warnings),
    statistics: {
      total: num(s.total),
      valid: num(s.valid),
      invalid: num(s.invalid),
      create: num(s.create),
      update: num(s.update),
      // An older server without the figures: everything fits, as it did then.
      fitting: typeof s.fitting === "number" ? num(s.fitting) : num(s.valid),
      beyondPlan: num(s.beyondPlan),
    },
    limits: toAllowance(body.limits),
  };
}

/** Stops the shop's running process; a failure is only logged (spec section 7). */
export async function cancelProcessing(): Promise<void> {
  try {
    await api.post("/file/cancel-processing");
  } catch (err) {
    console.warn("cancel-processing non riuscito", err);
  }
}

/** Writes every valid processed row (with `fitToPlan`, every update and only the first new
 * products that fit in the plan); answers the updated shop. */
export const importProcessed = (processId: string, fitToPlan = false) =>
  api.post<OwnStore>("/file/import", fitToPlan ? { processId, fitToPlan } : { processId });
