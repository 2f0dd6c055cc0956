import { it } from "../../../i18n/it";
import type { Mapping } from "../logic";

const t = it.upload.mapping;

/** The first rows of the file as the server read them; mapped columns carry their field key. */
export function SampleRowsTable({ headers, rows, mapping }: { headers: string[]; rows: Array<Record<string, string>>; mapping: Mapping }) {
  if (!rows.length) return <p className="mt-2 text-sm text-stone-500">{t.noSample}</p>;
  const fieldOf = (h: string) => Object.entries(mapping).find(([, header]) => header === h)?.[0];
  return (
    <div className="mt-3 overflow-x-auto rounded-xl border border-stone-200" tabIndex={0} role="region" aria-label={t.sampleCaption}>
      <table className="min-w-full divide-y divide-stone-200 text-left text-sm">
        <caption className="sr-only">{t.sampleCaption}</caption>
        <thead className="bg-stone-50">
          <tr>
            {headers.map((h) => {
              const field = fieldOf(h);
              return (
                <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold text-stone-800">
                  {h}
                  {field && <span className="ml-1.5 rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs font-medium text-brand-800">{field}</span>}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 bg-white">
          {rows.map((row, i) => (
            <tr key={i}>
              {headers.map((h) => (
                <td key={h} className="max-w-[16rem] truncate px-3 py-2 text-stone-700" title={String(row[h] ?? "")}>
                  {String(row[h] ?? "")}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
