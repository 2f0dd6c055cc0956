// What /dashboard does (docs/product/routes.md, "Dashboard"; docs/product/states.md, "Session"): the shop, the
// list, the dialogs and panels, the deletions and the export; the page only renders them.
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useToast } from "../../components/ui/Toast";
import { it } from "../../i18n/it";
import { isSessionLost } from "../../lib/api";
import { useSession } from "../../lib/session";
import { exportCatalogue, messageOf } from "./api";
import { saveFile } from "./download";
import { useDashboard } from "./useDashboard";
import { useDashboardList } from "./useDashboardList";
import { useDeletions } from "./useDeletions";
import type { ProductDialogState } from "./useProductDialog";

const t = it.dashboard;

/** A panel or dialog that opens and closes. The handlers are new at every render, as the
 * inline ones they stand for (AccountPanel's focus effect follows its `onClose`). */
function usePanel(initial: boolean | (() => boolean) = false) {
  const [open, setOpen] = useState(initial);
  return { open, show: () => setOpen(true), hide: () => setOpen(false) };
}

export type Panel = ReturnType<typeof usePanel>;

export function useDashboardPage() {
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const data = useDashboard(session.status === "owner");
  const location = useLocation();
  const [dialog, setDialog] = useState<ProductDialogState>(null);
  const panels = {
    share: usePanel(),
    filters: usePanel(),
    account: usePanel(),
    settings: usePanel(),
    review: usePanel(),
    // The owner's e-mail about a request links to /dashboard?richieste=1: the inbox opens.
    inquiries: usePanel(() => new URLSearchParams(location.search).has("richieste")),
  };
  /** Bumped after every write, so the page is read again from the server. */
  const [version, setVersion] = useState(0);
  const refresh = () => setVersion((v) => v + 1);

  // Never logged in here: told as an expired session (docs/product/states.md). A session lost while
  // working ("expired") is told by the session itself; after the owner's own logout
  // ("loggedOut") nothing is said but "Logout effettuato".
  const notAuthenticated = session.status === "anonymous";
  const gone = notAuthenticated || session.status === "expired" || session.status === "loggedOut";
  const noStore = session.status === "noStore" || data.load.kind === "noStore";
  useEffect(() => {
    if (noStore) navigate("/create", { replace: true });
  }, [noStore, navigate]);

  const list = useDashboardList(data.store?.id ?? null, version);
  const counts = list.statusCounts;
  const deletions = useDeletions(
    data,
    data.store && counts ? { all: data.store.product_count, uncertain: counts.uncertain, incorrect: counts.incorrect } : null,
    refresh,
  );

  // The server writes the file as it reads the catalogue (any size); the browser saves it.
  const exportCsv = async () => {
    if (!data.store?.product_count) {
      toast({ title: t.errorTitle, description: t.export.nothing, destructive: true });
      return;
    }
    try {
      const { file, name, count } = await exportCatalogue();
      saveFile(file, name);
      toast({ title: t.export.done, description: t.export.doneText(count) });
    } catch (err) {
      if (isSessionLost(err)) return;
      toast({ title: t.errorTitle, description: messageOf(err, t.export.failed), destructive: true });
    }
  };

  return {
    session,
    navigate,
    data,
    list,
    deletions,
    dialog,
    setDialog,
    panels,
    version,
    refresh,
    exportCsv,
    notAuthenticated,
    /** Nothing to show yet: the session is being read, or is gone and /login or /create follows. */
    waiting: session.status === "loading" || !session.status || gone || noStore || data.load.kind === "unauthorized",
  };
}
