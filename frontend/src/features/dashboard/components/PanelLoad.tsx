import { Button } from "../../../components/ui/Button";

/** A side panel's reading state: "loading" as a status line, "error" as an alert with
 * "Riprova"; nothing once the panel has what it asked for. */
export function PanelLoad({ kind, loading, error, retry, onRetry }: { kind: string; loading: string; error: string; retry: string; onRetry: () => void }) {
  if (kind === "loading") {
    return (
      <p role="status" className="mt-6 text-sm text-stone-600">
        {loading}
      </p>
    );
  }
  if (kind !== "error") return null;
  return (
    <div role="alert" className="mt-6 flex items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {error}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}
