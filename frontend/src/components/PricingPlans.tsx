import { useState, type MouseEvent } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "../hooks/useHydrated";
import { it } from "../i18n/it";
import { api, isSessionLost } from "../lib/api";
import { formatEuros } from "../lib/format";
import { savePendingTrial, TRIAL_LOGIN_TOAST } from "../lib/pending-trial";
import { ANNUAL_SAVING_PERCENT, PLANS, planButton, type PlanCard } from "../lib/plans";
import type { PlanKey } from "../types";
import { useSession } from "../lib/session";
import { Button, ButtonLink, buttonClass } from "./ui/Button";
import { cn } from "./ui/cn";
import { IconCheck } from "./ui/Icons";
import { Modal } from "./ui/Modal";
import { TrialDialog } from "./TrialDialog";
import { toastOnNextPage } from "./ui/Toast";

export type Billing = "annual" | "monthly";

/** Billing from the query string (?billing=monthly); annual is the default. */
export function billingFromSearch(search: string): Billing {
  return /(?:^|[?&])billing=monthly(?:&|$)/.test(search) ? "monthly" : "annual";
}

function billingFromState(state: unknown): Billing | null {
  const billing = (state as { billing?: unknown } | null)?.billing;
  return billing === "monthly" || billing === "annual" ? billing : null;
}

function BillingToggle({ billing, onChange }: { billing: Billing; onChange: (b: Billing) => void }) {
  const item = (value: Billing, label: string) => (
    <button
      type="button"
      aria-pressed={billing === value}
      onClick={() => onChange(value)}
      className={cn(
        "rounded-full px-5 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        billing === value ? "bg-stone-900 text-white shadow" : "text-stone-700 hover:text-stone-950",
      )}
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-col items-center gap-2 sm:flex-row">
      <div role="group" aria-label={it.pricing.billingLabel} className="inline-flex rounded-full border border-stone-300 bg-white p-1 shadow-sm">
        {item("monthly", it.pricing.monthly)}
        {item("annual", it.pricing.annual)}
      </div>
      <span className="rounded-full bg-emerald-100 px-3 py-1 text-xs font-bold text-emerald-800">{it.pricing.save}</span>
    </div>
  );
}

function PriceLine({ plan, billing }: { plan: PlanCard; billing: Billing }) {
  const value = billing === "annual" ? plan.price.annual : plan.price.monthly;
  if (value === null) return <p className="text-4xl font-extrabold tracking-tight text-stone-900">{it.pricing.custom}</p>;
  if (value === 0) return <p className="text-4xl font-extrabold tracking-tight text-stone-900">{it.pricing.free}</p>;
  return (
    <p className="flex items-baseline gap-1">
      <span className="text-4xl font-extrabold tracking-tight text-stone-900">{formatEuros(value)} €</span>
      <span className="text-sm font-medium text-stone-500">{it.pricing.perMonth}</span>
      {billing === "annual" && plan.price.monthly !== null && (
        <span className="ml-2 text-sm text-stone-500 line-through">{formatEuros(plan.price.monthly)} €</span>
      )}
    </p>
  );
}

/** The free trial (docs/product/states.md, "Plans and the free trial"), logged out: the chosen trial waits for the login on /auth. */
function loginFirst(planKey: string, planTitle: string) {
  savePendingTrial({ planKey, planTitle });
  toastOnNextPage({ title: it.accounts.trial.loginRequired, description: it.accounts.trial.loginRequiredText, info: true, key: TRIAL_LOGIN_TOAST });
  window.location.assign("/auth");
}

type Dialog = { kind: "trial"; plan: PlanKey } | { kind: "notice" } | null;

function PlanAction({ plan, onDialog }: { plan: PlanCard; onDialog: (d: Dialog) => void }) {
  const { store } = useSession();
  const button = planButton(plan.planKey, store);
  const variant = plan.popular ? "primary" : "secondary";
  const cls = "mt-8 w-full";
  const trialLater = !store && (plan.planKey === "starter" || plan.planKey === "pro");
  switch (button.action.kind) {
    case "navigate":
      if (trialLater) {
        // docs/product/states.md, "Plans and the free trial": logged out, the chosen trial waits for the login.
        const startAfterLogin = (event: MouseEvent) => {
          event.preventDefault();
          loginFirst(plan.planKey, plan.title);
        };
        return (
          <ButtonLink href={button.action.href} variant={variant} size="lg" className={cls} onClick={startAfterLogin}>
            {button.label}
          </ButtonLink>
        );
      }
      return (
        <ButtonLink href={button.action.href} variant={variant} size="lg" className={cls}>
          {button.label}
        </ButtonLink>
      );
    case "mailto":
      return (
        <ButtonLink href={button.action.href} variant={variant} size="lg" className={cls}>
          {button.label}
        </ButtonLink>
      );
    case "none":
      return (
        <Button variant="secondary" size="lg" className={cls} disabled>
          {button.label}
        </Button>
      );
    case "trial": {
      const target = button.action.plan;
      return (
        <Button variant={variant} size="lg" className={cls} onClick={() => onDialog({ kind: "trial", plan: target })}>
          {button.label}
        </Button>
      );
    }
    default:
      return (
        <Button variant={variant} size="lg" className={cls} onClick={() => onDialog({ kind: "notice" })}>
          {button.label}
        </Button>
      );
  }
}

