import { Button } from "../components/ui/Button";
import { Container } from "../components/ui/Container";
import { AccountPanel } from "../features/dashboard/components/AccountPanel";
import { AiProgress } from "../features/dashboard/components/AiProgress";
import { DashboardHeader } from "../features/dashboard/components/DashboardHeader";
import { DashboardProducts } from "../features/dashboard/components/DashboardProducts";
import { DeletionDialog } from "../features/dashboard/components/DeletionDialog";
import { Filters, FiltersSheet } from "../features/dashboard/components/Filters";
import { ProductDialog } from "../features/dashboard/components/ProductDialog";
import { ShareDialog } from "../features/dashboard/components/ShareDialog";
import { InquiriesPanel } from "../features/dashboard/components/InquiriesPanel";
import { ReviewPanel } from "../features/dashboard/components/ReviewPanel";
import { StoreBanner } from "../features/dashboard/components/StoreBanner";
import { StoreSettingsDialog } from "../features/dashboard/components/StoreSettingsDialog";
import { useLoginRequired } from "../features/accounts/hooks/useLoginRequired";
import { useDashboardPage } from "../features/dashboard/useDashboardPage";
import { it } from "../i18n/it";
import type { Product } from "../types";

const t = it.dashboard;

function Loading({ title, text }: { title: string; text?: string }) {
  return (
    <Container className="py-24">
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />
        <p className="font-semibold text-stone-900">{title}</p>
        {text && <p className="text-sm text-stone-600">{text}</p>}
      </div>
    </Container>
  );
}

/** /dashboard: the owner's catalogue (docs/product/routes.md, "Dashboard"; docs/product/states.md, "Session").
 * What it does is useDashboardPage's; this renders it. */
export function DashboardPage() {
  const { session, navigate, data, list, deletions, dialog, setDialog, panels, version, refresh, exportCsv, notAuthenticated, waiting } = useDashboardPage();
  useLoginRequired(notAuthenticated);

  if (waiting) return <Loading title={t.initialising} text={t.loadingStoreShort} />;
  if (data.load.kind === "loading") return <Loading title={t.loadingStore} />;
  if (data.load.kind === "error" || !data.store) {
    return (
      <Container className="py-24 text-center">
        <p role="alert" className="font-semibold text-stone-900">
          {t.loadError}
        </p>
        <Button className="mt-4" onClick={data.reload}>
          {t.retry}
        </Button>
      </Container>
    );
  }
  const store = data.store;
  const { statusCounts } = list;
  const filters = { state: list.list, categories: list.categories, onChange: list.change };
  const add = () => setDialog({ mode: "add" });
  const edit = (product: Product) => setDialog({ mode: "edit", product });
  /** The account panel's actions each close it first. */
  const fromAccount = (action: () => void) => () => {
    panels.account.hide();
    action();
  };

  return (
    <div className="pb-16">
      <DashboardHeader
        store={store}
        search={list.list.search}
        onSearch={(search) => list.change({ search })}
        onOpenFilters={panels.filters.show}
        onOpenAccount={panels.account.show}
        filters={<Filters {...filters} idPrefix="compact" />}
      />
      <Container className="pt-6">
        <StoreBanner
          store={store}
          onShare={panels.share.show}
          onAddSingle={add}
          onImport={() => navigate("/upload")}
          onSync={() => navigate("/upload#sync")}
          onPhotoZip={() => navigate("/upload#foto-zip")}
          onExport={() => void exportCsv()}
          onBulkDelete={deletions.askBulk}
          toCheck={statusCounts ? statusCounts.uncertain + statusCounts.incorrect : null}
          onReview={panels.review.show}
          onInquiries={panels.inquiries.show}
        />
        <AiProgress
          version={version}
          onCompleted={() => {
            refresh();
            data.refreshStore();
          }}
        />
        <div className="mt-6 hidden items-center justify-between gap-4 lg:flex">
          <Filters {...filters} idPrefix="bar" />
        </div>
        <DashboardProducts list={list} storeIsEmpty={store.product_count === 0} onRetry={refresh} onEdit={edit} onDelete={deletions.askProduct} onAdd={add} />
        <p className="mt-10 rounded-xl border border-amber-200 bg-amber-50 p-4 text-xs text-amber-900" data-ai-disclaimer>
          {t.grid.disclaimer}
        </p>
      </Container>

      <InquiriesPanel open={panels.inquiries.open} onClose={panels.inquiries.hide} onChanged={data.refreshStore} />
      <ReviewPanel open={panels.review.open} onClose={panels.review.hide} onEdit={edit} onChanged={refresh} />
      <FiltersSheet open={panels.filters.open} onClose={panels.filters.hide} onClear={list.clear} {...filters} />
      <ShareDialog open={panels.share.open} onClose={panels.share.hide} store={store} />
      <ProductDialog
        state={dialog}
        store={store}
        onClose={() => setDialog(null)}
        onAdded={() => {
          data.countAdded();
          refresh();
        }}
        onUpdated={refresh}
        onRegenerated={data.countRegeneration}
      />
      <AccountPanel
        open={panels.account.open}
        onClose={panels.account.hide}
        store={store}
        productCount={store.product_count}
        limits={data.limits}
        onEditInfo={fromAccount(panels.settings.show)}
        onFilters={fromAccount(panels.filters.show)}
        onLogout={fromAccount(() => session.requestLogout?.())}
        onDeleteAccount={fromAccount(deletions.askAccount)}
      />
      <StoreSettingsDialog
        open={panels.settings.open}
        store={store}
        onClose={panels.settings.hide}
        onSaved={(s) => {
          data.setStore(s);
          session.setStore?.(s);
        }}
      />
      <DeletionDialog deletions={deletions} />
    </div>
  );
}
