import { useId, type FormEvent } from "react";
import { Badge } from "../../../components/ui/Badge";
import { Button } from "../../../components/ui/Button";
import { Input, Label, Select } from "../../../components/ui/Field";
import { it } from "../../../i18n/it";
import { allowanceLines, mappingFields, MAX_NAME_PARTS, type MappingKey } from "../logic";
import type { ImportWizard, WizardState } from "../useImportWizard";
import { SampleRowsTable } from "./SampleRowsTable";

const t = it.upload.mapping;

/** State "mapping": one select per field, the first rows of the file, the AI options. */
export function MappingStep({ state, wizard }: { state: Extract<WizardState, { step: "mapping" }>; wizard: ImportWizard }) {
  const id = useId();
  const { analysis, mapping, extras, options, problem } = state;
  const fields = mappingFields(analysis.mapping);
  const allowance = allowanceLines(analysis.limits, analysis.totalRows);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!wizard.submitMapping()) document.getElementById(`${id}-name`)?.focus();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-8">
      <div className="space-y-2">
        <p className="text-sm text-stone-600">{t.intro(analysis.totalRows, state.file.name)}</p>
        {allowance && (
          <p className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm text-stone-800" data-plan-allowance>
            {allowance.line}
            {allowance.hint && <span className="mt-0.5 block font-medium text-amber-800">{allowance.hint}</span>}
          </p>
        )}
      </div>

      {analysis.formatNote && (
        <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900" data-format-note>
          {analysis.formatNote}
        </p>
      )}

      {analysis.sheets.length > 1 && (
        <div className="rounded-lg border border-stone-200 p-4">
          <Label htmlFor={`${id}-sheet`}>{t.sheet}</Label>
          <Select id={`${id}-sheet`} value={analysis.sheet ?? ""} onChange={(e) => void wizard.chooseFile(state.file, e.target.value)} className="sm:max-w-md">
            {analysis.sheets.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
          {analysis.sheetNote && <p className="mt-2 text-sm text-stone-600" data-sheet-note>{analysis.sheetNote}</p>}
        </div>
      )}

      {analysis.warnings.length > 0 && (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">{t.warnings}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {analysis.warnings.slice(0, 5).map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </div>
      )}

      <fieldset>
        <legend className="sr-only">{t.title}</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {fields.map((f) => {
            const selectId = `${id}-${f.key}`;
            const invalid = f.required && Boolean(problem);
            return (
              <div key={f.key}>
                <label htmlFor={selectId} className="mb-1.5 flex flex-wrap items-center gap-2 text-sm font-medium text-stone-800">
                  <span>
                    <span className="font-mono text-stone-900">{f.key}</span> <span className="text-stone-500">/ {f.italian}</span>
                  </span>
                  {f.required && <Badge tone="brand">{it.upload.required}</Badge>}
                </label>
                <Select
                  id={selectId}
                  name={f.key}
                  data-field={f.key}
                  value={mapping[f.key] ?? ""}
                  onChange={(e) => wizard.setMapping(f.key as MappingKey, e.target.value)}
                  aria-invalid={invalid || undefined}
                  aria-required={f.required || undefined}
                  aria-describedby={`${selectId}-help${invalid ? ` ${id}-problem` : ""}`}
                  className={invalid ? "border-red-500" : undefined}
                >
                  <option value="">{t.notMapped}</option>
                  {analysis.headers.map((h) => (
                    <option key={h} value={h}>
                      {h}
                    </option>
                  ))}
                </Select>
                <p id={`${selectId}-help`} className="mt-1 text-xs text-stone-500">
                  {f.help}
                </p>
              </div>
            );
          })}
        </div>
        {analysis.savedMapping && (
          <p className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900" data-saved-mapping>
            {t.saved}
          </p>
        )}
        {analysis.priceNote && (
          <p className="mt-4 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900" data-price-note>
            {analysis.priceNote}
          </p>
        )}
        {problem && (
          <p id={`${id}-problem`} role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
            {problem}
          </p>
        )}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-stone-900">{t.valuesTitle}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-fixed-brand`}>{t.fixedBrand}</Label>
            <Input
              id={`${id}-fixed-brand`}
              value={extras.fixed.brand ?? ""}
              maxLength={100}
              onChange={(e) => wizard.setExtras((x) => ({ ...x, fixed: { ...x.fixed, brand: e.target.value } }))}
              aria-describedby={`${id}-fixed-help`}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-fixed-category`}>{t.fixedCategory}</Label>
            <Input
              id={`${id}-fixed-category`}
              value={extras.fixed.category ?? ""}
              maxLength={100}
              onChange={(e) => wizard.setExtras((x) => ({ ...x, fixed: { ...x.fixed, category: e.target.value } }))}
              aria-describedby={`${id}-fixed-help`}
            />
          </div>
        </div>
        <p id={`${id}-fixed-help`} className="text-xs text-stone-500">
          {t.fixedHelp}
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          {Array.from({ length: MAX_NAME_PARTS }, (_, i) => (
            <div key={i}>
              <Label htmlFor={`${id}-name-part-${i}`}>{t.namePart(i + 1)}</Label>
              <Select
                id={`${id}-name-part-${i}`}
                value={extras.nameParts[i] ?? ""}
                onChange={(e) =>
                  wizard.setExtras((x) => {
                    const parts = [...x.nameParts];
                    parts[i] = e.target.value;
                    return { ...x, nameParts: parts.map((p) => p ?? "") };
                  })
                }
                aria-describedby={`${id}-name-parts-help`}
              >
                <option value="">{t.namePartNone}</option>
                {analysis.headers.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </Select>
            </div>
          ))}
        </div>
        <p id={`${id}-name-parts-help`} className="text-xs text-stone-500">
          {t.namePartsHelp}
        </p>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-stone-900">{t.vatTitle}</legend>
        <Radio id={`${id}-vat-in`} name={`${id}-vat`} checked={extras.pricesIncludeVat} onChange={() => wizard.setExtras((x) => ({ ...x, pricesIncludeVat: true }))} label={t.vatIncluded} />
        <Radio id={`${id}-vat-out`} name={`${id}-vat`} checked={!extras.pricesIncludeVat} onChange={() => wizard.setExtras((x) => ({ ...x, pricesIncludeVat: false }))} label={t.vatExcluded} />
        {!extras.pricesIncludeVat && (
          <div className="max-w-xs pl-7">
            <Label htmlFor={`${id}-vat-rate`}>{t.vatRate}</Label>
            <Input
              id={`${id}-vat-rate`}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              value={extras.vatRate}
              onChange={(e) => wizard.setExtras((x) => ({ ...x, vatRate: Math.min(100, Math.max(0, Math.round(Number(e.target.value) || 0))) }))}
            />
          </div>
        )}
        <p className="text-xs text-stone-500">{t.vatHelp}</p>
      </fieldset>

      <section aria-labelledby={`${id}-sample`}>
        <h3 id={`${id}-sample`} className="text-base font-semibold text-stone-900">
          {t.sampleTitle}
        </h3>
        <SampleRowsTable headers={analysis.headers} rows={analysis.sampleData} mapping={mapping} />
      </section>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-stone-900">{t.optionsTitle}</legend>
        <Checkbox id={`${id}-tidy-names`} checked={extras.tidyNames} onChange={(v) => wizard.setExtras((x) => ({ ...x, tidyNames: v }))} label={t.tidyNames} />
        <Checkbox id={`${id}-regen-name`} checked={options.regenerateName} onChange={(v) => wizard.setOption("regenerateName", v)} label={t.regenerateName} />
        <Checkbox
          id={`${id}-regen-present`}
          checked={options.regeneratePresentProducts}
          onChange={(v) => wizard.setOption("regeneratePresentProducts", v)}
          label={t.regeneratePresent}
        />
      </fieldset>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={wizard.reset}>
          {t.chooseAnother}
        </Button>
        <Button type="submit">{t.submit}</Button>
      </div>
    </form>
  );
}

function Radio({ id, name, checked, onChange, label }: { id: string; name: string; checked: boolean; onChange: () => void; label: string }) {
  return (
    <div className="flex items-start gap-3">
      <input id={id} name={name} type="radio" checked={checked} onChange={onChange} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700" />
      <label htmlFor={id} className="text-sm text-stone-800">
        {label}
      </label>
    </div>
  );
}

function Checkbox({ id, checked, onChange, label }: { id: string; checked: boolean; onChange: (v: boolean) => void; label: string }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-stone-300 accent-brand-700"
      />
      <label htmlFor={id} className="text-sm text-stone-800">
        {label}
      </label>
    </div>
  );
}
