import { createContext, useContext } from "react";
import type { Store } from "../types";

export interface Session {
  /** The logged-in owner's shop, or null for an anonymous visitor. */
  store: Store | null;
}

/**
 * Public pages render as anonymous on the server and on the first client render (so hydration
 * matches); the owner app can provide the real session here after start-up (GET /api/stores/me).
 */
export const SessionContext = createContext<Session>({ store: null });
export const useSession = () => useContext(SessionContext);
