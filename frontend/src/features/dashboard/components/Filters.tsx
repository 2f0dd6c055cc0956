import { Button } from "../../../components/ui/Button";
import { Select } from "../../../components/ui/Field";
import { Modal } from "../../../components/ui/Modal";
import { it } from "../../../i18n/it";
import { SORT_KEYS, STOCK_FILTERS, type ListState, type SortKey, type StockFilter } from "../logic";

const t = it.dashboard.filters;

/** Sort, stock and category selects; `idPrefix` keeps ids unique where the filters appear twice. */
export function Filters({
  state,
  categories,
  onChange,
  idPrefix,
  stacked,
}: {
  state: ListState;
  categories: string[];
  onChange: (patch: Partial<Omit<ListState, "page">>) => void;
  idPrefix: string;
  stacked?: boolean;
}) {
  const label = stacked ? "mb-1.5 block text-sm font-medium text-stone-800" : "sr-only";
  const select = stacked ? "" : "w-auto py-2";
  return (
    <div className={stacked ? "flex flex-col gap-4" : "flex flex-wrap items-center gap-2"}>
      <div>
        <label htmlFor={`${idPrefix}-sort`} className={label}>
          {t.sort}
        </label>
        <Select id={`${idPrefix}-sort`} className={select} value={state.sort} onChange={(e) => onChange({ sort: e.target.value as SortKey })}>
          {SORT_KEYS.map((k) => (
            <option key={k} value={k}>
              {t.sortOptions[k]}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-stock`} className={label}>
          {t.stock}
        </label>
        <Select id={`${idPrefix}-stock`} className={select} value={state.stock} onChange={(e) => onChange({ stock: e.target.value as StockFilter })}>
          {STOCK_FILTERS.map((k) => (
            <option key={k} value={k}>
              {t.stockOptions[k]}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-category`} className={label}>
          {t.category}
        </label>
        <Select id={`${idPrefix}-category`} className={select} value={state.category} onChange={(e) => onChange({ category: e.target.value })}>
          <option value="all">{t.allCategories}</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

/** The filters as a sheet (narrow screens, and the account panel's "Filtri"): "Applica" closes
 * it, as the filters apply at once. */
export function FiltersSheet({
  open,
  onClose,
  onClear,
  ...filters
}: {
  open: boolean;
  onClose: () => void;
  onClear: () => void;
  state: ListState;
  categories: string[];
  onChange: (patch: Partial<Omit<ListState, "page">>) => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={t.title}>
      <Filters {...filters} idPrefix="sheet" stacked />
      <div className="mt-6 flex justify-between gap-2">
        <Button variant="secondary" onClick={onClear}>
          {t.clear}
        </Button>
        <Button onClick={onClose}>{t.apply}</Button>
      </div>
    </Modal>
  );
}
