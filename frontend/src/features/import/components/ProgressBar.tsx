import { it } from "../../../i18n/it";

const t = it.upload.processing;

/** The processing bar: a progressbar for assistive technology plus a polite live text. */
export function ProgressBar({ value }: { value: number }) {
  return (
    <div>
      <div className="flex items-center justify-between text-sm">
        <span id="import-progress-label" className="font-medium text-stone-800">
          {t.progressLabel}
        </span>
        <span className="font-semibold tabular-nums text-stone-900" aria-hidden="true">
          {value}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="import-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={t.progress(value)}
        className="mt-2 h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-700 ease-out" style={{ width: `${value}%` }} />
      </div>
      <p className="sr-only" aria-live="polite" data-progress-text>
        {t.progress(value)}
      </p>
    </div>
  );
}
