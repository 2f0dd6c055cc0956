// The import wizard's pure rules (docs/product/entities.md, states.md and validation.md): no React, no browser APIs, so
// they can be unit-tested directly.
import { it } from "../../i18n/it";
import type { PlanAllowance, Statistics } from "./api";

const t = it.upload;

/** Column-mapping keys: the seven of docs/product/entities.md (only `name` required), then the keys the server
 * uses to recognise products already in the shop, then its two fallbacks. */
export const MAPPING_KEYS = ["name", "price", "brand", "description", "image_url", "image_name", "category", "subcategory", "available", "sku", "ean", "vat"] as const;
export const FALLBACK_KEYS = ["price_fallback", "description_fallback"] as const;
export type MappingKey = (typeof MAPPING_KEYS)[number] | (typeof FALLBACK_KEYS)[number];
/** Field key → header name of the uploaded file (absent: not imported). */
export type Mapping = Partial<Record<MappingKey, string>>;

export interface MappingField {
  key: MappingKey;
  /** "name / nome": the English key and the Italian column name (docs/product/routes.md). */
  label: string;
  italian: string;
  help: string;
  required: boolean;
}

export function mappingField(key: MappingKey): MappingField {
  const f = t.fields[key];
  return { key, label: `${key} / ${f.it}`, italian: f.it, help: f.help, required: key === "name" };
}

/** The selects of the mapping step; the fallbacks only when the server proposed them. */
export function mappingFields(proposed: Mapping = {}): MappingField[] {
  return [...MAPPING_KEYS, ...FALLBACK_KEYS.filter((k) => proposed[k])].map(mappingField);
}

/** What the owner sets beside the columns: the sheet, columns joined to the name, values
 * for every row, and whether the file's prices include VAT. */
export interface MappingExtras {
  sheet?: string;
  nameParts: string[];
  fixed: { brand?: string; category?: string };
  pricesIncludeVat: boolean;
  vatRate: number;
  /** Names in capitals and supplier symbols tidied (the server proposes it). */
  tidyNames: boolean;
}

export const DEFAULT_VAT_RATE = 22;
export const MAX_NAME_PARTS = 3;

/** The extras of the server's mapping (a saved one carries the owner's choices of last
 * time), with the defaults for what it leaves out. Columns that are not in the file are dropped. */
export function extrasOf(raw: unknown, headers: string[]): MappingExtras {
  const m = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : undefined);
  const fixed = m.fixed && typeof m.fixed === "object" ? (m.fixed as Record<string, unknown>) : {};
  return {
    sheet: text(m.sheet),
    nameParts: Array.isArray(m.nameParts) ? m.nameParts.filter((h): h is string => typeof h === "string" && headers.includes(h)).slice(0, MAX_NAME_PARTS) : [],
    fixed: { brand: text(fixed.brand), category: text(fixed.category) },
    pricesIncludeVat: m.pricesIncludeVat !== false,
    vatRate: typeof m.vatRate === "number" ? m.vatRate : DEFAULT_VAT_RATE,
    tidyNames: m.tidyNames === true,
  };
}

/** The mapping as the server reads it: columns and extras in one JSON object; empty
 * values are left out. */
export function mappingPayload(mapping: Mapping, extras: MappingExtras): Record<string, unknown> {
  const fixed = Object.fromEntries(Object.entries(extras.fixed).filter(([, v]) => v && v.trim()).map(([k, v]) => [k, v!.trim()]));
  return {
    ...mapping,
    ...(extras.sheet ? { sheet: extras.sheet } : {}),
    ...(extras.nameParts.length ? { nameParts: extras.nameParts.filter(Boolean) } : {}),
    ...(Object.keys(fixed).length ? { fixed } : {}),
    ...(extras.pricesIncludeVat ? {} : { pricesIncludeVat: false, vatRate: extras.vatRate }),
    ...(extras.tidyNames ? { tidyNames: true } : {}),
  };
}

/** The server's proposal, keeping only known keys that name a real header. */
export function cleanMapping(raw: unknown, headers: string[]): Mapping {
  const out: Mapping = {};
  if (!raw || typeof raw !== "object") return out;
  for (const key of [...MAPPING_KEYS, ...FALLBACK_KEYS]) {
    const v = (raw as Record<string, unknown>)[key];
    if (typeof v === "string" && headers.includes(v)) out[key] = v;
  }
  return out;
}

/** The mapping needs `name` (docs/product/entities.md, "The import's JSON"). The message, or null when it can be sent. */
export function mappingProblem(mapping: Mapping): string | null {
  return mapping.name ? null : t.mapping.nameRequired;
}

/** `.txt` and `.zip`: a METEL list, alone or with its barcode file. */
const EXTENSIONS = [".csv", ".xlsx", ".xls", ".txt", ".zip"];
const TYPES = [
  "text/csv",
  "application/csv",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/zip",
  "application/x-zip-compressed",
];
export const ACCEPT = EXTENSIONS.join(",");

