import { useEffect, useState, type ReactNode } from "react";
import { Button, ButtonLink } from "../components/ui/Button";
import { Container } from "../components/ui/Container";
import { IconArrowLeft } from "../components/ui/Icons";
import { useOwnerOnly } from "../features/accounts/hooks/useOwnerOnly";
import { fetchReport, PERIODS, reportCsvUrl, type AnalyticsReport, type Period } from "../features/report/api";
import { DayBars, ShareBars } from "../features/report/charts";
import { it } from "../i18n/it";
import { errorCode } from "../lib/api";
import { formatCount } from "../lib/format";
import type { OwnStore } from "../types";

const t = it.report;

type Loaded = { kind: "loading" } | { kind: "error" } | { kind: "locked" } | { kind: "ready"; report: AnalyticsReport };

/** /report: the Pro "Report di analisi dei dati" of the owner's shop (docs/product/limits.md). */
export function ReportPage() {
  const { status, store } = useOwnerOnly();

  if (status !== "owner" || !store) {
    return (
      <Container className="py-16">
        <p role="status" className="text-center text-sm text-stone-600">
          {t.checkingSession}
        </p>
      </Container>
    );
  }
  return <Report store={store} />;
}

function Report({ store }: { store: OwnStore }) {
  const allowed = store.plan === "pro" || store.plan === "business";
  const [days, setDays] = useState<Period>(30);
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!allowed) return;
    let current = true;
    fetchReport(days).then(
      (report) => current && setLoaded({ kind: "ready", report }),
      (error: unknown) => current && setLoaded({ kind: errorCode(error) === "plan_limit" ? "locked" : "error" }),
    );
    return () => {
      current = false;
    };
  }, [allowed, days, attempt]);

  const locked = !allowed || loaded.kind === "locked";
  return (
    <Container className="py-8 sm:py-12">
      <a href="/dashboard" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 hover:underline">
        <IconArrowLeft width={16} height={16} />
        {t.backToDashboard}
      </a>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{t.title}</h1>
          <p className="mt-2 max-w-2xl text-sm text-stone-600 sm:text-base">{t.intro}</p>
        </div>
        {!locked && (
          <div className="flex flex-wrap items-center gap-2">
            <div role="radiogroup" aria-label={t.periodLabel} className="inline-flex rounded-lg border border-stone-300 bg-white p-0.5">
              {PERIODS.map((p) => (
                <button
                  key={p}
                  type="button"
                  role="radio"
                  aria-checked={days === p}
                  onClick={() => {
                    if (p === days) return;
                    setLoaded({ kind: "loading" });
                    setDays(p);
                  }}
                  className={`whitespace-nowrap rounded-md px-2.5 py-1.5 text-xs font-medium sm:px-3 sm:text-sm ${days === p ? "bg-brand-700 text-white" : "text-stone-700 hover:bg-stone-100"}`}
                >
                  {t.period(p)}
                </button>
              ))}
            </div>
            <ButtonLink href={reportCsvUrl(days)} download variant="secondary" size="sm">
              {t.download}
            </ButtonLink>
          </div>
        )}
      </div>
      <div className="mt-8">
        {locked ? (
          <Locked />
        ) : loaded.kind === "loading" ? (
          <p role="status" className="py-16 text-center text-sm text-stone-600">
            {t.loading}
          </p>
        ) : loaded.kind === "error" ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {t.loadError}
            <Button variant="secondary" size="sm" onClick={() => {
                setLoaded({ kind: "loading" });
                setAttempt((n) => n + 1);
              }}>
              {t.retry}
            </Button>
          </div>
        ) : (
          <Figures report={loaded.report} />
        )}
      </div>
      <How />
    </Container>
  );
}

function Card({ title, children, className = "" }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-2xl border border-stone-200 bg-white p-5 shadow-sm ${className}`}>
      <h2 className="text-base font-bold text-stone-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Tile({ label, value, help }: { label: string; value: number; help: string }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="mt-1 text-3xl font-extrabold tabular-nums tracking-tight text-stone-900">{formatCount(value)}</dd>
      <dd className="mt-1 text-xs text-stone-500">{help}</dd>
    </div>
  );
}

function Figures({ report }: { report: AnalyticsReport }) {
  const names = t.sourceNames;
  const sources = (Object.keys(names) as (keyof typeof names)[]).map((key) => ({ label: names[key], value: report.sources[key] }));
  return (
    <div className="min-w-0 space-y-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label={t.views} value={report.views.total} help={t.viewsHelp} />
        <Tile label={t.visitors} value={report.visitors} help={t.visitorsHelp} />
        <Tile label={t.fromGoogle} value={report.sources.google} help={t.fromGoogleHelp} />
        <Tile label={t.googleCrawls} value={report.crawls.google} help={t.googleCrawlsHelp} />
      </dl>
      <Card title={t.viewsByDay}>
        {report.views.total === 0 && <p className="mb-3 text-sm text-stone-600">{t.noViewsYet}</p>}
        <DayBars days={report.views.byDay} label={t.viewsByDay} />
      </Card>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <Card title={t.topProducts}>
          <ShareBars
            items={report.topProducts.map((p) => ({ label: p.name, value: p.views, caption: t.viewsCount(p.views) }))}
            empty={t.noData}
          />
        </Card>
        <Card title={t.searches}>
          <ShareBars items={report.searches.map((s) => ({ label: s.term, value: s.count, caption: t.timesCount(s.count) }))} empty={t.noData} />
        </Card>
        <Card title={t.askedProducts}>
          <p className="mb-3 text-sm text-stone-600">{t.inquiriesTotal(report.inquiries)}</p>
          <ShareBars
            items={report.askedProducts.map((p) => ({ label: p.name, value: p.requests, caption: t.requestsCount(p.requests) }))}
            empty={t.noInquiries}
          />
        </Card>
        <Card title={t.sources}>
          <ShareBars items={sources} empty={t.noData} />
        </Card>
        <Card title={t.crawlsByDay}>
          {report.crawls.google === 0 && <p className="mb-3 text-sm text-stone-600">{t.noCrawlsYet}</p>}
          <DayBars days={report.crawls.googleByDay} label={t.crawlsByDay} tone="green" />
        </Card>
      </div>
    </div>
  );
}

function Locked() {
  return (
    <section className="rounded-2xl border border-brand-200 bg-brand-50 p-6 sm:p-8">
      <h2 className="text-xl font-bold text-stone-900">{t.lockedTitle}</h2>
      <p className="mt-2 max-w-2xl text-stone-700">{t.lockedText}</p>
      <ButtonLink href="/pricing" className="mt-5">
        {t.lockedCta}
      </ButtonLink>
    </section>
  );
}

function How() {
  return (
    <section className="mt-10 rounded-2xl border border-stone-200 bg-stone-50 p-5">
      <h2 className="text-base font-bold text-stone-900">{t.howTitle}</h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-stone-700">
        {t.how.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
