import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/Button";
import { Modal } from "../../../components/ui/Modal";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { usePageData } from "../../../lib/page-data";
import { SessionContext } from "../../../lib/session";
import type { Store } from "../../../types";
import { fetchMe, logout } from "../api";

/** On owner pages: fetches the current shop at start (spec section 4, "Session") and owns
 * the logout confirmation. Public pages keep the anonymous session they were rendered with. */
export function OwnerSession({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const [store, setStore] = useState<Store | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();

  // Without a session cookie there is no shop to fetch: asking would only earn a 401.
  const { hasSession } = usePageData();
  const mayHaveSession = hasSession !== false;

  useEffect(() => {
    if (!enabled || !mayHaveSession) return;
    let live = true;
    fetchMe()
      .then((s) => live && setStore(s))
      .catch(() => live && setStore(null));
    return () => {
      live = false;
    };
  }, [enabled, mayHaveSession]);

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

  const value = useMemo(
    () => (enabled ? { store, setStore, requestLogout: () => setConfirming(true) } : { store: null }),
    [enabled, store],
  );
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
