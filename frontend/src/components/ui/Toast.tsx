import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { it } from "../../i18n/it";
import { cn } from "./cn";
import { IconX } from "./Icons";

export interface ToastInput {
  title: string;
  description?: string;
  destructive?: boolean;
}
interface ToastItem extends ToastInput {
  id: number;
}

const ToastContext = createContext<(t: ToastInput) => void>(() => {});
export const useToast = () => useContext(ToastContext);

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
    return t && typeof t.title === "string" ? { title: t.title, description: t.description, destructive: t.destructive } : null;
  } catch {
    return null;
  }
}

/** Toasts survive client-side navigation; the region is rendered only after mount, so the
 * server markup of public pages does not change. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const [mounted, setMounted] = useState(false);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);
  const toast = useCallback(
    (t: ToastInput) => {
      const id = nextId++;
      setItems((list) => [...list.slice(-3), { ...t, id }]);
      setTimeout(() => dismiss(id), LIFETIME_MS);
    },
    [dismiss],
  );
  useEffect(() => {
    setMounted(true);
    const waiting = takeNextPageToast();
    if (waiting) toast(waiting);
  }, [toast]);
  return (
    <ToastContext.Provider value={toast}>
      {children}
      {mounted && (
        <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:items-end">
          {items.map((t) => (
            <div
              key={t.id}
              role={t.destructive ? "alert" : "status"}
              data-toast={t.destructive ? "destructive" : "default"}
              className={cn(
                "pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg",
                t.destructive ? "border-red-200 bg-red-50 text-red-900" : "border-stone-200 bg-white text-stone-900",
              )}
            >
              <div className="flex-1">
                <p className="text-sm font-semibold">{t.title}</p>
                {t.description && <p className="mt-1 text-sm">{t.description}</p>}
              </div>
              <button type="button" onClick={() => dismiss(t.id)} aria-label={it.common.close} className="-m-1 rounded p-1 opacity-70 hover:opacity-100">
                <IconX />
              </button>
            </div>
          ))}
        </div>
      )}
    </ToastContext.Provider>
  );
}
