// The report's two charts, drawn by hand (docs/decisions/020-analytics.md): bars by day and
// shares as horizontal bars. Each carries its figures as text for screen readers.
import type { DayCount } from "../../generated";
import { it } from "../../i18n/it";
import { shortDate } from "./api";
import { formatCount } from "../../lib/format";

const t = it.report;

/** One bar per day, the highest reaching the top; the summary and a hidden table say the
 * same in words. */
export function DayBars({ days, label, tone = "brand" }: { days: DayCount[]; label: string; tone?: "brand" | "green" }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const best = total > 0 ? days.reduce((a, b) => (b.count > a.count ? b : a)) : null;
  const summary = `${label}: ${t.chartSummary(total, days.length, best ? shortDate(best.date) : null)}`;
  const width = days.length * 10;
  const fill = tone === "brand" ? "fill-brand-600" : "fill-emerald-600";
  return (
    <figure className="m-0">
      <div className="flex items-stretch gap-2">
        <div className="flex w-8 shrink-0 flex-col justify-between text-right text-[11px] tabular-nums text-stone-500" aria-hidden="true">
          <span>{max}</span>
          <span>0</span>
        </div>
        <svg role="img" aria-label={summary} viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" className="h-40 w-full border-b border-l border-stone-300">
          {days.map((d, i) => {
            const h = (d.count / max) * 96;
            return (
              <rect key={d.date} x={i * 10 + 1.5} y={100 - h} width={7} height={h} className={fill}>
                <title>{`${shortDate(d.date)}: ${d.count}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {days.length > 0 && (
        <div className="ml-10 mt-1 flex justify-between text-[11px] text-stone-500" aria-hidden="true">
          <span>{shortDate(days[0].date)}</span>
          <span>{shortDate(days[days.length - 1].date)}</span>
        </div>
      )}
      <figcaption className="sr-only">{summary}</figcaption>
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t.dayColumn}</th>
            <th scope="col">{t.countColumn}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <td>{shortDate(d.date)}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export interface Share {
  label: string;
  value: number;
  /** Said after the figure, e.g. "12 volte". */
  caption?: string;
}

/** Items as a list, each with a bar as long as its share of the largest. */
export function ShareBars({ items, empty }: { items: Share[]; empty: string }) {
  const max = Math.max(0, ...items.map((i) => i.value));
  if (max === 0) return <p className="text-sm text-stone-500">{empty}</p>;
  return (
    <ol className="space-y-3">
      {items.map((item) => (
        <li key={item.label}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate text-stone-800" title={item.label}>
              {item.label}
            </span>
            <span className="shrink-0 font-semibold tabular-nums text-stone-900">{item.caption ?? formatCount(item.value)}</span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-stone-100" aria-hidden="true">
            <div className="h-2 rounded-full bg-brand-600" style={{ width: `${(item.value / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}
