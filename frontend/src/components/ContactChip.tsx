import { useEffect, useRef, useState, type ReactNode } from "react";
import { it } from "../i18n/it";
import { cn } from "./ui/cn";
import { IconCheck, IconCopy, IconMail, IconPhone } from "./ui/Icons";

const COPIED_MS = 2000;

/** Copies `text`: the Clipboard API, else a selected textarea and the copy command. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let done = false;
    try {
      done = document.execCommand("copy");
    } catch {
      done = false;
    }
    area.remove();
    return done;
  }
}

/**
 * On a narrow screen an e-mail address wraps before its "@" (two unbreakable pieces), not at
 * a hyphen of the domain; a piece wider than the chip still wraps anywhere rather than be cut.
 */
function breakable(value: string): ReactNode {
  const at = value.indexOf("@");
  if (at <= 0) return value;
  return (
    <>
      <span className="inline-block max-w-full">{value.slice(0, at)}</span>
      <span className="inline-block max-w-full">{value.slice(at)}</span>
    </>
  );
}

/**
 * A contact (phone or e-mail). The value shows on hover or keyboard focus; a click or a tap
 * shows it for good and copies it ("Copiato!" for 2 s). Beside it, a real tel:/mailto: link
 * calls or writes straight away, which is what a phone is for.
 */
export function ContactChip({ icon, label, value, href }: { icon: ReactNode; label: string; value: string; href: string }) {
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const phone = href.startsWith("tel:");

  const copy = async () => {
    setRevealed(true);
    if (!(await copyText(value))) return;
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  const shown = revealed ? "opacity-100" : "opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100";
  const hidden = revealed ? "opacity-0" : "opacity-100 group-hover:opacity-0 group-focus-visible:opacity-0";
  return (
    <div className="flex items-stretch gap-2" data-contact-chip data-revealed={revealed || undefined}>
      <button
        type="button"
        onClick={copy}
        title={it.contacts.copyHint}
        className="group flex min-w-0 flex-1 items-center gap-3 rounded-xl border border-stone-200 bg-stone-50 px-3 py-3 text-left transition hover:border-brand-300 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600 sm:px-4"
      >
        {/* On a phone the link beside the chip carries the same icon: the value gets the room. */}
        <span className="hidden h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700 shadow-sm sm:flex">{icon}</span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center justify-between gap-2">
            <span className="text-xs font-semibold uppercase tracking-wide text-stone-500">{label}</span>
            <span className={cn("flex shrink-0 items-center gap-1 text-xs font-semibold", copied ? "text-emerald-700" : "text-stone-400")} aria-live="polite" data-copied={copied || undefined}>
              {copied ? (
                <>
                  <IconCheck width={14} height={14} /> {it.common.copied}
                </>
              ) : (
                <>
                  <IconCopy width={14} height={14} /> <span className="sr-only">{it.common.copy}</span>
                </>
              )}
            </span>
          </span>
          <span className="grid">
            <span className={cn("text-[15px] font-semibold leading-6 text-stone-900 transition-opacity sm:text-base [grid-area:1/1] [overflow-wrap:anywhere]", shown)} data-contact-value>
              {breakable(value)}
            </span>
            <span aria-hidden="true" className={cn("text-sm leading-6 text-stone-400 transition-opacity [grid-area:1/1]", hidden)}>
              {it.contacts.reveal}
            </span>
          </span>
        </span>
      </button>
      <a
        href={href}
        aria-label={phone ? it.contacts.callLabel(value) : it.contacts.writeLabel(value)}
        title={phone ? it.contacts.callLabel(value) : it.contacts.writeLabel(value)}
        className="flex w-16 shrink-0 flex-col items-center justify-center gap-1 rounded-xl border border-stone-200 bg-white text-xs font-semibold text-brand-800 transition hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {phone ? <IconPhone width={18} height={18} /> : <IconMail width={18} height={18} />}
        <span aria-hidden="true">{phone ? it.contacts.call : it.contacts.write}</span>
      </a>
    </div>
  );
}
