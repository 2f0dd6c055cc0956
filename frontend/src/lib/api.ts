// Typed calls to the JSON API (browser only: never called during server rendering).
import type { ErrorCode, Store } from "../types";

/** The `code` of an error reply (`ErrorCode` of server/src/error.rs, generated). */
export type { ErrorCode };

/** An error reply `{error, code, fields?, remainingTime?}`, or a failure with no such body
 * (`code` null). Callers branch on `code`, never on the Italian text or the status. */
export class ApiError extends Error {
  constructor(
    message: string,
    public status: number,
    public body: unknown,
  ) {
    super(message);
  }

  /** The reply's machine code; null when the reply had none (a proxy's page, no body). */
  get code(): ErrorCode | null {
    const code = field(this.body, "code");
    return typeof code === "string" && code ? (code as ErrorCode) : null;
  }

  /** The server's Italian text for the user; null when the reply had none. */
  get serverMessage(): string | null {
    return errorText(this.body);
  }

  /** Seconds to wait (`rate_limited`, `resend_cooldown`); null when not said. */
  get remainingTime(): number | null {
    const seconds = field(this.body, "remainingTime");
    return typeof seconds === "number" && seconds > 0 ? Math.ceil(seconds) : null;
  }

  /** Per-field messages of a `validation` error. */
  get fields(): Record<string, string> | null {
    const fields = field(this.body, "fields");
    return fields && typeof fields === "object" ? (fields as Record<string, string>) : null;
  }
}

function field(body: unknown, name: string): unknown {
  return body && typeof body === "object" && name in body ? (body as Record<string, unknown>)[name] : undefined;
}

/** The code of a failed call, or null for anything else (a connection failure, a bug). */
export function errorCode(error: unknown): ErrorCode | null {
  return error instanceof ApiError ? error.code : null;
}

/** The server's text of a failed call, or `fallback` (connection failures, bare statuses,
 * internal errors, whose text says nothing to the user). */
export function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.code === "internal") return fallback;
  return error.serverMessage ?? fallback;
}

/** Error text from a reply body `{ "error": "..." }`, if any. */
export function errorText(body: unknown): string | null {
  if (body && typeof body === "object" && "error" in body) {
    const e = (body as { error: unknown }).error;
    if (typeof e === "string" && e.trim()) return e;
  }
  return null;
}

/** The ApiError of a failed reply, after telling the session when it ended. */
export function failure(status: number, body: unknown): ApiError {
  const error = new ApiError(errorText(body) ?? `HTTP ${status}`, status, body);
  noteUnauthorized(error);
  return error;
}

const sessionLostListeners = new Set<() => void>();

/** Called whenever a call answers 401 (the session ended or was never there); returns the
 * unsubscribe function. */
export function onSessionLost(listener: () => void): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

/** True for a session that ended (`unauthorized`): the session, not the caller, tells the owner. */
export function isSessionLost(error: unknown): boolean {
  return errorCode(error) === "unauthorized";
}

/** Every failed call passes here: a lost session (`unauthorized`, a 401) is logged
 * (docs/product/errors.md) and tells the session. A refused login is `invalid_credentials`, not a session
 * that ended. */
export function noteUnauthorized(error: ApiError) {
  if (error.code !== "unauthorized") return;
  console.error("Sessione scaduta o non valida");
  sessionLostListeners.forEach((listener) => listener());
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api${path}`, {
    method,
    credentials: "include",
    headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data: unknown = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) throw failure(res.status, data);
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>("GET", path),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, body),
  patch: <T>(path: string, body?: unknown) => request<T>("PATCH", path, body),
  del: <T>(path: string, body?: unknown) => request<T>("DELETE", path, body),
};

/** One page of the explore listing (GET /api/stores?q=&sort=&page=&per_page=) and the number of
 * shops matching over all pages (`X-Total-Count`). */
export async function fetchStores(search: string, signal?: AbortSignal): Promise<{ stores: Store[]; total: number }> {
  const res = await fetch(`/api/stores?${search}`, { headers: { Accept: "application/json" }, credentials: "include", signal });
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) throw failure(res.status, body);
  const stores = Array.isArray(body) ? (body as Store[]) : [];
  return { stores, total: Number(res.headers.get("x-total-count") ?? stores.length) };
}

export type CapLookup = { kind: "found"; comuni: string[] } | { kind: "notFound" };

/** GET /api/geo/city-by-cap?cap=NNNNN: {"comuni": [...]} or `not_found`. Throws on other failures. */
export async function lookupCap(cap: string, signal?: AbortSignal): Promise<CapLookup> {
  const res = await fetch(`/api/geo/city-by-cap?cap=${encodeURIComponent(cap)}`, {
    headers: { Accept: "application/json" },
    credentials: "include",
    signal,
  });
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const error = failure(res.status, body);
    if (error.code === "not_found") return { kind: "notFound" };
    throw error;
  }
  const list: unknown[] = Array.isArray(body)
    ? body
    : body && typeof body === "object" && Array.isArray((body as { comuni?: unknown }).comuni)
      ? (body as { comuni: unknown[] }).comuni
      : [];
  const comuni = list
    .map((c) => (typeof c === "string" ? c : c && typeof c === "object" ? (c as { comune?: unknown }).comune : null))
    .filter((c): c is string => typeof c === "string" && c.length > 0);
  return comuni.length ? { kind: "found", comuni } : { kind: "notFound" };
}

export interface LeadInput {
  workEmail: string;
  businessName: string;
  postal_code: string;
  city: string;
}

export type LeadResult = { ok: true } | { ok: false; error: string | null; connection: boolean };

export async function sendLead(lead: LeadInput): Promise<LeadResult> {
  let res: Response;
  try {
    res = await fetch("/api/leads", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(lead),
    });
  } catch {
    return { ok: false, error: null, connection: true };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (res.ok) return { ok: true };
  return { ok: false, error: errorText(body), connection: false };
}
