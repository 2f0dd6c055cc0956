import { useState } from "react";
import { Button } from "../../../components/ui/Button";
import { IconBox } from "../../../components/ui/Icons";
import { it } from "../../../i18n/it";
import type { Product } from "../../../types";
import type { PageView } from "../useProductPage";
import { DashboardProductCard, statusDotClass, WarningIcon } from "./DashboardProductCard";

const t = it.dashboard.grid;

/** What the markers on this page's cards mean, in words: only the ones the page shows. */
function Legend({ items }: { items: Product[] }) {
  const uncertain = items.some((p) => p.status === "uncertain");
  const incorrect = items.some((p) => p.status === "incorrect");
  const outOfStock = items.some((p) => !p.in_stock);
  if (!uncertain && !incorrect && !outOfStock) return null;
  const dot = (status: "uncertain" | "incorrect") => <span aria-hidden="true" className={`inline-block h-3 w-3 shrink-0 rounded-full ${statusDotClass(status)}`} />;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-stone-600" data-legend>
      <span className="font-semibold text-stone-700" id="dashboard-legend">
        {t.legend}:
      </span>
      <ul aria-labelledby="dashboard-legend" className="contents">
        {uncertain && (
          <li className="inline-flex items-center gap-1.5" data-legend-item="uncertain">
            {dot("uncertain")} {t.uncertain}
          </li>
        )}
        {incorrect && (
          <li className="inline-flex items-center gap-1.5" data-legend-item="incorrect">
            {dot("incorrect")} {t.incorrect}
          </li>
        )}
        {outOfStock && (
          <li className="inline-flex items-center gap-1.5 first-letter:uppercase" data-legend-item="outOfStock">
            <span className="text-amber-600">
              <WarningIcon size={14} />
            </span>{" "}
            <span className="first-letter:uppercase">{t.outOfStock}</span>
          </li>
        )}
      </ul>
    </div>
  );
}

/** "Pagina X di Y" with Precedente/Successiva, and a page number to type: usable with a
 * thousand pages. */
function PageControl({ view, onPage }: { view: PageView; onPage: (page: number) => void }) {
  const [typed, setTyped] = useState("");
  const go = () => {
    const n = Number.parseInt(typed, 10);
    if (Number.isFinite(n)) onPage(Math.min(Math.max(1, n), view.pages));
    setTyped("");
  };
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={view.page <= 1} onClick={() => onPage(view.page - 1)}>
        {it.common.previous}
      </Button>
      <span className="text-sm text-stone-700" aria-live="polite" data-page>
        {it.common.page(view.page, view.pages)}
      </span>
      <Button variant="secondary" size="sm" disabled={view.page >= view.pages} onClick={() => onPage(view.page + 1)}>
        {it.common.next}
      </Button>
      {view.pages > 2 && (
        <form
          className="flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            go();
          }}
        >
          <label htmlFor="dashboard-page" className="sr-only">
            {t.goToLabel}
          </label>
          <input
            id="dashboard-page"
            inputMode="numeric"
            pattern="[0-9]*"
            value={typed}
            onChange={(e) => setTyped(e.target.value.replace(/\D/g, "").slice(0, 6))}
            placeholder={String(view.page)}
            className="w-20 rounded-lg border border-stone-300 px-2 py-1.5 text-sm"
          />
          <Button type="submit" variant="secondary" size="sm" disabled={!typed}>
            {t.goTo}
          </Button>
        </form>
      )}
    </div>
  );
}

/** The grid (2 columns up to 5), its pagination, and the two empty states. */
export function ProductList({
  view,
  busy,
  storeIsEmpty,
  onPage,
  onEdit,
  onDelete,
  onAddFirst,
  onClearFilters,
}: {
  view: PageView;
  /** A newer page is on its way: the grid stays, dimmed. */
  busy: boolean;
  storeIsEmpty: boolean;
  onPage: (page: number) => void;
  onEdit: (p: Product) => void;
  onDelete: (p: Product) => void;
  onAddFirst: () => void;
  onClearFilters: () => void;
}) {
  if (storeIsEmpty || view.total === 0) {
    return (
      <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-14 text-center">
        <IconBox width={40} height={40} className="text-stone-400" />
        <h2 className="mt-3 text-lg font-semibold text-stone-900">{storeIsEmpty ? t.emptyTitle : t.noMatchTitle}</h2>
        {storeIsEmpty && <p className="mt-1 max-w-md text-sm text-stone-600">{t.emptyText}</p>}
        <Button className="mt-5" variant={storeIsEmpty ? "primary" : "secondary"} onClick={storeIsEmpty ? onAddFirst : onClearFilters}>
          {storeIsEmpty ? t.emptyAction : t.noMatchAction}
        </Button>
      </div>
    );
  }
  return (
    <section aria-label={t.label} aria-busy={busy} className={`mt-6 transition-opacity ${busy ? "opacity-60" : ""}`}>
      <Legend items={view.items} />
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {view.items.map((p) => (
          <li key={p.id}>
            <DashboardProductCard product={p} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />
          </li>
        ))}
      </ul>
      <nav aria-label={t.pagination} className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
        <p className="text-sm text-stone-600" data-showing>
          {t.showing(view.from, view.to, view.total)}
        </p>
        <PageControl view={view} onPage={onPage} />
      </nav>
    </section>
  );
}
