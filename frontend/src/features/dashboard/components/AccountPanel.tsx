import { useEffect, useId, useRef } from "react";
import { ButtonLink } from "../../../components/ui/Button";
import { cn } from "../../../components/ui/cn";
import { IconExternal, IconX } from "../../../components/ui/Icons";
import { it } from "../../../i18n/it";
import { storePath } from "../../../lib/paths";
import type { OwnStore } from "../../../types";
import { PLAN_TITLES, monthYear, planKey, shortDate, usagePercent, usageTone, type Limits } from "../logic";
import { initialOf } from "./DashboardHeader";

const t = it.dashboard.account;

const barColour = { green: "bg-emerald-500", yellow: "bg-amber-400", red: "bg-red-600" } as const;

function UsageRow({ label, used, limit, zeroText, unlimitedText }: { label: string; used: number; limit: number | null; zeroText?: string; unlimitedText: string }) {
  const value = limit === null ? `${used} · ${unlimitedText}` : limit === 0 && zeroText ? zeroText : t.of(used, limit);
  const tone = limit ? usageTone(used, limit) : null;
  return (
    <div data-usage={label}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-stone-700">{label}</span>
        <span className="whitespace-nowrap font-semibold text-stone-900">{value}</span>
      </div>
      {limit !== null && limit > 0 && tone && (
        <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
          <div data-tone={tone} className={cn("h-full rounded-full", barColour[tone])} style={{ width: `${usagePercent(used, limit)}%` }} />
        </div>
      )}
    </div>
  );
}

/** The plan and how much of it the shop used this month; `limits` null shows no figures. */
function UsageSection({ titleId, store, productCount, limits }: { titleId: string; store: OwnStore; productCount: number; limits: Limits | null }) {
  const trialEnd = store.trial_ends_at ? shortDate(store.trial_ends_at) : null;
  return (
    <section aria-labelledby={`${titleId}-usage`} className="space-y-3">
      <div className="flex items-baseline justify-between">
        <h3 id={`${titleId}-usage`} className="text-sm font-bold uppercase tracking-wide text-stone-500">
          {t.usage}
        </h3>
        <span className="text-sm font-semibold text-brand-800">{t.plan(PLAN_TITLES[planKey(store.plan)])}</span>
      </div>
      {trialEnd && <p className="text-xs text-stone-600">{t.trialUntil(trialEnd)}</p>}
      {limits && (
        <>
          <UsageRow label={t.products} used={productCount} limit={limits.products} unlimitedText={t.unlimited} />
          <UsageRow label={t.imports} used={store.counter_csv_imported} limit={limits.imports_per_month} unlimitedText={t.unlimited} />
          <UsageRow
            label={t.regenerations}
            used={store.regenerations_this_month}
            limit={limits.regenerations_per_month}
            zeroText={t.none}
            unlimitedText={t.unlimited}
          />
          {store.ai_products_this_month !== null && (
            <UsageRow label={t.aiProducts} used={store.ai_products_this_month} limit={limits.ai_products_per_month} unlimitedText={t.unlimited} />
          )}
        </>
      )}
    </section>
  );
}

/** The shop's feeds for Google Merchant Center, and how many products they leave out for want
 * of a picture. */
function MerchantFeeds({ titleId, store }: { titleId: string; store: OwnStore }) {
  return (
    <section aria-labelledby={`${titleId}-merchant`} className="space-y-2 border-t border-stone-100 pt-4" data-merchant-feeds>
      <h3 id={`${titleId}-merchant`} className="text-sm font-bold uppercase tracking-wide text-stone-500">
        {t.merchant.title}
      </h3>
      <p className="text-xs text-stone-600">{t.merchant.help}</p>
      <ul className="space-y-1 text-sm">
        <li>
          <a className="font-medium text-brand-800 hover:underline" href={`/feeds/${store.id}/google-products.xml`} target="_blank" rel="noopener noreferrer">
            {t.merchant.products}
          </a>
        </li>
        <li>
          <a className="font-medium text-brand-800 hover:underline" href={`/feeds/${store.id}/google-local-inventory.xml`} target="_blank" rel="noopener noreferrer">
            {t.merchant.local}
          </a>
        </li>
      </ul>
      {store.products_without_picture > 0 && (
        <p className="rounded-lg bg-amber-50 p-2 text-xs text-amber-900" data-without-picture>
          {t.merchant.withoutPicture(store.products_without_picture)} {t.merchant.addPictures}
        </p>
      )}
    </section>
  );
}

