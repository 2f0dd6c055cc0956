import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/Button";
import { CountBar } from "../../../components/ui/CountBar";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { isSessionLost } from "../../../lib/api";
import type { AiEnrichmentView } from "../../../types";
import { closeAiReport, fetchAiProgress, messageOf } from "../api";

const t = it.dashboard.ai;

/** How often the progress is read while products are waiting for the AI. */
const POLL_MS = 4000;

/** Products the AI has finished with, whatever became of them (categories included). */
export function finishedOf(v: AiEnrichmentView): number {
  return v.done + v.kept + v.skipped + v.failed + v.categories_done;
}

/** The embedding classifier reading the categories of an import (server decision 032). */
function CategoriesProgress({ view }: { view: AiEnrichmentView }) {
  const total = view.categories_pending + view.categories_done;
  return (
    <section className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900" aria-labelledby="ai-categories-title" data-ai-categories="running">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="ai-categories-title" className="font-semibold">
          {t.categoriesTitle}
        </h2>
        <p role="status" className="tabular-nums">
          {t.runningText(view.categories_done, total)}
        </p>
      </div>
      <CountBar label={t.categoriesLabel} done={view.categories_done} total={total} />
      <p className="mt-2 text-xs text-brand-800">{t.categoriesNote}</p>
    </section>
  );
}

/**
 * The AI provider completing an import's products in the background (server decision
 * 026): a progress bar while products wait, what became of them when it is over (closed
 * with "Chiudi"), and the month's ceiling when it stops the run. Read when the dashboard
 * opens and after every write (`version`); while products wait, every few seconds, and
 * `onCompleted` is called each time more of them are finished.
 */
export function AiProgress({ version, onCompleted }: { version: number; onCompleted: () => void }) {
  const toast = useToast();
  const [view, setView] = useState<AiEnrichmentView | null>(null);
  const [closing, setClosing] = useState(false);
  /** Bumped by the poll timer to read again. */
  const [tick, setTick] = useState(0);
  const completed = useRef<number | null>(null);
  const onCompletedRef = useRef(onCompleted);
  useEffect(() => {
    onCompletedRef.current = onCompleted;
  });

  useEffect(() => {
    let current = true;
    fetchAiProgress().then(
      (v) => {
        if (!current) return;
        setView(v);
        // More products finished than at the last reading: the list and the month's usage
        // are read again.
        const finished = finishedOf(v);
        if (completed.current !== null && finished > completed.current) onCompletedRef.current();
        completed.current = finished;
      },
      () => {
        // The panel is an aside: a failed reading leaves the last one shown.
      },
    );
    return () => {
      current = false;
    };
  }, [version, tick]);

  const waiting = view !== null && ((view.pending > 0 && view.allowance_left !== 0) || view.categories_pending > 0);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setTick((n) => n + 1), POLL_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, tick]);

  if (!view) return null;
  const categories = view.categories_pending > 0 ? <CategoriesProgress view={view} /> : null;
  if (view.total === 0) return categories;

  const close = async () => {
    setClosing(true);
    try {
      await closeAiReport();
      setView({ ...view, total: view.pending, done: 0, kept: 0, skipped: 0, failed: 0 });
    } catch (err) {
      if (!isSessionLost(err)) toast({ title: it.dashboard.errorTitle, description: messageOf(err, t.closeFailed), destructive: true });
    } finally {
      setClosing(false);
    }
  };

  if (view.pending > 0 && view.allowance_left === 0) {
    return (
      <>
        {categories}
        <section className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" aria-labelledby="ai-progress-title" data-ai-progress="waiting">
          <h2 id="ai-progress-title" className="font-semibold">
            {t.waitingTitle}
          </h2>
          <p className="mt-1">{t.waitingText(view.allowance ?? 0, view.pending)}</p>
        </section>
      </>
    );
  }

  if (view.pending > 0) {
    const finished = view.total - view.pending;
    return (
      <>
        {categories}
        <section className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900" aria-labelledby="ai-progress-title" data-ai-progress="running">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id="ai-progress-title" className="font-semibold">
              {t.runningTitle}
            </h2>
            <p role="status" className="tabular-nums">
              {t.runningText(finished, view.total)}
            </p>
          </div>
          <CountBar label={t.progressLabel} done={finished} total={view.total} />
          <p className="mt-2 text-xs text-brand-800">{t.runningNote}</p>
        </section>
      </>
    );
  }

  const lines = [
    view.done > 0 && t.done(view.done),
    view.kept > 0 && t.kept(view.kept),
    view.skipped > 0 && t.skipped(view.skipped),
    view.failed > 0 && t.failed(view.failed),
  ].filter((l): l is string => Boolean(l));
  return (
    <>
      {categories}
      <section className="mt-4 flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 text-sm text-stone-700 shadow-sm sm:flex-row sm:items-start sm:justify-between" aria-labelledby="ai-progress-title" data-ai-progress="finished">
        <div className="min-w-0">
          <h2 id="ai-progress-title" className="font-semibold text-stone-900">
            {t.doneTitle}
          </h2>
          <ul className="mt-1 space-y-0.5">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <Button variant="secondary" size="sm" className="self-end sm:self-start" onClick={() => void close()} disabled={closing}>
          {t.close}
        </Button>
      </section>
    </>
  );
}
