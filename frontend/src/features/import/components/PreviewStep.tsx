import { useId } from "react";
import { Badge } from "../../../components/ui/Badge";
import { Button, ButtonLink } from "../../../components/ui/Button";
import { it } from "../../../i18n/it";
import { formatCount, formatPrice } from "../../../lib/format";
import { errorReportUrl, type PreviewProduct } from "../api";
import { describeRowError, errorSummary, planNotice, PREVIEW_PRODUCTS, PREVIEW_WARNINGS, type RowError } from "../logic";
import type { ImportWizard, WizardState } from "../useImportWizard";

const t = it.upload.preview;

/** State "preview": the first products, the figures, the first errors, then confirm or cancel. */
export function PreviewStep({ state, wizard }: { state: Extract<WizardState, { step: "preview" }>; wizard: ImportWizard }) {
  const id = useId();
  const { result, importErrors, expired, importing } = state;
  const { statistics: s } = result;
  const { shown, more } = errorSummary(result.errors, s.invalid);
  // More new products than the plan allows: "Conferma importazione" would be refused, so
  // the notice offers what fits instead (or a better plan).
  const notice = planNotice(s, result.limits);
  const errors: RowError[] = [...shown, ...importErrors];
  const stats: Array<[string, number, string]> = [
    [t.total, s.total, "total"],
    [t.valid, s.valid, "valid"],
    [t.invalid, s.invalid, "invalid"],
    [t.create, s.create, "create"],
    [t.update, s.update, "update"],
  ];

  return (
    <div className="space-y-8">
      <section aria-labelledby={`${id}-stats`}>
        <h3 id={`${id}-stats`} className="text-base font-semibold text-stone-900">
          {t.statsTitle}
        </h3>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {stats.map(([label, value, key]) => (
            <div key={key} className="rounded-xl border border-stone-200 bg-stone-50 p-3" data-stat={key}>
              <dt className="text-xs font-medium text-stone-600">{label}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums text-stone-900">{formatCount(value)}</dd>
            </div>
          ))}
        </dl>
        {result.aiFollowUps > 0 && (
          <p className="mt-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900" data-ai-follow-ups>
            {t.aiFollowUps(result.aiFollowUps)}
          </p>
        )}
      </section>

      {result.warnings.length > 0 && (
        <section aria-labelledby={`${id}-warnings`} className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" data-import-warnings>
          <h3 id={`${id}-warnings`} className="font-semibold">
            {t.warningsTitle}
          </h3>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {result.warnings.slice(0, PREVIEW_WARNINGS).map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
          {result.warnings.length > PREVIEW_WARNINGS && <p className="mt-1 font-medium">{t.more(result.warnings.length - PREVIEW_WARNINGS)}</p>}
        </section>
      )}

      {notice && (
        <section aria-labelledby={`${id}-plan`} className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5" data-plan-notice>
          <h3 id={`${id}-plan`} className="text-base font-semibold text-amber-950">
            {notice.title}
          </h3>
          {notice.text && <p className="mt-1 text-sm text-amber-900">{notice.text}</p>}
          {notice.updates && <p className="mt-1 text-sm text-amber-900">{notice.updates}</p>}
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
            {notice.action && (
              <Button onClick={() => void wizard.confirmImport(true)} disabled={importing || expired} aria-busy={importing || undefined}>
                {importing ? t.importing : notice.action}
              </Button>
            )}
            <ButtonLink href="/contacts" variant="secondary">
              {t.upgrade}
            </ButtonLink>
          </div>
        </section>
      )}

      <section aria-labelledby={`${id}-products`}>
        <h3 id={`${id}-products`} className="text-base font-semibold text-stone-900">
          {t.productsTitle}
        </h3>
        {result.priceSentence && (
          <p className="mt-1 text-sm text-stone-700" data-price-sentence>
            {result.priceSentence}
          </p>
        )}
        {result.products.length === 0 ? (
          <p className="mt-2 text-sm text-stone-500">{t.noProducts}</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-preview-products>
            {result.products.slice(0, PREVIEW_PRODUCTS).map((p, i) => (
              <PreviewCard key={i} product={p} />
            ))}
          </ul>
        )}
      </section>

      {errors.length > 0 && (
        <section aria-labelledby={`${id}-errors`}>
          <h3 id={`${id}-errors`} className="text-base font-semibold text-stone-900">
            {t.errorsTitle}
          </h3>
          <ul className="mt-3 divide-y divide-red-100 rounded-xl border border-red-200 bg-red-50" data-import-errors>
            {errors.map((e, i) => (
              <li key={i} className="px-4 py-2.5 text-sm text-red-900">
                {e.rowIndex !== undefined && <span className="font-semibold">{t.row(e.rowIndex)}</span>}
                {e.product && <span className="font-medium"> · {e.product}</span>}
                <span className="sr-only">: </span>
                <span className="block">{e.errors.join("; ") || describeRowError(e)}</span>
              </li>
            ))}
          </ul>
          {more && <p className="mt-2 text-sm font-medium text-red-800">{more}</p>}
          {s.invalid > 0 && result.processId && (
            <a href={errorReportUrl(result.processId)} download className="mt-2 inline-block text-sm font-semibold text-brand-800 underline hover:no-underline">
              {t.errorReport}
            </a>
          )}
        </section>
      )}

      {expired && (
        <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <p>{t.expired}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={wizard.processAgain}>
            {t.processAgain}
          </Button>
        </div>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={wizard.reset} disabled={importing}>
          {t.cancel}
        </Button>
        {!notice ? (
          <Button onClick={() => void wizard.confirmImport()} disabled={importing || expired || s.valid === 0} aria-busy={importing || undefined}>
            {importing ? t.importing : t.confirm}
          </Button>
        ) : (
          notice.action && (
            <Button onClick={() => void wizard.confirmImport(true)} disabled={importing || expired} aria-busy={importing || undefined}>
              {importing ? t.importing : notice.action}
            </Button>
          )
        )}
      </div>
    </div>
  );
}

function PreviewCard({ product: p }: { product: PreviewProduct }) {
  const status =
    p.status === "uncertain" ? (
      <Badge tone="amber">{t.statusUncertain}</Badge>
    ) : p.status === "incorrect" ? (
      <Badge tone="red">{t.statusIncorrect}</Badge>
    ) : (
      <Badge tone="green">{t.statusNormal}</Badge>
    );
  return (
    <li className="flex gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm">
      {p.image_url?.startsWith("/") ? (
        <img src={p.image_url} alt="" loading="lazy" className="h-16 w-16 shrink-0 rounded-lg bg-stone-100 object-cover" />
      ) : p.image_url ? (
        // Another site's picture: the page does not load it (CSP); the import copies it.
        <div className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg bg-stone-100 p-1 text-center text-[11px] leading-tight text-stone-600" title={t.imageLater} data-image-later>
          {t.imageLaterShort}
        </div>
      ) : (
        <div className="h-16 w-16 shrink-0 rounded-lg bg-stone-100" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm font-semibold text-stone-900" title={p.name}>
          {p.name}
        </p>
        <p className="truncate text-xs text-stone-600">{[p.brand, p.category].filter(Boolean).join(" · ")}</p>
        <p className="mt-1 text-sm font-semibold text-stone-900">{p.price !== null ? formatPrice(p.price) : <span className="font-normal text-stone-500">{t.noPrice}</span>}</p>
        <div className="mt-1.5 flex flex-wrap gap-1.5">
          {status}
          {p.action === "update" ? <Badge tone="brand">{t.actionUpdate}</Badge> : p.action === "create" ? <Badge tone="stone">{t.actionCreate}</Badge> : null}
          {p.availability !== "in_stock" && <Badge tone="stone">{it.product.availability[p.availability]}</Badge>}
        </div>
      </div>
    </li>
  );
}