/** CSV, XLSX or XLS (docs/product/routes.md, `POST /api/file/analyze`), recognised by type or by extension. */
export function isSupportedFile(name: string, type = ""): boolean {
  const lower = name.toLowerCase();
  return EXTENSIONS.some((ext) => lower.endsWith(ext)) || TYPES.includes(type.toLowerCase().split(";")[0].trim());
}

/** The progress bar's step (docs/product/limits.md) is ceil(100 / totalRows), 1 when there are no rows. */
export function progressStep(totalRows: number): number {
  return totalRows > 0 ? Math.ceil(100 / totalRows) : 1;
}

export const PROGRESS_TICK_MS = 10_000;
export const PROGRESS_CAP = 99;
export const PREVIEW_DELAY_MS = 1_000;

/** One tick: adds the step, never beyond 99 (100 only when the server has answered). */
export function nextProgress(current: number, totalRows: number): number {
  return Math.min(PROGRESS_CAP, current + progressStep(totalRows));
}

export const PREVIEW_PRODUCTS = 6;
/** Warnings listed in the preview; the rest are counted. */
export const PREVIEW_WARNINGS = 5;
/** Rows named in the line of a warning that many rows share; the others are counted. */
export const WARNING_ROWS_NAMED = 3;

/** A remark about the file (`rowIndex` 0) or one of its rows, as the server sends it. */
export interface RowWarning {
  rowIndex: number;
  message: string;
}

/**
 * One line per message, in the order first met: the file's remarks as they are, a row's as
 * "Riga N: …", and one that many rows share as "Righe 4, 9, 12 e altre 607: …" (a list
 * with one unknown VAT code says so on hundreds of rows).
 */
export function warningLines(warnings: RowWarning[]): string[] {
  const rowsOf = new Map<string, number[]>();
  const lines: Array<{ message: string } | { text: string }> = [];
  for (const w of warnings) {
    if (w.rowIndex <= 0) {
      lines.push({ text: w.message });
      continue;
    }
    const rows = rowsOf.get(w.message);
    if (rows) rows.push(w.rowIndex);
    else {
      rowsOf.set(w.message, [w.rowIndex]);
      lines.push({ message: w.message });
    }
  }
  const t = it.upload.preview;
  return lines.map((line) => {
    if ("text" in line) return line.text;
    const rows = rowsOf.get(line.message) ?? [];
    const named = rows.slice(0, WARNING_ROWS_NAMED);
    const head = rows.length === 1 ? t.row(rows[0]) : t.rows(named, rows.length - named.length);
    return `${head}: ${line.message}`;
  });
}
export const PREVIEW_ERRORS = 5;

export interface RowError {
  rowIndex?: number;
  product?: string;
  errors: string[];
}

/** The first five errors and the "+ altri N" line for the rest (null when nothing is left). */
export function errorSummary(errors: RowError[], totalErrors: number): { shown: RowError[]; more: string | null } {
  const shown = errors.slice(0, PREVIEW_ERRORS);
  const rest = Math.max(totalErrors, errors.length) - shown.length;
  return { shown, more: rest > 0 ? t.preview.more(rest) : null };
}

/** "Riga 12 · Cemento 25 kg: Prezzo non valido; ..." as one line (screen readers, copies). */
export function describeRowError(e: RowError): string {
  const head = [e.rowIndex !== undefined ? t.preview.row(e.rowIndex) : null, e.product].filter(Boolean).join(" · ");
  return head ? `${head}: ${e.errors.join("; ")}` : e.errors.join("; ");
}

/** The mapping step's line on what the plan still allows, and a hint when the file has more
 * rows than new products fit (null when nothing to say). */
export function allowanceLines(limits: PlanAllowance | null, totalRows: number): { line: string; hint: string | null } | null {
  if (!limits) return null;
  const line = t.mapping.allowance(limits.planTitle, limits.productsRemaining, limits.importsRemaining);
  const left = limits.productsRemaining;
  const hint = left !== null && left > 0 && totalRows > left ? t.mapping.allowanceFile(totalRows, left) : null;
  return { line, hint };
}

export interface PlanNotice {
  title: string;
  text: string | null;
  updates: string | null;
  /** The button that imports what fits; null when nothing would be written. */
  action: string | null;
}

/** The preview's notice when new products pass the plan's allowance; null when all fit. */
export function planNotice(s: Statistics, limits: PlanAllowance | null): PlanNotice | null {
  if (s.beyondPlan <= 0) return null;
  const creatable = Math.max(0, s.create - s.beyondPlan);
  const p = t.preview;
  const action =
    creatable > 0 ? (s.update > 0 ? p.fitImportAndUpdate(creatable, s.update) : p.fitImport(creatable)) : s.update > 0 ? p.fitUpdateOnly(s.update) : null;
  return {
    title: p.planTitle(creatable),
    text: limits?.productLimit != null ? p.planText(s.create, s.beyondPlan, limits.planTitle, limits.productLimit) : null,
    updates: s.update > 0 ? p.planUpdates(s.update) : null,
    action,
  };
}
