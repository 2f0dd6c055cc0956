import { it } from "../i18n/it";
import type { HeadData } from "../lib/seo";

export const contactsHead = (): HeadData => ({ title: it.brand.name, description: it.landing.metaDescription, canonicalPath: "/contacts" });

export function ContactsPage() {
  return <div>ContactsPage</div>;
}
