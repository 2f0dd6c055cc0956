import { it } from "../i18n/it";
import type { HeadData } from "../lib/seo";

export const landingHead = (): HeadData => ({ title: it.brand.name, description: it.landing.metaDescription, canonicalPath: "/landing" });

export function LandingPage() {
  return <div>LandingPage</div>;
}
