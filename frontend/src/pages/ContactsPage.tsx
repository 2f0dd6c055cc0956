import { useState } from "react";
import { ContactChip } from "../components/ContactChip";
import { DemoModal } from "../components/DemoModal";
import { PageHeader } from "../components/PageHeader";
import { Button } from "../components/ui/Button";
import { Container } from "../components/ui/Container";
import { IconMail, IconPhone } from "../components/ui/Icons";
import { SALES_EMAIL, SALES_PHONE, SUPPORT_EMAIL, SUPPORT_PHONE } from "../config";
import { it } from "../i18n/it";
import { telHref } from "../lib/paths";
import type { HeadData } from "../lib/seo";

export const contactsHead = (): HeadData => ({
  title: it.contacts.metaTitle,
  description: it.contacts.metaDescription,
  canonicalPath: "/contacts",
});

export function ContactsPage() {
  const [demoOpen, setDemoOpen] = useState(false);
  return (
    <>
      <PageHeader title={it.contacts.title} intro={it.contacts.intro} />
      <Container className="grid gap-6 py-12 sm:py-16 md:grid-cols-2">
        <section aria-labelledby="sales-title" className="flex flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="sales-title" className="text-xl font-bold text-stone-900">{it.contacts.salesTitle}</h2>
          <p className="mt-2 text-stone-600">{it.contacts.salesText}</p>
          <div className="mt-6 space-y-3">
            <ContactChip icon={<IconPhone width={18} height={18} />} label={it.contacts.phone} value={SALES_PHONE} href={telHref(SALES_PHONE)} />
            <ContactChip icon={<IconMail width={18} height={18} />} label={it.contacts.email} value={SALES_EMAIL} href={`mailto:${SALES_EMAIL}`} />
          </div>
          <Button size="lg" className="mt-8 self-start" onClick={() => setDemoOpen(true)} aria-haspopup="dialog">
            {it.contacts.requestDemo}
          </Button>
        </section>
        <section aria-labelledby="support-title" className="flex flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="support-title" className="text-xl font-bold text-stone-900">{it.contacts.supportTitle}</h2>
          <p className="mt-2 text-stone-600">{it.contacts.supportText}</p>
          <div className="mt-6 space-y-3">
            <ContactChip icon={<IconPhone width={18} height={18} />} label={it.contacts.phone} value={SUPPORT_PHONE} href={telHref(SUPPORT_PHONE)} />
            <ContactChip icon={<IconMail width={18} height={18} />} label={it.contacts.email} value={SUPPORT_EMAIL} href={`mailto:${SUPPORT_EMAIL}`} />
          </div>
        </section>
      </Container>
      <DemoModal open={demoOpen} onClose={() => setDemoOpen(false)} />
    </>
  );
}
