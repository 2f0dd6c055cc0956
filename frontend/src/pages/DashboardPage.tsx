import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "../components/ui/Button";
import { Container } from "../components/ui/Container";
import { Input, Label } from "../components/ui/Field";
import { Modal } from "../components/ui/Modal";
import { useToast } from "../components/ui/Toast";
import { AccountPanel } from "../features/dashboard/components/AccountPanel";
import { AiProgress } from "../features/dashboard/components/AiProgress";
import { ConfirmDialog } from "../features/dashboard/components/ConfirmDialog";
import { DashboardHeader } from "../features/dashboard/components/DashboardHeader";
import { Filters } from "../features/dashboard/components/Filters";
import { ProductDialog, type ProductDialogState } from "../features/dashboard/components/ProductDialog";
import { ProductList } from "../features/dashboard/components/ProductList";
import { ShareDialog } from "../features/dashboard/components/ShareDialog";
import { InquiriesPanel } from "../features/dashboard/components/InquiriesPanel";
import { ReviewPanel } from "../features/dashboard/components/ReviewPanel";
import { StoreBanner } from "../features/dashboard/components/StoreBanner";
import { StoreSettingsDialog } from "../features/dashboard/components/StoreSettingsDialog";
import { useLoginRequired } from "../features/accounts/hooks/useLoginRequired";
import { exportCatalogue, messageOf } from "../features/dashboard/api";
import { saveFile } from "../features/dashboard/download";
import { changeList, clearFilters, listFromQuery, listQuery, type ListState } from "../features/dashboard/logic";
import { useDashboard } from "../features/dashboard/useDashboard";
import { useDeletions } from "../features/dashboard/useDeletions";
import { pageView, useProductPage } from "../features/dashboard/useProductPage";
import { it } from "../i18n/it";
import { isSessionLost } from "../lib/api";
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
  const location = useLocation();
  // The address holds the page, search, filters and order: a reload or a shared link opens
  // the same list, and going back to the dashboard finds it as it was left.
  const [list, setList] = useState<ListState>(() => listFromQuery(location.search));
  const [dialog, setDialog] = useState<ProductDialogState>(null);
  const [sharing, setSharing] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  // The owner's e-mail about a request links to /dashboard?richieste=1: the inbox opens.
  const [inquiriesOpen, setInquiriesOpen] = useState(() => new URLSearchParams(location.search).has("richieste"));
  /** Bumped after every write, so the page is read again from the server. */
  const [version, setVersion] = useState(0);
  const refresh = () => setVersion((v) => v + 1);
  const listing = useProductPage(data.store?.id ?? null, list, version);
  const result = listing.kind === "ready" ? listing.page : listing.last;
  const statusCounts = result?.status_counts;
  const deletions = useDeletions(
    data,
    data.store && statusCounts ? { all: data.store.product_count, uncertain: statusCounts.uncertain, incorrect: statusCounts.incorrect } : null,
    refresh,
  );

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

  useEffect(() => {
    const query = listQuery(list);
    if (window.location.search !== query) window.history.replaceState(window.history.state, "", `${window.location.pathname}${query}`);
  }, [list]);

  const categories = (result?.categories ?? []).map((c) => c.name);
  const view = pageView(result);
  // A page past the last (after deletions) shows the last one.
  const lastPage = listing.kind === "ready" && listing.page.page > listing.page.pages ? listing.page.pages : null;
  if (lastPage !== null && list.page !== lastPage) setList({ ...list, page: lastPage });

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

  // The server writes the file as it reads the catalogue (any size); the browser saves it.
  const exportCsv = async () => {
    if (!store.product_count) {
      toast({ title: t.errorTitle, description: t.export.nothing, destructive: true });
      return;
    }
    try {
      const { file, name, count } = await exportCatalogue();
      saveFile(file, name);
      toast({ title: t.export.done, description: t.export.doneText(count) });
    } catch (err) {
      if (isSessionLost(err)) return;
      toast({ title: t.errorTitle, description: messageOf(err, t.export.failed), destructive: true });
    }
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
          onSync={() => navigate("/upload#sync")}
          onPhotoZip={() => navigate("/upload#foto-zip")}
          onExport={() => void exportCsv()}
          onBulkDelete={deletions.askBulk}
          toCheck={statusCounts ? statusCounts.uncertain + statusCounts.incorrect : null}
          onReview={() => setReviewOpen(true)}
          onInquiries={() => setInquiriesOpen(true)}
        />
        <AiProgress
          version={version}
          onCompleted={() => {
            refresh();
            data.refreshStore();
          }}
        />
        <div className="mt-6 hidden items-center justify-between gap-4 lg:flex">
          {inlineFilters}
        </div>
        {listing.kind === "error" && (
          <div role="alert" className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {t.grid.loadError}
            <Button variant="secondary" size="sm" onClick={refresh}>
              {t.grid.retry}
            </Button>
          </div>
        )}
        {!result && listing.kind === "loading" ? (
          <p role="status" className="mt-10 text-center text-sm text-stone-600">
            {t.grid.loading}
          </p>
        ) : (
        <ProductList
          view={view}
          busy={listing.kind === "loading"}
          storeIsEmpty={store.product_count === 0}
          onPage={setPage}
          onEdit={(product) => setDialog({ mode: "edit", product })}
          onDelete={deletions.askProduct}
          onAddFirst={() => setDialog({ mode: "add" })}
          onClearFilters={clear}
        />
        )}
        <p className="mt-10 rounded-xl border border-amber-200 bg-amber-50 p-4 text-xs text-amber-900" data-ai-disclaimer>
          {t.grid.disclaimer}
        </p>
      </Container>

      <InquiriesPanel open={inquiriesOpen} onClose={() => setInquiriesOpen(false)} onChanged={data.refreshStore} />
      <ReviewPanel open={reviewOpen} onClose={() => setReviewOpen(false)} onEdit={(product) => setDialog({ mode: "edit", product })} onChanged={refresh} />

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
        onAdded={() => {
          data.countAdded();
          refresh();
        }}
        onUpdated={refresh}
        onRegenerated={data.countRegeneration}
      />
      <AccountPanel
        open={accountOpen}
        onClose={() => setAccountOpen(false)}
        store={store}
        productCount={store.product_count}
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
      >
        {deletions.pending?.kind === "account" && (
          <div className="mt-4">
            <Label htmlFor="delete-account-password">{t.account.password}</Label>
            <Input
              id="delete-account-password"
              type="password"
              autoComplete="current-password"
              value={deletions.password}
              onChange={(e) => deletions.typePassword(e.target.value)}
              aria-invalid={deletions.passwordError ? true : undefined}
              aria-describedby={deletions.passwordError ? "delete-account-password-error" : undefined}
            />
            {deletions.passwordError && (
              <p id="delete-account-password-error" role="alert" className="mt-1.5 text-sm text-red-700">
                {deletions.passwordError}
              </p>
            )}
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
