import { Badge } from "../../../components/ui/Badge";
import { Select, TextOptions } from "../../../components/ui/Field";
import { it } from "../../../i18n/it";
import type { Analysis } from "../api";
import { mappingFields, type Mapping, type MappingKey } from "../logic";

const t = it.upload.mapping;

/** One select per field, naming the file's column it is read from; `problem` (the mapping
 * refused) marks the required ones. `id` prefixes every id, `${id}-name` being the first
 * focused on a refusal. */
export function ColumnMapping({
  id,
  analysis,
  mapping,
  problem,
  onChange,
}: {
  id: string;
  analysis: Analysis;
  mapping: Mapping;
  problem: string | null;
  onChange: (key: MappingKey, header: string) => void;
}) {
  return (
    <fieldset>
      <legend className="sr-only">{t.title}</legend>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {mappingFields(analysis.mapping).map((f) => {
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
                onChange={(e) => onChange(f.key as MappingKey, e.target.value)}
                aria-invalid={invalid || undefined}
                aria-required={f.required || undefined}
                aria-describedby={`${selectId}-help${invalid ? ` ${id}-problem` : ""}`}
                className={invalid ? "border-red-500" : undefined}
              >
                <option value="">{t.notMapped}</option>
                <TextOptions values={analysis.headers} />
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
  );
}
