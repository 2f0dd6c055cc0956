import { Container } from "../components/ui/Container";
import { Button, ButtonLink } from "../components/ui/Button";
import { it } from "../i18n/it";
import { usePageData } from "../lib/page-data";
import type { HeadData } from "../lib/seo";
import type { PageProps } from "../types";

export const notFoundHead = (props?: PageProps): HeadData =>
  props?.loadError
    ? pageErrorHead(it.pageError.title)
    : {
        title: `${it.notFound.title} | ${it.brand.name}`,
        description: it.notFound.metaDescription,
        noindex: true,
      };

/** Head of a page whose data could not be read (served with status 503). */
export const pageErrorHead = (title: string, canonicalPath?: string): HeadData => ({
  title: `${title} | ${it.brand.name}`,
  description: it.pageError.metaDescription,
  canonicalPath,
  noindex: true,
});

/** Shared "nothing here" block for the 404 page and unknown shops/products. */
export function NotFoundBlock({ title, text, cta, href = "/" }: { title: string; text: string; cta: string; href?: string }) {
  return (
    <Container className="flex flex-col items-center py-24 text-center sm:py-32">
      <p className="text-sm font-bold uppercase tracking-widest text-brand-700">404</p>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-md text-stone-600">{text}</p>
      <ButtonLink href={href} className="mt-8" size="lg">
        {cta}
      </ButtonLink>
    </Container>
  );
}

/** A public page whose data could not be read (the server answers 503): say so, offer to try
 * again and a way home (docs/decisions/012-public-page-errors.md). */
export function PageErrorBlock({ title }: { title: string }) {
  return (
    <Container className="flex flex-col items-center py-24 text-center sm:py-32">
      <div role="alert" className="flex flex-col items-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 max-w-md text-stone-600">{it.pageError.text}</p>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          {it.common.reload}
        </Button>
        <ButtonLink href="/" variant="secondary" size="lg">
          {it.common.backHome}
        </ButtonLink>
      </div>
    </Container>
  );
}

export function NotFoundPage() {
  const props = usePageData();
  if (props.loadError) return <PageErrorBlock title={it.pageError.title} />;
  return <NotFoundBlock title={it.notFound.title} text={it.notFound.text} cta={it.notFound.home} />;
}
