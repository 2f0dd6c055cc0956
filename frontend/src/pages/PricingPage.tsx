import { PageHeader } from "../components/PageHeader";
import { PricingPlans } from "../components/PricingPlans";
import { Container } from "../components/ui/Container";
import { it } from "../i18n/it";
import { absoluteUrl } from "../lib/paths";
import { PLANS } from "../lib/plans";
import type { HeadData } from "../lib/seo";
import type { PageProps } from "../types";

export function pricingHead(props: PageProps): HeadData {
  const url = absoluteUrl(props.site.publicUrl, "/pricing");
  return {
    title: it.pricing.metaTitle,
    description: it.pricing.metaDescription,
    canonicalPath: "/pricing",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: it.brand.name,
        description: it.landing.metaDescription,
        brand: { "@type": "Brand", name: it.brand.name },
        offers: PLANS.filter((p) => p.price.monthly !== null).map((p) => ({
          "@type": "Offer",
          name: p.title,
          price: String(p.price.monthly),
          priceCurrency: "EUR",
          url,
        })),
      },
    ],
  };
}

export function PricingPage() {
  return (
    <>
      <PageHeader title={it.pricing.title} intro={it.pricing.intro} />
      <Container className="py-12 sm:py-16">
        <PricingPlans headingLevel={2} />
      </Container>
    </>
  );
}
