import { it } from "../i18n/it";
import { Button } from "./ui/Button";

export function Pagination({ page, pages, onChange, label }: { page: number; pages: number; onChange: (p: number) => void; label: string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-between gap-4">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {it.common.previous}
      </Button>
      <p className="text-sm text-stone-600" aria-live="polite">
        {it.common.page(page, pages)}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {it.common.next}
      </Button>
    </nav>
  );
}
