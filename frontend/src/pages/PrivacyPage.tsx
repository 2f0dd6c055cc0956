import { PageHeader, Prose } from "../components/PageHeader";
import { Container } from "../components/ui/Container";
import { it } from "../i18n/it";
import { operatorLine, useOperator } from "../lib/page-data";
import type { HeadData } from "../lib/seo";

export const privacyHead = (): HeadData => ({
  title: it.privacy.metaTitle,
  description: it.privacy.metaDescription,
  canonicalPath: "/privacy",
});

type Section = { h: string; p?: string[]; list?: string[] };

export function PrivacyPage() {
  const sections: Section[] = it.privacy.sections;
  const operator = useOperator();
  return (
    <>
      <PageHeader title={it.privacy.title} intro={it.privacy.updated} />
      <Container className="py-12 sm:py-16">
        <Prose>
          <section>
            <h2>{it.privacy.controllerTitle}</h2>
            <p>{it.privacy.controller(operatorLine(operator))}</p>
          </section>
          {sections.map((s) => (
            <section key={s.h}>
              <h2>{s.h}</h2>
              {s.p?.map((text) => <p key={text}>{text}</p>)}
              {s.list && (
                <ul>
                  {s.list.map((li) => (
                    <li key={li}>{li}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          <p>
            {it.privacy.contact} <a href={`mailto:${operator.email}`}>{operator.email}</a>.
          </p>
        </Prose>
      </Container>
    </>
  );
}
