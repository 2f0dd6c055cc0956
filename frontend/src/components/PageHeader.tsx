import type { ReactNode } from "react";
import { Container } from "./ui/Container";

export function PageHeader({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="border-b border-stone-200 bg-gradient-to-b from-brand-50/70 to-white">
      <Container className="py-12 sm:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-950 sm:text-5xl">{title}</h1>
        {intro && <p className="mt-4 max-w-2xl text-lg text-stone-600">{intro}</p>}
        {children}
      </Container>
    </div>
  );
}

/** Long-form text (policies). */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-3xl text-base leading-relaxed text-stone-700 [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-2 [&_h2]:mb-3 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-stone-900 [&_li]:mt-1.5 [&_p]:mt-4 [&_strong]:text-stone-900 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
      {children}
    </div>
  );
}
