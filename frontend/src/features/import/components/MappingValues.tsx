import { Input, Label, Select, TextOptions } from "../../../components/ui/Field";
import { it } from "../../../i18n/it";
import { MAX_NAME_PARTS, type MappingExtras } from "../logic";

const t = it.upload.mapping;

type ChangeExtras = (change: (e: MappingExtras) => MappingExtras) => void;

/** Values for every row beside the columns: a brand and a category, and columns joined to
 * the name. `id` prefixes every id. */
export function RowValues({ id, extras, headers, onChange }: { id: string; extras: MappingExtras; headers: string[]; onChange: ChangeExtras }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-stone-900">{t.valuesTitle}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-fixed-brand`}>{t.fixedBrand}</Label>
          <Input
            id={`${id}-fixed-brand`}
            value={extras.fixed.brand ?? ""}
            maxLength={100}
            onChange={(e) => onChange((x) => ({ ...x, fixed: { ...x.fixed, brand: e.target.value } }))}
            aria-describedby={`${id}-fixed-help`}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-fixed-category`}>{t.fixedCategory}</Label>
          <Input
            id={`${id}-fixed-category`}
            value={extras.fixed.category ?? ""}
            maxLength={100}
            onChange={(e) => onChange((x) => ({ ...x, fixed: { ...x.fixed, category: e.target.value } }))}
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
                onChange((x) => {
                  const parts = [...x.nameParts];
                  parts[i] = e.target.value;
                  return { ...x, nameParts: parts.map((p) => p ?? "") };
                })
              }
              aria-describedby={`${id}-name-parts-help`}
            >
              <option value="">{t.namePartNone}</option>
              <TextOptions values={headers} />
            </Select>
          </div>
        ))}
      </div>
      <p id={`${id}-name-parts-help`} className="text-xs text-stone-500">
        {t.namePartsHelp}
      </p>
    </fieldset>
  );
}

/** Whether the file's prices include VAT, and the rate to add when they do not. */
export function VatChoice({ id, extras, onChange }: { id: string; extras: MappingExtras; onChange: ChangeExtras }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-stone-900">{t.vatTitle}</legend>
      <Radio id={`${id}-vat-in`} name={`${id}-vat`} checked={extras.pricesIncludeVat} onChange={() => onChange((x) => ({ ...x, pricesIncludeVat: true }))} label={t.vatIncluded} />
      <Radio id={`${id}-vat-out`} name={`${id}-vat`} checked={!extras.pricesIncludeVat} onChange={() => onChange((x) => ({ ...x, pricesIncludeVat: false }))} label={t.vatExcluded} />
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
            onChange={(e) => onChange((x) => ({ ...x, vatRate: Math.min(100, Math.max(0, Math.round(Number(e.target.value) || 0))) }))}
          />
        </div>
      )}
      <p className="text-xs text-stone-500">{t.vatHelp}</p>
    </fieldset>
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
