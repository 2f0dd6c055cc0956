import { useEffect, useRef, useState, type ReactNode } from "react";
import { it } from "../i18n/it";
import { cn } from "./ui/cn";
import { IconCheck, IconCopy } from "./ui/Icons";

const COPIED_MS = 2000;

/** A contact (phone or e-mail): the value shows on hover or focus; a click copies it (marker for 2 s). */
export function ContactChip({ icon, label, value, href }: { icon: ReactNode; label: string; value: string; href: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      window.location.href = href;
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <div className="group flex items-center gap-2">
      <button
        type="button"
        onClick={copy}
        title={it.contacts.copyHint}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl border border-stone-200 bg-stone-50 px-4 py-3 text-left transition hover:border-brand-300 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700 shadow-sm">{icon}</span>
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-semibold uppercase tracking-wide text-stone-500">{label}</span>
          <span className="relative block h-6 overflow-hidden">
            <span className="absolute inset-0 truncate font-semibold text-stone-900 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">{value}</span>
            <span aria-hidden="true" className="absolute inset-0 text-sm leading-6 text-stone-400 transition-opacity group-focus-within:opacity-0 group-hover:opacity-0">
              {it.contacts.reveal}
            </span>
          </span>
        </span>
        <span className={cn("flex shrink-0 items-center gap-1 text-xs font-semibold", copied ? "text-emerald-700" : "text-stone-400")} aria-live="polite">
          {copied ? (
            <>
              <IconCheck width={16} height={16} /> {it.common.copied}
            </>
          ) : (
            <>
              <IconCopy width={16} height={16} /> <span className="sr-only">{it.common.copy}</span>
            </>
          )}
        </span>
      </button>
    </div>
  );
}
