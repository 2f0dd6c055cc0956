import { createContext, useContext } from "react";
import type { Store } from "../types";

/** Where the owner-page session stands: still asking the server, nobody logged in, logged in
 * without a shop, or logged in with a shop. Public pages are always "anonymous". */
export type SessionStatus = "loading" | "anonymous" | "noStore" | "owner";

export interface Session {
  /** The logged-in owner's shop, or null for an anonymous visitor. */
  store: Store | null;
  /** Absent on public pages (anonymous). */
  status?: SessionStatus;
  /** Replaces the shop after login (owner pages only). */
  setStore?: (store: Store | null) => void;
  /** Opens the logout confirmation (owner pages only). */
  requestLogout?: () => void;
}

/**
 * Public pages render as anonymous on the server and on the first client render (so hydration
 * matches); the owner pages provide the real session (GET /api/stores/me) through
 * features/accounts.
 */
export const SessionContext = createContext<Session>({ store: null });
export const useSession = () => useContext(SessionContext);
