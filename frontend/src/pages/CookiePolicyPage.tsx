import { it } from "../i18n/it";
import type { HeadData } from "../lib/seo";

export const cookieHead = (): HeadData => ({ title: it.brand.name, description: it.landing.metaDescription, canonicalPath: "/cookiePolicy" });

export function CookiePolicyPage() {
  return <div>CookiePolicyPage</div>;
}
