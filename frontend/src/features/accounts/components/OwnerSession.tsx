import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { onSessionLost } from "../../../lib/api";
import { usePageData } from "../../../lib/page-data";
import { clearOwnerHint, hasOwnerHint, SessionContext, type Session, type SessionStatus } from "../../../lib/session";
import type { OwnStore } from "../../../types";
import { errorCode, fetchMe, logout } from "../api";
import { useLoginRequired } from "../hooks/useLoginRequired";

/** In the browser, on every page: fetches the current shop at start (docs/product/states.md,
 * "Session"), follows a session lost while working, and runs the logout confirmation.
 * The first render is anonymous, as the server rendered it, so hydration matches. */
export function OwnerSession({ children }: { children: ReactNode }) {
  // Owner pages know from the server whether the request carried a session cookie; public
  // pages, rendered once for everybody, look for the owner hint. Without either there is no
  // shop to fetch: asking would only earn a 401. (Nothing on a public page renders the status,
  // so reading the cookie here does not change the hydrated markup.)
  const { clientOnly, hasSession } = usePageData();
  const [mayHaveSession] = useState(() => (clientOnly ? hasSession !== false : hasOwnerHint()));
  const [store, setStoreState] = useState<OwnStore | null>(null);
  const [status, setStatus] = useState<SessionStatus>(mayHaveSession ? "loading" : "anonymous");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const loggingOut = useRef(false);

  useEffect(() => {
    if (!mayHaveSession) return;
    let live = true;
    fetchMe()
      .then((s) => {
        if (!live) return;
        setStoreState(s);
        setStatus("owner");
      })
      .catch((err: unknown) => {
        if (!live) return;
        setStoreState(null);
        // not_found: logged in, but the account has no shop yet; unauthorized (or no answer): logged out.
        setStatus(errorCode(err) === "not_found" ? "noStore" : "anonymous");
      });
    return () => {
      live = false;
    };
  }, [mayHaveSession]);

  // Any call answering 401: the hint is stale, and an owner who was working has lost the session.
  useEffect(
    () =>
      onSessionLost(() => {
        clearOwnerHint();
        if (loggingOut.current) return;
        setStatus((current) => (current === "owner" ? "expired" : current));
        setStoreState(null);
      }),
    [],
  );

  useLoginRequired(status === "expired");

  // Clearing the shop is always deliberate (logout, account deleted): "loggedOut", which no
  // page reads as an expired session.
  const setStore = useCallback((s: OwnStore | null) => {
    setStoreState(s);
    setStatus(s ? "owner" : "loggedOut");
  }, []);

  const confirmLogout = useCallback(async () => {
    setBusy(true);
    loggingOut.current = true;
    try {
      await logout();
    } catch {
      // The shop is cleared whatever the server answers.
    }
    clearOwnerHint();
    loggingOut.current = false;
    setBusy(false);
    setConfirming(false);
    setStore(null);
    toast({ title: it.accounts.logout.done });
    navigate("/");
  }, [navigate, toast, setStore]);

  const value = useMemo(
    (): Session => ({
      store,
      status,
      setStore,
      requestLogout: () => setConfirming(true),
      logout: { open: confirming, busy, confirm: confirmLogout, cancel: () => setConfirming(false) },
    }),
    [store, status, setStore, confirming, busy, confirmLogout],
  );
  // One child, as on the server: a sibling here would shift React's ids and break hydration.
  // The confirmation itself is drawn by the layout (LogoutDialog).
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
