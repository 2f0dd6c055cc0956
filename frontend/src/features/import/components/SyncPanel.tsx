import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { Input, Label } from "../../../components/ui/Field";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { ApiError, messageOf } from "../../../lib/api";
import { fetchSync, runSyncNow, saveSyncUrl, type SyncView } from "../api";

const t = it.upload.sync;

const when = (iso: string) => new Date(iso).toLocaleString("it-IT", { dateStyle: "medium", timeStyle: "short" });

/** The daily sync of the price list from the shop's own address, and its history. */
export function SyncPanel() {
  const id = useId();
  const toast = useToast();
  const [sync, setSync] = useState<SyncView | null>(null);
  const [url, setUrl] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      fetchSync().then(
        (view) => {
          setSync(view);
          return view;
        },
        (err: unknown) => {
          setProblem(messageOf(err, t.loadError));
          return null;
        },
      ),
    [],
  );

  useEffect(() => {
    let live = true;
    void load().then((view) => {
      if (live) setUrl(view?.url ?? "");
    });
    return () => {
      live = false;
    };
  }, [load]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const view = await saveSyncUrl(url.trim() || null);
      setSync(view);
      toast({ title: view.url ? t.saved : t.stopped, description: view.url ? t.savedText : t.stoppedText });
    } catch (err) {
      setProblem((err instanceof ApiError && err.fields?.url) || messageOf(err, t.saveError));
    } finally {
      setBusy(false);
    }
  };

  const now = async () => {
    setBusy(true);
    try {
      await runSyncNow();
      toast({ title: t.queued, description: t.queuedText });
    } catch (err) {
      setProblem(messageOf(err, t.saveError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id="sync" aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6" data-sync-panel>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t.intro}</p>
      <form onSubmit={save} noValidate className="mt-4 space-y-3">
        <div>
          <Label htmlFor={`${id}-url`}>{t.url}</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            maxLength={1000}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : `${id}-help`}
          />
          <p id={`${id}-help`} className="mt-1 text-xs text-stone-500">
            {t.help}
          </p>
          {problem && (
            <p id={`${id}-problem`} role="alert" className="mt-1.5 text-sm text-red-700">
              {problem}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy || (!url.trim() && !sync?.url)}>
            {url.trim() || !sync?.url ? t.save : t.stop}
          </Button>
          {sync?.url && (
            <Button variant="secondary" onClick={() => void now().then(() => setTimeout(() => void load(), 35_000))} disabled={busy}>
              {t.now}
            </Button>
          )}
        </div>
      </form>
      {sync && sync.runs.length > 0 && (
        <div className="mt-5">
          <h3 className="text-sm font-semibold text-stone-900">{t.history}</h3>
          <ul className="mt-2 divide-y divide-stone-100 text-sm" data-sync-runs>
            {sync.runs.map((run, i) => (
              <li key={i} className="py-2">
                <span className="font-medium text-stone-900">{when(run.startedAt)}</span>{" "}
                {run.succeeded ? (
                  <span className="text-stone-700">{t.counts(run.created, run.updated, run.unavailable)}</span>
                ) : (
                  <span className="text-red-800">
                    {t.failed}: {run.message}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
