import type { ReactNode } from "react";

/** The frame of every account page: a centred card with a title. */
export function AuthCard({ title, intro, children, wide }: { title: string; intro?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="px-4 py-12 sm:py-16">
      <div className={`mx-auto w-full rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 ${wide ? "max-w-2xl" : "max-w-md"}`}>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
        {intro && <p className="mt-2 text-sm text-stone-600">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700" data-field-error>
      {message}
    </p>
  );
}
