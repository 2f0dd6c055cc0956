import { useState } from "react";
import { DemoForm } from "../components/DemoForm";
import { DemoModal } from "../components/DemoModal";
import { NearbySearchForm } from "../components/NearbySearchForm";
import { PricingPlans } from "../components/PricingPlans";
import { Button, ButtonLink } from "../components/ui/Button";
import { Container } from "../components/ui/Container";
import { IconArrowRight, IconExternal, IconSparkles, IconStore, IconUpload } from "../components/ui/Icons";
import { INVESTOR_BOOKING_URL, LOGO_PATH } from "../config";
import { it } from "../i18n/it";
import { formatPrice } from "../lib/format";
import { usePageData } from "../lib/page-data";
import { absoluteUrl } from "../lib/paths";
import type { HeadData } from "../lib/seo";
import type { PageProps, Showcase } from "../types";

export function landingHead(props: PageProps): HeadData {
  const home = absoluteUrl(props.site.publicUrl, "/");
  return {
    title: it.landing.metaTitle,
    description: it.landing.metaDescription,
    canonicalPath: "/",
    image: LOGO_PATH,
    jsonLd: [
      { "@context": "https://schema.org", "@type": "WebSite", name: it.brand.name, url: home, inLanguage: "it-IT", description: it.landing.metaDescription },
      {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: it.brand.name,
        url: home,
        logo: absoluteUrl(props.site.publicUrl, LOGO_PATH),
      },
    ],
  };
}

const stepIcons = [IconUpload, IconSparkles, IconStore];

/** One product of the hero's catalogue preview, as a shop's card shows it. */
type PreviewItem = { key: string; name: string; brand: string | null; price: string | null; image: string | null };

function previewOf(showcase: Showcase | undefined): { store: string; meta: string; items: PreviewItem[] } {
  const demo = it.landing.heroDemo;
  if (!showcase) {
    return { store: demo.store, meta: demo.meta, items: demo.items.map((item) => ({ key: item.name, ...item, image: null })) };
  }
  return {
    store: showcase.store.name,
    meta: demo.catalogue(showcase.store.product_count),
    items: showcase.products.map((p) => ({
      key: String(p.id),
      name: p.name,
      brand: p.brand,
      price: p.price != null ? formatPrice(p.price) : null,
      image: p.image_url,
    })),
  };
}

/** Catalogue preview in the hero: the demo shop's products with their pictures (a picture,
 * not a control: hidden from assistive technology, the page's text says the same). */
