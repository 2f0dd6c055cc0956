import { createContext, useContext } from "react";
import type { OwnStore } from "../types";

/** Where the session stands: still asking the server, nobody logged in, logged in without a
 * shop, logged in with a shop, lost while working (a call answered 401), or ended by the
 * owner's own logout (which must not read as an expired session). */
export type SessionStatus = "loading" | "anonymous" | "noStore" | "owner" | "expired" | "loggedOut";

export interface Session {
  /** The logged-in owner's shop, or null for an anonymous visitor. */
  store: OwnStore | null;
  /** Absent while the server renders (always anonymous there). */
  status?: SessionStatus;
  /** Replaces the shop after login or a change (browser only). */
  setStore?: (store: OwnStore | null) => void;
  /** Opens the logout confirmation (browser only). */
  requestLogout?: () => void;
  /** The logout confirmation's state, for components/layout/LogoutDialog (browser only). */
  logout?: { open: boolean; busy: boolean; confirm: () => void; cancel: () => void };
}

/**
 * Pages render as anonymous on the server and on the first client render (so hydration
 * matches and public pages stay cacheable); in the browser features/accounts then provides
 * the real session (GET /api/stores/me).
 */
export const SessionContext = createContext<Session>({ store: null });
export const useSession = () => useContext(SessionContext);

/** The cookie the server sets beside the HttpOnly session cookie: readable by scripts, no
 * secret. Without it there is no session to ask about. */
const OWNER_HINT = "vetrina_owner";

export function hasOwnerHint(): boolean {
  return document.cookie.split(";").some((c) => c.trim().startsWith(`${OWNER_HINT}=`));
}

export function clearOwnerHint() {
  document.cookie = `${OWNER_HINT}=; Path=/; Max-Age=0; SameSite=Lax`;
}
