import { useId, useState } from "react";
import { PageHeader } from "../components/PageHeader";
import { ButtonLink } from "../components/ui/Button";
import { Container } from "../components/ui/Container";
import { IconChevronDown } from "../components/ui/Icons";
import { cn } from "../components/ui/cn";
import { it } from "../i18n/it";
import type { HeadData } from "../lib/seo";

export const faqHead = (): HeadData => ({
  title: it.faq.metaTitle,
  description: it.faq.metaDescription,
  canonicalPath: "/faq",
  jsonLd: [
    {
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: it.faq.items.map((item) => ({
        "@type": "Question",
        name: item.q,
        acceptedAnswer: { "@type": "Answer", text: item.a },
      })),
    },
  ],
});

export function FaqPage() {
  const id = useId();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <PageHeader title={it.faq.title} intro={it.faq.intro} />
      <Container className="py-12 sm:py-16">
        <div className="mx-auto max-w-3xl divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white shadow-sm">
          {it.faq.items.map((item, i) => {
            const expanded = open === i;
            return (
              <div key={item.q}>
                <h2>
                  <button
                    type="button"
                    id={`${id}-q${i}`}
                    aria-expanded={expanded}
                    aria-controls={`${id}-a${i}`}
                    onClick={() => setOpen(expanded ? null : i)}
                    className="flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-base font-semibold text-stone-900 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600"
                  >
                    {item.q}
                    <IconChevronDown className={cn("shrink-0 text-stone-500 transition-transform", expanded && "rotate-180")} />
                  </button>
                </h2>
                <div id={`${id}-a${i}`} role="region" aria-labelledby={`${id}-q${i}`} hidden={!expanded} className="px-6 pb-6 text-stone-700">
                  {item.a}
                </div>
              </div>
            );
          })}
        </div>
        <div className="mx-auto mt-10 flex max-w-3xl flex-col items-center gap-4 text-center">
          <p className="text-stone-600">{it.faq.more}</p>
          <ButtonLink href="/contacts" size="lg">
            {it.faq.contact}
          </ButtonLink>
        </div>
      </Container>
    </>
  );
}
