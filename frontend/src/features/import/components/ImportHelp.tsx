import { IconArrowRight, IconBox } from "../../../components/ui/Icons";
import { it } from "../../../i18n/it";
import { TEMPLATE_URL } from "../api";
import { mappingField, MAPPING_KEYS } from "../logic";

const t = it.upload;

/** Set by frontend/build.mjs: the import guide's content-hashed name under /assets. */
declare const __IMPORT_GUIDE_URL__: string;
const GUIDE_URL = typeof __IMPORT_GUIDE_URL__ === "string" ? __IMPORT_GUIDE_URL__ : "/assets/guida-importazione.pdf";

/** How-it-works panel, template download, supported fields and the PDF guide. */
export function ImportHelp() {
  return (
    <div className="space-y-6">
      <section aria-labelledby="import-how" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
        <h2 id="import-how" className="text-base font-semibold text-stone-900">
          {t.howTitle}
        </h2>
        <ol className="mt-3 space-y-3">
          {t.howSteps.map((s, i) => (
            <li key={s.title} className="flex gap-3">
              <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-800 ring-1 ring-brand-600/20">{i + 1}</span>
              <div>
                <p className="text-sm font-semibold text-stone-900">{s.title}</p>
                <p className="text-sm text-stone-600">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="import-template" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
        <h2 id="import-template" className="text-base font-semibold text-stone-900">
          {t.templateTitle}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t.templateText}</p>
        <a href={TEMPLATE_URL} download className="mt-3 inline-flex items-center gap-2 text-sm font-semibold text-brand-800 underline hover:no-underline">
          <IconBox width={16} height={16} />
          {t.templateLink}
        </a>
        <h3 className="mt-5 text-sm font-semibold text-stone-900">{t.guideTitle}</h3>
        <p className="mt-1 text-sm text-stone-600">{t.guideText}</p>
        <a href={GUIDE_URL} target="_blank" rel="noopener" className="mt-2 inline-flex items-center gap-2 text-sm font-semibold text-brand-800 underline hover:no-underline">
          <IconArrowRight width={16} height={16} />
          {t.guideLink}
          <span className="sr-only"> {it.common.newTab}</span>
        </a>
      </section>

      <section aria-labelledby="import-fields" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
        <h2 id="import-fields" className="text-base font-semibold text-stone-900">
          {t.fieldsTitle}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t.fieldsIntro}</p>
        <dl className="mt-3 space-y-2.5">
          {MAPPING_KEYS.map(mappingField).map((f) => (
            <div key={f.key}>
              <dt className="text-sm font-medium text-stone-900">
                <span className="font-mono">{f.key}</span> <span className="text-stone-500">/ {f.italian}</span>
                {f.required && <span className="ml-1.5 text-xs font-semibold text-brand-800">({t.required})</span>}
              </dt>
              <dd className="text-xs text-stone-600">{f.help}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
