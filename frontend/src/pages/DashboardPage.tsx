import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../components/ui/Button";
import { Container } from "../components/ui/Container";
import { Modal } from "../components/ui/Modal";
import { useToast } from "../components/ui/Toast";
import { AccountPanel } from "../features/dashboard/components/AccountPanel";
import { ConfirmDialog } from "../features/dashboard/components/ConfirmDialog";
import { DashboardHeader } from "../features/dashboard/components/DashboardHeader";
import { Filters } from "../features/dashboard/components/Filters";
import { ProductDialog, type ProductDialogState } from "../features/dashboard/components/ProductDialog";
import { ProductList } from "../features/dashboard/components/ProductList";
import { ShareDialog } from "../features/dashboard/components/ShareDialog";
import { StoreBanner } from "../features/dashboard/components/StoreBanner";
import { StoreSettingsDialog } from "../features/dashboard/components/StoreSettingsDialog";
import { downloadCsv } from "../features/dashboard/download";
import { useLoginRequired } from "../features/accounts/hooks/useLoginRequired";
import {
  categoriesOf,
  changeList,
  clearFilters,
  exportFileName,
  initialListState,
  listView,
  productsToCsv,
  type ListState,
} from "../features/dashboard/logic";
import { useDashboard } from "../features/dashboard/useDashboard";
import { useDeletions } from "../features/dashboard/useDeletions";
import { it } from "../i18n/it";
import { useSession } from "../lib/session";

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

/** /dashboard: the owner's catalogue (spec section 2, "Dashboard"; section 4, "Session"). */
export function DashboardPage() {
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const data = useDashboard(session.status === "owner");
  const [list, setList] = useState<ListState>(initialListState);
  const [dialog, setDialog] = useState<ProductDialogState>(null);
  const [sharing, setSharing] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const deletions = useDeletions(data);

  // Never logged in here: told as an expired session (spec section 4). A session lost while
  // working ("expired") is told by the session itself; after the owner's own logout
  // ("loggedOut") nothing is said but "Logout effettuato".
  const notAuthenticated = session.status === "anonymous";
  const gone = notAuthenticated || session.status === "expired" || session.status === "loggedOut";
  const noStore = session.status === "noStore" || data.load.kind === "noStore";
  useLoginRequired(notAuthenticated);

  useEffect(() => {
    if (noStore) navigate("/create", { replace: true });
  }, [noStore, navigate]);

  const categories = useMemo(() => categoriesOf(data.products), [data.products]);
  const view = useMemo(() => listView(data.products, list), [data.products, list]);

  if (session.status === "loading" || !session.status) return <Loading title={t.initialising} text={t.loadingStoreShort} />;
  if (gone || noStore || data.load.kind === "unauthorized") return <Loading title={t.initialising} text={t.loadingStoreShort} />;
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

  const change = (patch: Partial<Omit<ListState, "page">>) => setList((s) => changeList(s, patch));
  const clear = () => setList((s) => clearFilters(s));
  const setPage = (page: number) => {
    setList((s) => ({ ...s, page }));
    window.scrollTo({ top: 0 });
  };

  const exportCsv = () => {
    if (!data.products.length) {
      toast({ title: t.errorTitle, description: t.export.nothing, destructive: true });
      return;
    }
    downloadCsv(productsToCsv(data.products), exportFileName(store.name, new Date()));
    toast({ title: t.export.done, description: t.export.doneText(data.products.length) });
  };

  const inlineFilters = <Filters state={list} categories={categories} onChange={change} idPrefix="bar" />;

  return (
    <div className="pb-16">
      <DashboardHeader
        store={store}
        search={list.search}
        onSearch={(search) => change({ search })}
        onOpenFilters={() => setFiltersOpen(true)}
        onOpenAccount={() => setAccountOpen(true)}
        filters={<Filters state={list} categories={categories} onChange={change} idPrefix="compact" />}
      />
      <Container className="pt-6">
        <StoreBanner
          store={store}
          onShare={() => setSharing(true)}
          onAddSingle={() => setDialog({ mode: "add" })}
          onImport={() => navigate("/upload")}
          onExport={exportCsv}
          onBulkDelete={deletions.askBulk}
        />
        <div className="mt-6 hidden items-center justify-between gap-4 lg:flex">
          {inlineFilters}
        </div>
        <ProductList
          view={view}
          storeIsEmpty={data.products.length === 0}
          onPage={setPage}
          onEdit={(product) => setDialog({ mode: "edit", product })}
          onDelete={deletions.askProduct}
          onAddFirst={() => setDialog({ mode: "add" })}
          onClearFilters={clear}
        />
        <p className="mt-10 rounded-xl border border-amber-200 bg-amber-50 p-4 text-xs text-amber-900" data-ai-disclaimer>
          {t.grid.disclaimer}
        </p>
      </Container>

      <Modal open={filtersOpen} onClose={() => setFiltersOpen(false)} title={t.filters.title}>
        <Filters state={list} categories={categories} onChange={change} idPrefix="sheet" stacked />
        <div className="mt-6 flex justify-between gap-2">
          <Button variant="secondary" onClick={clear}>
            {t.filters.clear}
          </Button>
          <Button onClick={() => setFiltersOpen(false)}>{t.filters.apply}</Button>
        </div>
      </Modal>
      <ShareDialog open={sharing} onClose={() => setSharing(false)} store={store} />
      <ProductDialog
        state={dialog}
        store={store}
        onClose={() => setDialog(null)}
        onAdded={data.addProduct}
        onUpdated={data.replaceProduct}
        onRegenerated={data.countRegeneration}
      />
      <AccountPanel
        open={accountOpen}
        onClose={() => setAccountOpen(false)}
        store={store}
        productCount={data.products.length}
        limits={data.limits}
        onEditInfo={() => {
          setAccountOpen(false);
          setSettingsOpen(true);
        }}
        onFilters={() => {
          setAccountOpen(false);
          setFiltersOpen(true);
        }}
        onLogout={() => {
          setAccountOpen(false);
          session.requestLogout?.();
        }}
        onDeleteAccount={() => {
          setAccountOpen(false);
          deletions.askAccount();
        }}
      />
      <StoreSettingsDialog
        open={settingsOpen}
        store={store}
        onClose={() => setSettingsOpen(false)}
        onSaved={(s) => {
          data.setStore(s);
          session.setStore?.(s);
        }}
      />
      <ConfirmDialog
        open={deletions.pending !== null}
        title={deletions.pending?.kind === "account" ? t.account.deleteTitle : t.confirm.title}
        text={deletions.text}
        confirmLabel={deletions.pending?.kind === "account" ? t.account.deleteConfirm : t.confirm.confirm}
        busyLabel={t.confirm.deleting}
        cancelLabel={t.confirm.cancel}
        busy={deletions.busy}
        onCancel={deletions.cancel}
        onConfirm={deletions.confirm}
      />
    </div>
  );
}
