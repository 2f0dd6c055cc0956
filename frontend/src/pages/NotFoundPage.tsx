import { Container } from "../components/ui/Container";
import { ButtonLink } from "../components/ui/Button";
import { it } from "../i18n/it";
import type { HeadData } from "../lib/seo";

export const notFoundHead = (): HeadData => ({
  title: `${it.notFound.title} | ${it.brand.name}`,
  description: it.notFound.metaDescription,
  noindex: true,
});

/** Shared "nothing here" block for the 404 page and unknown shops/products. */
export function NotFoundBlock({ title, text, cta }: { title: string; text: string; cta: string }) {
  return (
    <Container className="flex flex-col items-center py-24 text-center sm:py-32">
      <p className="text-sm font-bold uppercase tracking-widest text-brand-700">404</p>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-md text-stone-600">{text}</p>
      <ButtonLink href="/" className="mt-8" size="lg">
        {cta}
      </ButtonLink>
    </Container>
  );
}

export function NotFoundPage() {
  return <NotFoundBlock title={it.notFound.title} text={it.notFound.text} cta={it.notFound.home} />;
}
