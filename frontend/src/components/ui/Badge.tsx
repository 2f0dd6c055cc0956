import type { ReactNode } from "react";
import { cn } from "./cn";

type Tone = "green" | "amber" | "red" | "stone" | "brand";
const tones: Record<Tone, string> = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/25",
  red: "bg-red-50 text-red-800 ring-red-600/20",
  stone: "bg-stone-100 text-stone-700 ring-stone-500/20",
  brand: "bg-brand-50 text-brand-800 ring-brand-600/20",
};

export function Badge({ tone = "stone", children, className }: { tone?: Tone; children: ReactNode; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset", tones[tone], className)}>
      {children}
    </span>
  );
}
