import { useState } from "react";
import { it } from "../i18n/it";
import { messageOf } from "../lib/api";
import { Button } from "./ui/Button";
import { Modal } from "./ui/Modal";

/** The free-trial confirmation (docs/product/states.md, "Trial flow": confirm, activate). The caller
 * activates the trial in `onConfirm`; a failure shows here, with the server's text. */
export function TrialDialog({ planTitle, onConfirm, onClose }: { planTitle: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(messageOf(e, it.trial.error));
      setBusy(false);
    }
  };
  return (
    <Modal open onClose={onClose} title={it.trial.title(planTitle)} dismissible={!busy}>
      <p className="text-sm text-stone-700">{it.trial.text}</p>
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {it.trial.cancel}
        </Button>
        <Button onClick={start} disabled={busy}>
          {busy ? it.trial.activating : it.trial.confirm}
        </Button>
      </div>
    </Modal>
  );
}
