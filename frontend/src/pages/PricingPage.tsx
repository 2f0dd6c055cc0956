import { it } from "../i18n/it";
import type { HeadData } from "../lib/seo";

export const pricingHead = (): HeadData => ({ title: it.brand.name, description: it.landing.metaDescription, canonicalPath: "/pricing" });

export function PricingPage() {
  return <div>PricingPage</div>;
}
