// Typed calls to the JSON API (browser only: never called during server rendering).
import type { Store } from "../types";

export class ApiError extends Error {
  constructor(
    message: string,
    public status: number,
    public body: unknown,
  ) {
    super(message);
  }
}

/** Error text from a reply body `{ "error": "..." }`, if any. */
export function errorText(body: unknown): string | null {
  if (body && typeof body === "object" && "error" in body) {
    const e = (body as { error: unknown }).error;
    if (typeof e === "string" && e.trim()) return e;
  }
  return null;
}

const sessionLostListeners = new Set<() => void>();

/** Called whenever a call answers 401 (the session ended or was never there); returns the
 * unsubscribe function. */
export function onSessionLost(listener: () => void): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

/** True for the 401 of a session that ended: the session, not the caller, tells the owner. */
export function isSessionLost(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Every call's status passes here: a 401 is logged (spec section 7) and tells the session.
 * A refused login is wrong credentials, not a session that ended. */
export function noteUnauthorized(status: number, path: string) {
  if (status !== 401 || path === "/auth/login") return;
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
  noteUnauthorized(res.status, path);
  if (!res.ok) throw new ApiError(errorText(data) ?? `HTTP ${res.status}`, res.status, data);
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>("GET", path),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, body),
  del: <T>(path: string, body?: unknown) => request<T>("DELETE", path, body),
};

export const fetchStores = () => api.get<Store[]>("/stores");

export type CapLookup = { kind: "found"; comuni: string[] } | { kind: "notFound" };

/** GET /api/geo/city-by-cap?cap=NNNNN: {"comuni": [...]} or 404. Throws on other failures. */
export async function lookupCap(cap: string, signal?: AbortSignal): Promise<CapLookup> {
  const res = await fetch(`/api/geo/city-by-cap?cap=${encodeURIComponent(cap)}`, {
    headers: { Accept: "application/json" },
    credentials: "include",
    signal,
  });
  if (res.status === 404) return { kind: "notFound" };
  if (!res.ok) throw new ApiError(`HTTP ${res.status}`, res.status, null);
  const body = (await res.json()) as unknown;
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
