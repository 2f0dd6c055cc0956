import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { CountBar } from "../../../components/ui/CountBar";
import { Label } from "../../../components/ui/Field";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { ApiError, messageOf } from "../../../lib/api";
import { fetchPhotoBatch, uploadPhotoZip, type PhotoBatchView } from "../api";

const t = it.upload.photoZip;

/** How often the progress is read while the pictures are being stored. */
const POLL_MS = 3000;
/** Names listed of the unmatched pictures and of those not used; the rest are counted. */
const LISTED = 8;

function Names({ names, total }: { names: string[]; total: number }) {
  const shown = names.slice(0, LISTED);
  const rest = total - shown.length;
  return (
    <p className="mt-1 break-words text-stone-700">
      {shown.join(", ")}
      {rest > 0 && ` ${t.more(rest)}`}
    </p>
  );
}

/** Where the shop's last ZIP of pictures stands: a bar while they are stored, then the report. */
function BatchState({ batch }: { batch: PhotoBatchView }) {
  const pending = batch.state === "pending";
  const title = pending ? t.running(batch.file_name) : batch.state === "failed" ? t.failed(batch.file_name) : t.finished(batch.file_name);
  return (
    <div className="mt-5 rounded-xl border border-stone-200 bg-stone-50 p-4 text-sm" data-photo-batch={batch.state}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold text-stone-900">{title}</h3>
        <p role="status" className="tabular-nums text-stone-700">
          {pending ? t.progress(batch.done, batch.total) : t.added(batch.added)}
        </p>
      </div>
      {pending && <CountBar label={t.progressLabel} done={batch.done} total={batch.total} />}
      {batch.problems.length > 0 && (
        <div className="mt-3" data-photo-problems>
          <p className="font-medium text-amber-900">{t.problems(batch.problems.length)}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-stone-700">
            {batch.problems.slice(0, LISTED).map((p, i) => (
              <li key={i} className="break-words">
                {p.name}: {p.reason}
              </li>
            ))}
          </ul>
          {batch.problems.length > LISTED && <p className="mt-1 text-stone-600">{t.more(batch.problems.length - LISTED)}</p>}
        </div>
      )}
      {batch.unmatched_count > 0 && (
        <div className="mt-3" data-photo-unmatched>
          <p className="font-medium text-stone-900">{t.unmatched(batch.unmatched_count)}</p>
          <Names names={batch.unmatched} total={batch.unmatched_count} />
        </div>
      )}
    </div>
  );
}

/** Pictures that come with a list: a ZIP named by the products' codes, and its progress. */
export function PhotoZipPanel() {
  const id = useId();
  const toast = useToast();
  const [batch, setBatch] = useState<PhotoBatchView | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      fetchPhotoBatch().then(
        (view) => setBatch(view),
        (err: unknown) => setProblem(messageOf(err, t.loadError)),
      ),
    [],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const pending = batch?.state === "pending";
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => void load(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [pending, load]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setProblem(t.choose);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const view = await uploadPhotoZip(file);
      setBatch(view);
      toast({ title: t.started, description: t.startedText(view.total) });
    } catch (err) {
      setProblem((err instanceof ApiError && err.fields?.file) || messageOf(err, t.sendError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id="foto-zip" aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6" data-photo-zip-panel>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t.intro}</p>
      <form onSubmit={send} noValidate className="mt-4 space-y-3">
        <div>
          <Label htmlFor={`${id}-file`}>{t.file}</Label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".zip,application/zip"
            aria-describedby={`${id}-help${problem ? ` ${id}-problem` : ""}`}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblem(null);
            }}
            className="mt-1 block w-full text-sm text-stone-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-stone-100 file:px-4 file:font-semibold file:text-stone-900 hover:file:bg-stone-200"
          />
          <p id={`${id}-help`} className="mt-1 text-xs text-stone-600">
            {t.help}
          </p>
          {problem && (
            <p id={`${id}-problem`} role="alert" className="mt-2 text-sm text-red-700">
              {problem}
            </p>
          )}
        </div>
        <Button type="submit" disabled={busy || pending}>
          {busy ? t.sending : t.send}
        </Button>
      </form>
      {batch && <BatchState batch={batch} />}
    </section>
  );
}
