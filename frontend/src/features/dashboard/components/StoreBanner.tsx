import { Button, ButtonLink } from "../../../components/ui/Button";
import { IconUpload } from "../../../components/ui/Icons";
import { it } from "../../../i18n/it";
import type { OwnStore } from "../../../types";
import { shortName } from "../logic";
import { useWindowWidth } from "../useMediaQuery";
import { ActionMenu } from "./ActionMenu";
import type { BulkKind } from "../logic";

const t = it.dashboard.banner;

const IconShare = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </svg>
);

const IconChart = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
  </svg>
);

const IconInbox = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M22 12h-6l-2 3h-4l-2-3H2" />
    <path d="M5.5 5h13L22 12v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-6z" />
  </svg>
);

/** Logo, name (shortened by screen width), partner group and the shop's actions. */
export function StoreBanner({
  store,
  onShare,
  onAddSingle,
  onImport,
  onSync,
  onPhotoZip,
  onExport,
  onBulkDelete,
  toCheck,
  onReview,
  onInquiries,
}: {
  store: OwnStore;
  /** Products the AI was not sure of (null while unknown): a link to the review queue. */
  toCheck: number | null;
  onReview: () => void;
  /** The inbox of "Chiedi disponibilità" requests; the button counts the unread ones. */
  onInquiries: () => void;
  onShare: () => void;
  onAddSingle: () => void;
  onImport: () => void;
  /** The daily sync of the price list from an address, and its history. */
  onSync: () => void;
  /** The ZIP of product pictures named by their codes, on the upload page. */
  onPhotoZip: () => void;
  onExport: () => void;
  onBulkDelete: (kind: BulkKind) => void;
}) {
  const width = useWindowWidth();
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex min-w-0 items-center gap-4">
        {store.logo_img_url && (
          <img src={store.logo_img_url} alt={t.logoAlt(store.name)} className="h-14 w-14 shrink-0 rounded-xl border border-stone-200 bg-white object-contain p-1 sm:h-16 sm:w-16" />
        )}
        <div className="min-w-0">
          <h1 className="truncate text-xl font-bold tracking-tight text-stone-900 sm:text-2xl" title={store.name}>
            {shortName(store.name, width)}
          </h1>
          {store.partner_group && <p className="mt-0.5 text-sm text-stone-600">{store.partner_group}</p>}
          {toCheck ? (
            <button
              type="button"
              onClick={onReview}
              aria-haspopup="dialog"
              className="mt-1.5 inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              data-review-open
            >
              <span aria-hidden="true" className="h-2 w-2 rounded-full bg-orange-500" />
              {it.dashboard.review.open(toCheck)}
            </button>
          ) : null}
        </div>
      </div>
      {/* One row beside the name on a wide screen, however long the name: the name gives way. */}
      <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap sm:items-center lg:shrink-0 lg:flex-nowrap">
        <Button variant="secondary" onClick={onShare}>
          <IconShare />
          {t.share}
        </Button>
        <Button variant="secondary" onClick={onInquiries} aria-haspopup="dialog" data-inquiries-open>
          <IconInbox />
          {it.dashboard.inquiries.open(store.unread_inquiries)}
          {store.unread_inquiries > 0 && <span aria-hidden="true" className="h-2 w-2 rounded-full bg-brand-600" />}
        </Button>
        <ButtonLink href="/report" variant="secondary">
          <IconChart />
          {it.report.open}
        </ButtonLink>
        <ActionMenu
          label={t.add}
          variant="primary"
          actions={[
            { label: t.addSingle, onSelect: onAddSingle },
            { label: t.importCsv, onSelect: onImport, icon: <IconUpload width={16} height={16} /> },
            { label: t.photoZip, onSelect: onPhotoZip },
            { label: t.sync, onSelect: onSync },
            { label: t.exportCsv, onSelect: onExport },
          ]}
        />
        <ActionMenu
          label={t.remove}
          actions={[
            { label: t.removeIncorrect, onSelect: () => onBulkDelete("incorrect"), danger: true },
            { label: t.removeUncertain, onSelect: () => onBulkDelete("uncertain"), danger: true },
            { label: t.removeAll, onSelect: () => onBulkDelete("all"), danger: true },
          ]}
        />
      </div>
    </section>
  );
}
