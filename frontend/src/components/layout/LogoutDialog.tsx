import { it } from "../../i18n/it";
import { useSession } from "../../lib/session";
import { Button } from "../ui/Button";
import { Modal } from "../ui/Modal";

/** "Sicuro di voler effettuare il logout?" (docs/product/routes.md). Part of the layout on server and
 * browser alike, so the tree keeps its shape; it draws nothing until the session asks. */
export function LogoutDialog() {
  const { logout } = useSession();
  if (!logout) return null;
  return (
    <Modal open={logout.open} onClose={logout.cancel} title={it.accounts.logout.confirm}>
      <div className="mt-2 flex justify-end gap-3">
        <Button variant="secondary" onClick={logout.cancel}>
          {it.accounts.logout.cancel}
        </Button>
        <Button onClick={logout.confirm} disabled={logout.busy}>
          {it.accounts.logout.submit}
        </Button>
      </div>
    </Modal>
  );
}
