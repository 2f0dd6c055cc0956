import { Input, Label } from "../../../components/ui/Field";
import { it } from "../../../i18n/it";
import type { Deletions } from "../useDeletions";
import { ConfirmDialog } from "./ConfirmDialog";

const t = it.dashboard;

/** The question before a deletion (useDeletions); the account's asks for the password too. */
export function DeletionDialog({ deletions }: { deletions: Deletions }) {
  const account = deletions.pending?.kind === "account";
  return (
    <ConfirmDialog
      open={deletions.pending !== null}
      title={account ? t.account.deleteTitle : t.confirm.title}
      text={deletions.text}
      confirmLabel={account ? t.account.deleteConfirm : t.confirm.confirm}
      busyLabel={t.confirm.deleting}
      cancelLabel={t.confirm.cancel}
      busy={deletions.busy}
      onCancel={deletions.cancel}
      onConfirm={deletions.confirm}
    >
      {account && (
        <div className="mt-4">
          <Label htmlFor="delete-account-password">{t.account.password}</Label>
          <Input
            id="delete-account-password"
            type="password"
            autoComplete="current-password"
            value={deletions.password}
            onChange={(e) => deletions.typePassword(e.target.value)}
            aria-invalid={deletions.passwordError ? true : undefined}
            aria-describedby={deletions.passwordError ? "delete-account-password-error" : undefined}
          />
          {deletions.passwordError && (
            <p id="delete-account-password-error" role="alert" className="mt-1.5 text-sm text-red-700">
              {deletions.passwordError}
            </p>
          )}
        </div>
      )}
    </ConfirmDialog>
  );
}
