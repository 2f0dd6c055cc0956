import { Button } from "../../../components/ui/Button";
import { it } from "../../../i18n/it";
import type { ImportWizard } from "../useImportWizard";

/** State "error": the server's message (or the spec's fallback) and "Riprova". */
export function ErrorStep({ message, wizard }: { message: string; wizard: ImportWizard }) {
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800" data-import-error>
        {message}
      </p>
      <Button onClick={wizard.reset}>{it.upload.error.retry}</Button>
    </div>
  );
}
