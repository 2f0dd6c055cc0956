import { useId, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { Label, Select, TextOptions } from "../../../components/ui/Field";
import { it } from "../../../i18n/it";
import { allowanceLines } from "../logic";
import type { ImportWizard, WizardState } from "../useImportWizard";
import { ColumnMapping } from "./ColumnMapping";
import { RowValues, VatChoice } from "./MappingValues";
import { SampleRowsTable } from "./SampleRowsTable";

const t = it.upload.mapping;

/** State "mapping": one select per field, the first rows of the file, the AI options. */
export function MappingStep({ state, wizard }: { state: Extract<WizardState, { step: "mapping" }>; wizard: ImportWizard }) {
  const id = useId();
  const { analysis, mapping, extras, options, problem } = state;
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
            <TextOptions values={analysis.sheets} />
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

      <ColumnMapping id={id} analysis={analysis} mapping={mapping} problem={problem} onChange={wizard.setMapping} />

      <RowValues id={id} extras={extras} headers={analysis.headers} onChange={wizard.setExtras} />

      <VatChoice id={id} extras={extras} onChange={wizard.setExtras} />

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
