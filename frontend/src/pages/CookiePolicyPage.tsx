import { PageHeader, Prose } from "../components/PageHeader";
import { Button } from "../components/ui/Button";
import { Container } from "../components/ui/Container";
import { it } from "../i18n/it";
import { operatorLine, useOperator } from "../lib/page-data";
import { useCookieConsent } from "../lib/cookie-consent";
import type { HeadData } from "../lib/seo";

export const cookieHead = (): HeadData => ({
  title: it.cookiePolicy.metaTitle,
  description: it.cookiePolicy.metaDescription,
  canonicalPath: "/cookie",
});

export function CookiePolicyPage() {
  const { openSettings } = useCookieConsent();
  const t = it.cookiePolicy;
  const operator = useOperator();
  return (
    <>
      <PageHeader title={t.title} intro={t.updated} />
      <Container className="py-12 sm:py-16">
        <Prose>
          <p>{t.intro}</p>
          <h2>{t.categoriesTitle}</h2>
          <ul>
            {t.categories.map((c) => (
              <li key={c.name}>
                <strong>{c.name}</strong>: {c.text}
              </li>
            ))}
          </ul>
          <h2>{t.countingTitle}</h2>
          <p>{t.countingText}</p>
          <h2>{t.consentTitle}</h2>
          <p>{t.consentText}</p>
          <div className="mt-5">
            <Button variant="secondary" onClick={openSettings}>
              {t.manage}
            </Button>
          </div>
          <h2>{t.durationTitle}</h2>
          <p>{t.durationText}</p>
          <h2>{t.contactTitle}</h2>
          <p>
            {t.contactText} <a href={`mailto:${operator.email}`}>{operator.email}</a>.
          </p>
          <p>{t.controller(operatorLine(operator))}</p>
        </Prose>
      </Container>
    </>
  );
}
