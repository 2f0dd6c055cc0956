// Calls of the import wizard (docs/decisions/006-import-api.md). Browser only.
import { api, ApiError, errorCode, failure, messageOf } from "../../lib/api";
import type { AllowanceView, Analysis as AnalysisReply, ItemView, PhotoBatchView, ProcessReply, StatisticsView, SyncView } from "../../generated";
import type { OwnStore } from "../../types";
import { cleanMapping, extrasOf, mappingPayload, warningLines, type Mapping, type MappingExtras, type RowError } from "./logic";

export { ApiError, errorCode, messageOf };

export const TEMPLATE_URL = "/api/file/template";
export const errorReportUrl = (processId: string) => `/api/file/error-report/${encodeURIComponent(processId)}`;

/** What the shop's plan still allows; null means unlimited. */
export type PlanAllowance = AllowanceView;
/** The file's figures, and how many valid rows the plan lets in. */
export type Statistics = StatisticsView;
/** A processed row as the preview shows it. */
export type PreviewProduct = ItemView;

/** The analysis as the wizard uses it: warnings as lines, the mapping cleaned. */
export interface Analysis {
  headers: string[];
  sampleData: Array<Record<string, string>>;
  mapping: Mapping;
  /** The workbook's sheets (none for a CSV) and the one read, with the server's reasons. */
  sheets: string[];
  sheet: string | null;
  sheetNote: string | null;
  /** The trade format recognised (a METEL list) and how it is read. */
  formatNote: string | null;
  priceNote: string | null;
  /** The mapping is the one confirmed last time for a file with these headers. */
  savedMapping: boolean;
  extras: MappingExtras;
  totalRows: number;
  warnings: string[];
  limits: PlanAllowance;
}

export interface Processed {
  processId: string;
  products: PreviewProduct[];
  errors: RowError[];
  warnings: string[];
  statistics: Statistics;
  limits: PlanAllowance;
  /** Products the AI will complete in the background once imported. */
  aiFollowUps: number;
  /** Which column the published prices come from and whether VAT was added. */
  priceSentence: string | null;
}

export interface ProcessOptions {
  regenerateName: boolean;
  regeneratePresentProducts: boolean;
}

/** Multipart POST with the browser's own boundary; `{success: false, error}` becomes an ApiError.
 * The reply's shape is the server's own (generated from its Rust types). */
async function postForm<T>(path: string, form: FormData, signal?: AbortSignal): Promise<T> {
  const res = await fetch(`/api${path}`, { method: "POST", body: form, credentials: "include", signal });
  const body = (await res.json().catch(() => null)) as (T & { success?: boolean }) | null;
  if (!res.ok || !body || body.success === false) throw failure(res.status, body);
  return body;
}


/** `sheet`: another sheet of the workbook than the one the server chose. */
export async function analyzeFile(file: File, signal?: AbortSignal, sheet?: string): Promise<Analysis> {
  const form = new FormData();
  form.append("file", file);
  if (sheet) form.append("sheet", sheet);
  const body = await postForm<AnalysisReply>("/file/analyze", form, signal);
  return {
    headers: body.headers,
    sampleData: body.sampleData,
    mapping: cleanMapping(body.mapping, body.headers),
    sheets: body.sheets,
    sheet: body.mapping.sheet ?? null,
    sheetNote: body.sheetNote,
    formatNote: body.formatNote ?? null,
    priceNote: body.priceNote,
    savedMapping: body.savedMapping,
    extras: extrasOf(body.mapping, body.headers),
    totalRows: body.totalRows,
    warnings: warningLines(body.warnings),
    limits: body.limits,
  };
}

export type { SyncView, PhotoBatchView };

/** A ZIP of product pictures named by the products' codes, and how far its pictures are. */
export const fetchPhotoBatch = () => api.get<PhotoBatchView | null>("/stores/me/photo-batches/latest");
export function uploadPhotoZip(file: File): Promise<PhotoBatchView> {
  const form = new FormData();
  form.append("file", file);
  return postForm<PhotoBatchView>("/stores/me/photo-batches", form);
}

/** The daily sync of the shop's price list from an address. */
export const fetchSync = () => api.get<SyncView>("/stores/me/sync");
export const saveSyncUrl = (url: string | null) => api.put<SyncView>("/stores/me/sync", { url });
export const runSyncNow = () => api.post<unknown>("/stores/me/sync/run");

export async function processFile(file: File, mapping: Mapping, extras: MappingExtras, options: ProcessOptions, signal?: AbortSignal): Promise<Processed> {
  const form = new FormData();
  form.append("file", file);
  form.append("mapping", JSON.stringify(mappingPayload(mapping, extras)));
  form.append("regenerateName", String(options.regenerateName));
  form.append("regeneratePresentProducts", String(options.regeneratePresentProducts));
  const body = await postForm<ProcessReply>("/file/process", form, signal);
  return {
    processId: body.processId,
    products: body.products,
    errors: body.errors.map((e) => ({ rowIndex: e.rowIndex, product: e.product || undefined, errors: e.errors })),
    warnings: warningLines(body.warnings),
    statistics: body.statistics,
    limits: body.limits,
    aiFollowUps: body.aiFollowUps ?? 0,
    priceSentence: body.priceSentence ?? null,
  };
}

/** Stops the shop's running process; a failure is only logged (docs/product/routes.md). */
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
