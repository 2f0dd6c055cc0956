import { Button, ButtonLink } from "../../../components/ui/Button";
import { it } from "../../../i18n/it";
import type { ImportWizard } from "../useImportWizard";

/** State "error": the server's message (or the fallback of docs/product/texts.md) and "Riprova"; a refusal by
 * the plan also offers a better plan (upgrades go through /contacts). */
export function ErrorStep({ message, upgrade, wizard }: { message: string; upgrade: boolean; wizard: ImportWizard }) {
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800" data-import-error>
        {message}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={wizard.reset}>{it.upload.error.retry}</Button>
        {upgrade && (
          <ButtonLink href="/contacts" variant="secondary">
            {it.upload.error.upgrade}
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
