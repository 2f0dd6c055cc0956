/** A thin bar for background work counted in items (`done` of `total`), named by `label`. */
export function CountBar({ label, done, total }: { label: string; done: number; total: number }) {
  const width = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="mt-3 h-2 overflow-hidden rounded-full bg-white" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}>
      <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${width}%` }} />
    </div>
  );
}
