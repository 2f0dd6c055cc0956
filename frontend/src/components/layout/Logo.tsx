import { it } from "../../i18n/it";
import { cn } from "../ui/cn";

/** The Vetrina mark: a shop front with an awning, drawn inline so it needs no request. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn("h-8 w-8", className)} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#9a3412" />
      <path d="M6 12.5 8 7h16l2 5.5" fill="none" stroke="#fed7aa" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="M6 12.5c0 1.5 1.1 2.5 2.5 2.5S11 14 11 12.5c0 1.5 1.1 2.5 2.5 2.5S16 14 16 12.5c0 1.5 1.1 2.5 2.5 2.5S21 14 21 12.5c0 1.5 1.1 2.5 2.5 2.5S26 14 26 12.5z" fill="#fb923c" />
      <path d="M8 16v9h16v-9" fill="none" stroke="#fff7ed" strokeWidth="1.8" strokeLinejoin="round" />
      <rect x="11" y="18.5" width="5" height="6.5" rx="0.6" fill="#fff7ed" />
      <rect x="18" y="18.5" width="4" height="3.5" rx="0.6" fill="#fed7aa" />
    </svg>
  );
}

export function Logo({ className, textClassName }: { className?: string; textClassName?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <LogoMark />
      <span className={cn("text-xl font-extrabold tracking-tight text-stone-900", textClassName)}>{it.brand.name}</span>
    </span>
  );
}