const action =
  "flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-left text-sm font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600";

/** The account side panel (docs/product/routes.md): shop, plan usage and account actions. */
export function AccountPanel({
  open,
  onClose,
  store,
  productCount,
  limits,
  onEditInfo,
  onFilters,
  onLogout,
  onDeleteAccount,
}: {
  open: boolean;
  onClose: () => void;
  store: OwnStore;
  productCount: number;
  /** From the server; null shows no figures. */
  limits: Limits | null;
  onEditInfo: () => void;
  onFilters: () => void;
  onLogout: () => void;
  onDeleteAccount: () => void;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>("button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, [open, onClose]);
  if (!open) return null;

  const plan = planKey(store.plan);
  const since = monthYear(store.created, t.months);
  return (
    <div className="fixed inset-0 z-50">
      <div className="absolute inset-0 bg-stone-950/50" aria-hidden="true" onClick={onClose} />
      <aside
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="absolute inset-y-0 right-0 flex w-full max-w-sm flex-col overflow-y-auto bg-white shadow-2xl"
      >
        <div className="flex items-center justify-between border-b border-stone-100 px-5 py-4">
          <h2 id={titleId} className="text-base font-bold text-stone-900">
            {t.title}
          </h2>
          <button type="button" onClick={onClose} aria-label={it.common.close} className="-m-1 rounded-md p-1 text-stone-500 hover:bg-stone-100">
            <IconX />
          </button>
        </div>
        <div className="flex flex-col gap-6 p-5">
          <div className="flex items-center gap-3">
            {store.logo_img_url ? (
              <img src={store.logo_img_url} alt={it.dashboard.banner.logoAlt(store.name)} className="h-14 w-14 rounded-xl border border-stone-200 object-contain p-1" />
            ) : (
              <span className="flex h-14 w-14 items-center justify-center rounded-xl bg-brand-700 text-2xl font-bold text-white" aria-hidden="true">
                {initialOf(store.name)}
              </span>
            )}
            <div className="min-w-0">
              <p className="truncate font-semibold text-stone-900">{store.name}</p>
              {since && <p className="text-sm text-stone-600">{t.customerSince(since)}</p>}
            </div>
          </div>

          {plan !== "business" && (
            <div className="rounded-xl bg-gradient-to-br from-brand-700 to-brand-900 p-4 text-white" data-upgrade>
              <p className="font-semibold">{t.upgradeTitle}</p>
              <p className="mt-1 text-sm text-brand-50">{t.upgradeText}</p>
              <ButtonLink href="/pricing" variant="light" size="sm" className="mt-3">
                {t.upgradeAction}
              </ButtonLink>
            </div>
          )}

          <UsageSection titleId={titleId} store={store} productCount={productCount} limits={limits} />

          <MerchantFeeds titleId={titleId} store={store} />

          <nav className="flex flex-col gap-1 border-t border-stone-100 pt-4">
            <button type="button" className={action} onClick={onEditInfo}>
              {t.editInfo}
            </button>
            <a className={action} href={storePath(store)} target="_blank" rel="noopener noreferrer">
              {t.viewStore}
              <IconExternal width={16} height={16} />
              <span className="sr-only">{it.common.newTab}</span>
            </a>
            <button type="button" className={cn(action, "lg:hidden")} onClick={onFilters}>
              {t.filters}
            </button>
            <button type="button" className={action} onClick={onLogout}>
              {t.logout}
            </button>
            <button type="button" className={cn(action, "mt-4 text-red-700 hover:bg-red-50")} onClick={onDeleteAccount}>
              {t.deleteAccount}
            </button>
          </nav>
        </div>
      </aside>
    </div>
  );
}
