// The four plans (one data source for the landing and pricing pages) and the plan-button rules
// of docs/product/states.md ("Plan buttons").
import { SALES_EMAIL } from "../config";
import { it } from "../i18n/it";
import type { PlanKey } from "../types";

export interface PlanCard {
  planKey: PlanKey;
  title: string;
  description: string;
  /** EUR per month; null = custom price. */
  price: { monthly: number | null; annual: number | null };
  annualNote: string;
  buttonText: string;
  features: string[];
  popular: boolean;
}

export const PLAN_ORDER: PlanKey[] = ["free", "starter", "pro", "business"];

/** Names used on the plan buttons ("Rimani Starter", "Ottieni Pro"). */
export const PLAN_BUTTON_NAMES: Record<PlanKey, string> = {
  free: "Base",
  starter: "Starter",
  pro: "Pro",
  business: "Business",
};

export const ANNUAL_SAVING_PERCENT = 25;

export const PLANS: PlanCard[] = [
  {
    planKey: "free",
    title: "Base",
    description: "Per iniziare a portare online il tuo negozio.",
    price: { monthly: 0, annual: 0 },
    annualNote: "Gratis per sempre",
    buttonText: it.planButtons.tryFree,
    features: ["Fino a 100 prodotti", "3 caricamenti CSV/XLSX al mese"],
    popular: false,
  },
  {
    planKey: "starter",
    title: "Avanzato",
    description: "Per i negozi che vogliono un catalogo completo e curato.",
    price: { monthly: 156, annual: 125 },
    annualNote: "Fatturato annualmente",
    buttonText: it.planButtons.tryFree,
    features: [
      "200 prodotti",
      "10 caricamenti al mese",
      "20 rigenerazioni di singoli prodotti al mese",
      "Esportazione del catalogo",
      "Logo minimale",
    ],
    popular: false,
  },
  {
    planKey: "pro",
    title: "Pro",
    description: "Per chi vuole il massimo dal proprio catalogo online.",
    price: { monthly: 188, annual: 150 },
    annualNote: "Fatturato annualmente",
    buttonText: it.planButtons.tryFree,
    features: [
      "500 prodotti",
      "Caricamenti e rigenerazioni illimitati",
      "Esportazione del catalogo",
      "Report di analisi dei dati",
      "Supporto prioritario",
    ],
    popular: true,
  },
  {
    planKey: "business",
    title: "Business",
    description: "Per gruppi e reti di punti vendita con esigenze su misura.",
    price: { monthly: null, annual: null },
    annualNote: "Preventivo personalizzato",
    buttonText: it.planButtons.contactUs,
    features: [
      "Prodotti illimitati",
      "Supporto telefonico",
      "Rimozione del logo",
      "Integrazioni su misura",
      "Onboarding e formazione",
    ],
    popular: false,
  },
];

export type PlanAction =
  /** Go to a page (/login for anonymous visitors, /contacts). */
  | { kind: "navigate"; href: string }
  /** Open the mail client (Business, anonymous). */
  | { kind: "mailto"; href: string }
  /** Current plan: nothing to do. */
  | { kind: "none" }
  /** Trial confirmation dialog for this plan. */
  | { kind: "trial"; plan: PlanKey }
  /** Informational popup: contact support to change plan ("Vai alla sezione contatti"). */
  | { kind: "upgrade"; plan: PlanKey }
  | { kind: "downgrade"; plan: PlanKey };

export interface PlanButton {
  label: string;
  action: PlanAction;
  disabled: boolean;
}

export interface CurrentStorePlan {
  plan: string;
  trial_used: boolean;
}

export const SALES_MAILTO = `mailto:${SALES_EMAIL}`;

function isPlanKey(value: string): value is PlanKey {
  return (PLAN_ORDER as string[]).includes(value);
}

/** What a plan card's button says and does, for an anonymous visitor (null) or a shop. */
export function planButton(plan: PlanKey, current: CurrentStorePlan | null): PlanButton {
  const name = PLAN_BUTTON_NAMES[plan];
  if (!current) {
    if (plan === "business") return { label: it.planButtons.contactUs, action: { kind: "mailto", href: SALES_MAILTO }, disabled: false };
    if (plan === "free") return { label: it.planButtons.tryFree, action: { kind: "navigate", href: "/login" }, disabled: false };
    const card = PLANS.find((p) => p.planKey === plan);
    return { label: card ? card.buttonText : it.planButtons.tryFree, action: { kind: "navigate", href: "/login" }, disabled: false };
  }
  const currentPlan: PlanKey = isPlanKey(current.plan) ? current.plan : "free";
  if (plan === currentPlan) return { label: it.planButtons.stay[plan], action: { kind: "none" }, disabled: true };

  if (currentPlan === "free") {
    if (plan === "business") return { label: it.planButtons.get(name), action: { kind: "navigate", href: "/contacts" }, disabled: false };
    if (!current.trial_used) return { label: it.planButtons.tryFree, action: { kind: "trial", plan }, disabled: false };
    return { label: it.planButtons.get(name), action: { kind: "upgrade", plan }, disabled: false };
  }
  const up = PLAN_ORDER.indexOf(plan) > PLAN_ORDER.indexOf(currentPlan);
  return up
    ? { label: it.planButtons.get(name), action: { kind: "upgrade", plan }, disabled: false }
    : { label: it.planButtons.back(name), action: { kind: "downgrade", plan }, disabled: false };
}
