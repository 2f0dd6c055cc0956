import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { it } from "../../i18n/it";
import { useHydrated } from "../../hooks/useHydrated";
import { cn } from "./cn";
import { IconCheck, IconX } from "./Icons";

export interface ToastInput {
  title: string;
  description?: string;
  /** An error: red, announced as an alert. */
  destructive?: boolean;
  /** A notice that is neither a success nor an error ("Accesso richiesto"). */
  info?: boolean;
  /** Names the toast, so that what it announces can take it away once done (useDismissToast). */
  key?: string;
}
interface ToastItem extends ToastInput {
  id: number;
}

interface Toasts {
  show: (t: ToastInput) => void;
  dismissKey: (key: string) => void;
}
const ToastContext = createContext<Toasts>({ show: () => {}, dismissKey: () => {} });
export const useToast = () => useContext(ToastContext).show;
export const useDismissToast = () => useContext(ToastContext).dismissKey;

const LIFETIME_MS = 6000;
let nextId = 1;
const NEXT_PAGE_KEY = "toastForNextPage";

/** A toast shown by the next page loaded in this tab (for a full-page navigation). */
export function toastOnNextPage(t: ToastInput) {
  try {
    window.sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify(t));
  } catch {
    // No storage: the next page simply shows no toast.
  }
}

function takeNextPageToast(): ToastInput | null {
  try {
    const raw = window.sessionStorage.getItem(NEXT_PAGE_KEY);
    window.sessionStorage.removeItem(NEXT_PAGE_KEY);
    const t = raw ? (JSON.parse(raw) as Partial<ToastInput>) : null;
    return t && typeof t.title === "string" ? { title: t.title, description: t.description, destructive: t.destructive, info: t.info, key: t.key } : null;
  } catch {
    return null;
  }
}

/** The toast the previous page left for this one, taken once when the client bundle starts. */
const fromPreviousPage = typeof window === "undefined" ? null : takeNextPageToast();

/** One toast; it goes by itself after a while, counted from when it is shown. */
function ToastView({ toast: t, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(t.id), LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [t.id, onDismiss]);
  const tone = t.destructive ? "destructive" : t.info ? "info" : "success";
  return (
    <div
      role={t.destructive ? "alert" : "status"}
      data-toast={tone}
      className={cn(
        "pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg",
        tone === "destructive" && "border-red-200 bg-red-50 text-red-900",
        tone === "success" && "border-emerald-200 bg-emerald-50 text-emerald-950",
        tone === "info" && "border-stone-200 bg-white text-stone-900",
      )}
    >
      {tone === "success" && (
        <span className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white" aria-hidden="true">
          <IconCheck width={14} height={14} />
        </span>
      )}
      <div className="flex-1">
        <p className="text-sm font-semibold">{t.title}</p>
        {t.description && <p className="mt-1 text-sm">{t.description}</p>}
      </div>
      <button type="button" onClick={() => onDismiss(t.id)} aria-label={it.common.close} className="-m-1 rounded p-1 opacity-70 hover:opacity-100">
        <IconX />
      </button>
    </div>
  );
}

/** Toasts survive client-side navigation; the region is rendered only after hydration, so the
 * server markup of public pages does not change. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>(() => (fromPreviousPage ? [{ ...fromPreviousPage, id: 0 }] : []));
  const mounted = useHydrated();
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);
  const dismissKey = useCallback((key: string) => setItems((list) => list.filter((t) => t.key !== key)), []);
  const toast = useCallback((t: ToastInput) => {
    const id = nextId++;
    setItems((list) => [...list.slice(-3), { ...t, id }]);
  }, []);
  const value = useMemo(() => ({ show: toast, dismissKey }), [toast, dismissKey]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {mounted && (
        <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:items-end sm:p-4">
          {items.map((t) => (
            <ToastView key={t.id} toast={t} onDismiss={dismiss} />
          ))}
        </div>
      )}
    </ToastContext.Provider>
  );
}
