import { Button } from "../../../components/ui/Button";
import { it } from "../../../i18n/it";
import type { Product } from "../../../types";
import type { DashboardList } from "../useDashboardList";
import { ProductList } from "./ProductList";

const t = it.dashboard.grid;

/** The grid as the server's answer stands: a failed reading says so with "Riprova", the first
 * reading is a status line, later ones keep the last page shown (busy) until the next. */
export function DashboardProducts({
  list,
  storeIsEmpty,
  onRetry,
  onEdit,
  onDelete,
  onAdd,
}: {
  list: DashboardList;
  storeIsEmpty: boolean;
  onRetry: () => void;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
  onAdd: () => void;
}) {
  const { listing } = list;
  return (
    <>
      {listing.kind === "error" && (
        <div role="alert" className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {t.loadError}
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {t.retry}
          </Button>
        </div>
      )}
      {!list.result && listing.kind === "loading" ? (
        <p role="status" className="mt-10 text-center text-sm text-stone-600">
          {t.loading}
        </p>
      ) : (
        <ProductList
          view={list.view}
          busy={listing.kind === "loading"}
          storeIsEmpty={storeIsEmpty}
          onPage={list.setPage}
          onEdit={onEdit}
          onDelete={onDelete}
          onAddFirst={onAdd}
          onClearFilters={list.clear}
        />
      )}
    </>
  );
}
