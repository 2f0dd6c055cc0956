import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/Button";
import { Modal } from "../../../components/ui/Modal";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { isSessionLost } from "../../../lib/api";
import { telHref } from "../../../lib/paths";
import type { InboxView, InquiryView } from "../../../types";
import { deleteInquiry, fetchInquiries, markInquiry, messageOf } from "../api";
import { PanelLoad } from "./PanelLoad";

const t = it.dashboard.inquiries;

type Load = { kind: "loading" } | { kind: "error" } | { kind: "ready"; view: InboxView };

/** The shop's "Chiedi disponibilità" requests, newest first, 20 a page: each with a reply
 * link (mail or call), "letta"/"da leggere" and deletion. Read when opened; `onChanged`
 * tells the dashboard the unread count may have moved. */
export function InquiriesPanel({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged: () => void }) {
  const toast = useToast();
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [page, setPage] = useState(1);
  const [reads, setReads] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  const [openedWith, setOpenedWith] = useState(false);
  if (open !== openedWith) {
    setOpenedWith(open);
    if (open) {
      setLoad({ kind: "loading" });
      setPage(1);
    }
  }
  useEffect(() => {
    if (!open) return;
    let current = true;
    fetchInquiries(page).then(
      (view) => current && setLoad({ kind: "ready", view }),
      (err) => current && !isSessionLost(err) && setLoad({ kind: "error" }),
    );
    return () => {
      current = false;
    };
  }, [open, page, reads]);

  const act = async (item: InquiryView, action: () => Promise<unknown>, failed: string) => {
    setBusy(item.id);
    try {
      await action();
      onChanged();
      setReads((n) => n + 1);
    } catch (err) {
      if (!isSessionLost(err)) toast({ title: failed, description: messageOf(err, failed), destructive: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={t.title} className="sm:max-w-2xl">
      <p className="text-sm text-stone-600">{t.intro}</p>
      <PanelLoad kind={load.kind} loading={t.loading} error={t.loadError} retry={t.retry} onRetry={() => setReads((n) => n + 1)} />
      {load.kind === "ready" && load.view.total === 0 && (
        <p role="status" className="mt-6 rounded-xl bg-stone-50 p-4 text-sm text-stone-700">
          {t.empty}
        </p>
      )}
      {load.kind === "ready" && load.view.total > 0 && (
        <>
          <p className="mt-3 text-sm font-medium text-stone-800">{t.counts(load.view.total, load.view.unread)}</p>
          <ul className="mt-3 space-y-3">
            {load.view.items.map((item) => (
              <li key={item.id} className={`rounded-xl border p-4 ${item.read ? "border-stone-200" : "border-brand-300 bg-brand-50/40"}`} data-inquiry={item.read ? "read" : "unread"}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold text-stone-900">
                    {!item.read && <span className="mr-2 inline-block h-2 w-2 rounded-full bg-brand-600" aria-hidden="true" />}
                    {item.name}
                    {!item.read && <span className="sr-only"> ({t.unread})</span>}
                  </p>
                  <time dateTime={item.created} className="text-xs text-stone-500">
                    {when(item.created)}
                  </time>
                </div>
                <p className="mt-1 text-xs text-stone-600">{item.product_name ? t.about(item.product_name) : item.product_id === null ? t.aboutShop : null}</p>
                <p className="mt-2 whitespace-pre-line break-words text-sm text-stone-800">{item.message}</p>
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  <a
                    href={item.contact_kind === "email" ? `mailto:${item.contact}?subject=${encodeURIComponent(t.replySubject(item.product_name))}` : telHref(item.contact)}
                    className="inline-flex items-center rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
                  >
                    {item.contact_kind === "email" ? t.replyMail(item.contact) : t.replyCall(item.contact)}
                  </a>
                  <Button variant="secondary" size="sm" disabled={busy === item.id} onClick={() => void act(item, () => markInquiry(item.id, !item.read), t.failed)}>
                    {item.read ? t.markUnread : t.markRead}
                  </Button>
                  <Button variant="ghost" size="sm" disabled={busy === item.id} onClick={() => void act(item, () => deleteInquiry(item.id), t.failed)}>
                    {t.remove}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {load.view.pages > 1 && (
            <nav aria-label={t.pages} className="mt-4 flex items-center justify-between gap-2">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t.newer}
              </Button>
              <span className="text-sm text-stone-600">{t.pageOf(load.view.page, load.view.pages)}</span>
              <Button variant="secondary" size="sm" disabled={page >= load.view.pages} onClick={() => setPage(page + 1)}>
                {t.older}
              </Button>
            </nav>
          )}
        </>
      )}
    </Modal>
  );
}

function when(rfc3339: string): string {
  const at = new Date(rfc3339);
  if (Number.isNaN(at.getTime())) return "";
  return at.toLocaleString("it-IT", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "Europe/Rome" });
}
