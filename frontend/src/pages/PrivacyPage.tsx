import { it } from "../i18n/it";
import type { HeadData } from "../lib/seo";

export const privacyHead = (): HeadData => ({ title: it.brand.name, description: it.landing.metaDescription, canonicalPath: "/privacy" });

export function PrivacyPage() {
  return <div>PrivacyPage</div>;
}
