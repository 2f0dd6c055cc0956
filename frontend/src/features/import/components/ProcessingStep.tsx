import { useState } from "react";
import { Button } from "../../../components/ui/Button";
import { Modal } from "../../../components/ui/Modal";
import { it } from "../../../i18n/it";
import type { ImportWizard } from "../useImportWizard";
import { ProgressBar } from "./ProgressBar";

const t = it.upload.processing;

/** State "processing": the bar and a cancel button that asks first. */
export function ProcessingStep({ progress, wizard }: { progress: number; wizard: ImportWizard }) {
  const [confirming, setConfirming] = useState(false);
  const done = progress >= 100;
  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-600">{t.text}</p>
      <ProgressBar value={progress} />
      <div className="flex justify-end">
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={done}>
          {t.cancel}
        </Button>
      </div>
      <Modal open={confirming && !done} onClose={() => setConfirming(false)} title={t.confirmTitle}>
        <p className="text-sm text-stone-600">{t.confirmText}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t.confirmKeep}
          </Button>
          <Button
            className="bg-red-700 hover:bg-red-800"
            onClick={() => {
              setConfirming(false);
              wizard.cancel();
            }}
          >
            {t.confirmStop}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