function PlanTrialDialog({ plan, onClose }: { plan: PlanKey; onClose: () => void }) {
  const title = PLANS.find((p) => p.planKey === plan)?.title ?? plan;
  const start = async () => {
    try {
      await api.post("/stores/start-trial", { targetPlan: plan });
    } catch (e) {
      // The session ended meanwhile: the trial waits for the login, as for a visitor.
      if (isSessionLost(e)) return loginFirst(plan, title);
      throw e;
    }
    toastOnNextPage({ title: it.accounts.trial.activated, description: it.accounts.trial.activatedText(title) });
    window.location.assign("/dashboard");
  };
  return <TrialDialog planTitle={title} onConfirm={start} onClose={onClose} />;
}

/** The four plan cards with the monthly/annual toggle (landing and pricing pages). */
export function PricingPlans({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const location = useLocation();
  // The owner's choice, else billing passed through navigation state (client-side navigation;
  // read after hydration, as the server cannot know it), else the query string.
  const [chosen, setBilling] = useState<Billing | null>(null);
  const hydrated = useHydrated();
  const billing = chosen ?? (hydrated ? billingFromState(location.state) : null) ?? billingFromSearch(location.search);
  const [tab, setTab] = useState<PlanKey>("pro");
  const [dialog, setDialog] = useState<Dialog>(null);
  const H = headingLevel === 2 ? "h2" : "h3";

  return (
    <div>
      <div className="flex justify-center">
        <BillingToggle billing={billing} onChange={setBilling} />
      </div>
      <div role="tablist" aria-label={it.pricing.plansTabs} className="mt-8 grid grid-cols-4 gap-1 rounded-xl bg-stone-200/70 p-1 lg:hidden">
        {PLANS.map((p) => (
          <button
            key={p.planKey}
            id={`plan-tab-${p.planKey}`}
            type="button"
            role="tab"
            aria-selected={tab === p.planKey}
            aria-controls={`plan-card-${p.planKey}`}
            onClick={() => setTab(p.planKey)}
            className={cn("rounded-lg px-2 py-2 text-sm font-semibold", tab === p.planKey ? "bg-white text-stone-900 shadow" : "text-stone-600")}
          >
            {p.title}
          </button>
        ))}
      </div>
      <div className="mt-6 grid gap-6 lg:mt-10 lg:grid-cols-4">
        {PLANS.map((plan) => (
          <div
            key={plan.planKey}
            id={`plan-card-${plan.planKey}`}
            role="tabpanel"
            aria-labelledby={`plan-title-${plan.planKey}`}
            className={cn(
              "relative flex-col rounded-2xl border bg-white p-6 shadow-sm lg:flex",
              tab === plan.planKey ? "flex" : "hidden",
              plan.popular ? "border-brand-600 ring-2 ring-brand-600 lg:-translate-y-2 lg:shadow-xl" : "border-stone-200",
            )}
          >
            {plan.popular && (
              <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold tracking-wider text-white">
                {it.pricing.popular}
              </span>
            )}
            <H id={`plan-title-${plan.planKey}`} className="text-lg font-bold text-stone-900">
              {plan.title}
            </H>
            <p className="mt-1 min-h-10 text-sm text-stone-600">{plan.description}</p>
            <div className="mt-5">
              <PriceLine plan={plan} billing={billing} />
              <p className="mt-1 text-xs text-stone-500">{billing === "annual" ? plan.annualNote : "\u00a0"}</p>
            </div>
            <ul className="mt-6 space-y-3 text-sm text-stone-700">
              {plan.features.map((f) => (
                <li key={f} className="flex gap-2">
                  <IconCheck className="mt-0.5 shrink-0 text-emerald-600" width={18} height={18} />
                  {f}
                </li>
              ))}
            </ul>
            <div className="mt-auto">
              <PlanAction plan={plan} onDialog={setDialog} />
            </div>
          </div>
        ))}
      </div>
      <p className="mt-8 text-center text-sm text-stone-500">
        {it.pricing.trialNote} {it.pricing.annualSaving(ANNUAL_SAVING_PERCENT)}
      </p>
      {dialog?.kind === "trial" && <PlanTrialDialog plan={dialog.plan} onClose={() => setDialog(null)} />}
      <Modal open={dialog?.kind === "notice"} onClose={() => setDialog(null)} title={it.planNotice.title}>
        <p className="text-sm text-stone-700">{it.planNotice.text}</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDialog(null)}>
            {it.planNotice.cancel}
          </Button>
          <a href="/contacts" className={buttonClass()}>
            {it.planNotice.goToContacts}
          </a>
        </div>
      </Modal>
    </div>
  );
}
