import { it } from "../i18n/it";
import { DemoForm } from "./DemoForm";
import { Modal } from "./ui/Modal";

export function DemoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={it.demoForm.title}>
      <p className="mb-5 text-sm text-stone-600">{it.demoForm.intro}</p>
      <DemoForm />
    </Modal>
  );
}
