import { it } from "../i18n/it";
import type { HeadData } from "../lib/seo";

export const faqHead = (): HeadData => ({ title: it.brand.name, description: it.landing.metaDescription, canonicalPath: "/faq" });

export function FaqPage() {
  return <div>FaqPage</div>;
}
