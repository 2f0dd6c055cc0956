import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "../../../components/ui/Button";
import { cn } from "../../../components/ui/cn";
import { IconChevronDown } from "../../../components/ui/Icons";
import { Modal } from "../../../components/ui/Modal";
import { useIsDesktop } from "../useMediaQuery";

export interface MenuAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  icon?: ReactNode;
}

/** "Aggiungi Prodotti" / "Elimina Prodotti": a dropdown menu from 1024 px, a dialog below (docs/product/routes.md). */
export function ActionMenu({ label, icon, actions, variant = "secondary" }: { label: string; icon?: ReactNode; actions: MenuAction[]; variant?: "primary" | "secondary" }) {
  const desktop = useIsDesktop();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || !desktop) return;
    const onDown = (e: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    wrap.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, desktop]);

  const choose = (a: MenuAction) => {
    setOpen(false);
    a.onSelect();
  };

  return (
    <div ref={wrap} className="relative">
      <Button
        variant={variant}
        aria-haspopup={desktop ? "menu" : "dialog"}
        aria-expanded={open}
        aria-controls={open && desktop ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="w-full sm:w-auto"
      >
        {icon}
        {label}
        <IconChevronDown width={16} height={16} />
      </Button>
      {desktop && open && (
        <div id={menuId} role="menu" aria-label={label} className="absolute right-0 z-30 mt-2 w-64 overflow-hidden rounded-xl border border-stone-200 bg-white py-1 shadow-lg">
          {actions.map((a) => (
            <button
              key={a.label}
              type="button"
              role="menuitem"
              onClick={() => choose(a)}
              className={cn(
                "flex w-full items-center gap-2 px-4 py-2.5 text-left text-sm hover:bg-stone-50 focus:bg-stone-100 focus:outline-none",
                a.danger ? "text-red-700" : "text-stone-800",
              )}
            >
              {a.icon}
              {a.label}
            </button>
          ))}
        </div>
      )}
      {!desktop && (
        <Modal open={open} onClose={() => setOpen(false)} title={label}>
          <div className="flex flex-col gap-2">
            {actions.map((a) => (
              <Button key={a.label} variant="secondary" onClick={() => choose(a)} className={cn("justify-start", a.danger && "text-red-700")}>
                {a.icon}
                {a.label}
              </Button>
            ))}
          </div>
        </Modal>
      )}
    </div>
  );
}