function HeroVisual({ showcase }: { showcase?: Showcase }) {
  const preview = previewOf(showcase);
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="absolute -inset-4 -z-10 rotate-2 rounded-3xl bg-gradient-to-br from-brand-200/60 to-amber-100/60 blur-sm" />
      <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-2xl">
        <div className="flex items-center gap-3 border-b border-stone-100 pb-3">
          <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-700 text-sm font-extrabold text-white">{preview.store.charAt(0)}</span>
          <div className="min-w-0">
            <p className="truncate text-sm font-bold text-stone-900">{preview.store}</p>
            <p className="text-xs text-stone-500">{preview.meta}</p>
          </div>
          <span className="ml-auto rounded-full bg-emerald-50 px-2 py-0.5 text-[11px] font-semibold text-emerald-800">{it.explore.active}</span>
        </div>
        <div className="mt-3 grid grid-cols-2 gap-3">
          {preview.items.map((item) => (
            <div key={item.key} className="overflow-hidden rounded-xl border border-stone-100">
              {item.image ? (
                <img src={item.image} alt="" width={300} height={300} loading="lazy" decoding="async" className="aspect-[4/3] w-full bg-stone-50 object-cover" />
              ) : (
                <div className="aspect-[4/3] bg-gradient-to-br from-stone-100 to-stone-200" />
              )}
              <div className="p-2">
                {item.brand && <p className="truncate text-[10px] font-semibold uppercase tracking-wide text-brand-700">{item.brand}</p>}
                <p className="truncate text-xs font-semibold text-stone-800">{item.name}</p>
                <p className="mt-1 text-sm font-bold text-stone-900">{item.price ?? it.product.priceOnRequest}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

export function LandingPage() {
  const { showcase } = usePageData();
  const [demoOpen, setDemoOpen] = useState(false);
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-orange-50/40 to-stone-50">
        <div aria-hidden="true" className="absolute inset-0 -z-0 bg-[linear-gradient(to_right,rgba(154,52,18,0.06)_1px,transparent_1px),linear-gradient(to_bottom,rgba(154,52,18,0.06)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_at_top,black_40%,transparent_75%)]" />
        <Container className="relative grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-2 lg:py-28">
          <div>
            <p className="inline-flex rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-xs font-bold uppercase tracking-wider text-brand-800">{it.landing.heroEyebrow}</p>
            <h1 className="mt-5 text-4xl font-extrabold leading-[1.08] tracking-tight text-stone-950 sm:text-5xl lg:text-6xl">{it.landing.heroTitle}</h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-stone-700">{it.landing.heroText}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink href="/create" size="lg">
                {it.landing.ctaCreate}
                <IconArrowRight width={18} height={18} />
              </ButtonLink>
              <Button size="lg" variant="secondary" onClick={() => setDemoOpen(true)} aria-haspopup="dialog">
                {it.landing.ctaDemo}
              </Button>
            </div>
            <a href="#learn-more" className="mt-4 inline-flex items-center gap-1.5 font-semibold text-brand-800 underline-offset-4 hover:underline">
              {it.landing.ctaLearn}
              <IconArrowRight width={16} height={16} />
            </a>
            <p className="mt-5 text-sm font-medium text-stone-600">{it.landing.demoOffer}</p>
          </div>
          <HeroVisual showcase={showcase} />
        </Container>
      </section>

      <section aria-labelledby="nearby-title" className="border-y border-stone-200 bg-white py-12 sm:py-14">
        <Container className="grid gap-6 lg:grid-cols-[2fr_3fr] lg:items-end">
          <div>
            <h2 id="nearby-title" className="text-2xl font-extrabold tracking-tight text-stone-900">{it.nearby.teaserTitle}</h2>
            <p className="mt-2 text-stone-600">{it.nearby.teaserText}</p>
          </div>
          <NearbySearchForm idPrefix="landing-nearby" />
        </Container>
      </section>

      <section id="learn-more" aria-labelledby="how-title" className="scroll-mt-20 py-20 sm:py-24">
        <Container>
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="how-title" className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{it.landing.howTitle}</h2>
            <p className="mt-4 text-lg text-stone-600">{it.landing.howIntro}</p>
          </div>
          <ol className="mt-14 grid gap-6 md:grid-cols-3">
            {it.landing.steps.map((step, i) => {
              const Icon = stepIcons[i];
              return (
                <li key={step.title} className="relative rounded-2xl border border-stone-200 bg-white p-7 shadow-sm">
                  <span className="absolute right-6 top-6 text-5xl font-black text-stone-100">{i + 1}</span>
                  <span className="relative flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                    <Icon width={24} height={24} />
                  </span>
                  <h3 className="relative mt-5 text-lg font-bold text-stone-900">{step.title}</h3>
                  <p className="relative mt-2 text-stone-600">{step.text}</p>
                </li>
              );
            })}
          </ol>
        </Container>
      </section>

      <section aria-labelledby="stats-title" className="bg-stone-900 py-16 text-white sm:py-20">
        <Container>
          <h2 id="stats-title" className="text-center text-2xl font-extrabold tracking-tight sm:text-3xl">{it.landing.statsTitle}</h2>
          <dl className="mt-12 grid grid-cols-2 gap-x-6 gap-y-10 text-center lg:grid-cols-5">
            {it.landing.stats.map((s) => (
              // The odd last figure takes the whole row on a phone; a figure never splits.
              <div key={s.value} className="flex flex-col-reverse gap-2 last:col-span-2 lg:last:col-span-1">
                <dt className="text-sm leading-snug text-stone-300">{s.label}</dt>
                <dd className="whitespace-nowrap text-3xl font-black tracking-tight text-brand-400 sm:text-4xl">{s.value}</dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>

      <section id="demo" aria-labelledby="demo-title" className="scroll-mt-20 py-20 sm:py-24">
        <Container className="grid items-start gap-10 lg:grid-cols-2">
          <div>
            <h2 id="demo-title" className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{it.landing.demoSectionTitle}</h2>
            <p className="mt-4 text-lg text-stone-600">{it.landing.demoSectionText}</p>
            <p className="mt-6 inline-flex rounded-xl bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">{it.landing.demoOffer}</p>
          </div>
          <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
            <DemoForm />
          </div>
        </Container>
      </section>

      <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 border-y border-stone-200 bg-white py-20 sm:py-24">
        <Container>
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="pricing-title" className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{it.landing.pricingTitle}</h2>
            <p className="mt-4 text-lg text-stone-600">{it.landing.pricingText}</p>
          </div>
          <div className="mt-10">
            <PricingPlans />
          </div>
        </Container>
      </section>

      <section aria-labelledby="closing-title" className="py-20 sm:py-24">
        <Container>
          <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-14 text-center shadow-xl sm:px-12">
            <h2 id="closing-title" className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{it.landing.closingTitle}</h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">{it.landing.closingText}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <ButtonLink href="/create" variant="light" size="lg">
                {it.landing.ctaCreate}
              </ButtonLink>
              <Button size="lg" variant="dark" onClick={() => setDemoOpen(true)} aria-haspopup="dialog">
                {it.landing.ctaDemo}
              </Button>
            </div>
          </div>
          <div className="mt-10 flex flex-col items-center justify-between gap-4 rounded-2xl border border-stone-200 bg-white p-6 sm:flex-row">
            <div>
              <p className="font-bold text-stone-900">{it.landing.investorTitle}</p>
              <p className="text-sm text-stone-600">{it.landing.investorText}</p>
            </div>
            <ButtonLink href={INVESTOR_BOOKING_URL} target="_blank" rel="noopener noreferrer" variant="secondary">
              {it.landing.investorLink}
              <IconExternal width={16} height={16} />
              <span className="sr-only">{it.common.newTab}</span>
            </ButtonLink>
          </div>
        </Container>
      </section>
      <DemoModal open={demoOpen} onClose={() => setDemoOpen(false)} />
    </>
  );
}
