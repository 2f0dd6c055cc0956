import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/Button";
import { Modal } from "../../../components/ui/Modal";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { usePageData } from "../../../lib/page-data";
import { SessionContext, type Session, type SessionStatus } from "../../../lib/session";
import type { Store } from "../../../types";
import { ApiError, fetchMe, logout } from "../api";

/** On owner pages: fetches the current shop at start (spec section 4, "Session") and owns
 * the logout confirmation. Public pages are anonymous and do without it (App.tsx). */
export function OwnerSession({ children }: { children: ReactNode }) {
  const [store, setStoreState] = useState<Store | null>(null);
  const [checked, setChecked] = useState(false);
  const [missingStore, setMissingStore] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();

  // Without a session cookie there is no shop to fetch: asking would only earn a 401.
  const { hasSession } = usePageData();
  const mayHaveSession = hasSession !== false;

  useEffect(() => {
    if (!mayHaveSession) {
      // No cookie: anonymous, known without asking.
      setChecked(true);
      return;
    }
    let live = true;
    fetchMe()
      .then((s) => {
        if (!live) return;
        setStoreState(s);
        setChecked(true);
      })
      .catch((err: unknown) => {
        if (!live) return;
        setStoreState(null);
        // 404: logged in, but the account has no shop yet; 401 (or no answer): logged out.
        setMissingStore(err instanceof ApiError && err.status === 404);
        setChecked(true);
      });
    return () => {
      live = false;
    };
  }, [mayHaveSession]);

  const setStore = useCallback((s: Store | null) => {
    setStoreState(s);
    setMissingStore(false);
    setChecked(true);
  }, []);

  const confirmLogout = useCallback(async () => {
    setBusy(true);
    try {
      await logout();
    } catch {
      // The shop is cleared whatever the server answers.
    }
    setBusy(false);
    setConfirming(false);
    setStore(null);
    toast({ title: it.accounts.logout.done });
    navigate("/");
  }, [navigate, toast]);

  const value = useMemo((): Session => {
    const status: SessionStatus = !checked ? "loading" : store ? "owner" : missingStore ? "noStore" : "anonymous";
    return { store, status, setStore, requestLogout: () => setConfirming(true) };
  }, [store, checked, missingStore, setStore]);
  return (
    <SessionContext.Provider value={value}>
      {children}
      <Modal open={confirming} onClose={() => setConfirming(false)} title={it.accounts.logout.confirm}>
        <div className="mt-2 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {it.accounts.logout.cancel}
          </Button>
          <Button onClick={confirmLogout} disabled={busy}>
            {it.accounts.logout.submit}
          </Button>
        </div>
      </Modal>
    </SessionContext.Provider>
  );
}
