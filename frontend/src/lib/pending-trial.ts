// The trial a logged-out visitor chose, kept in the browser while they log in (docs/product/states.md,
// "Trial flow"): saved by the plan buttons, taken by the login form.

/** The "Accesso richiesto" toast of a pending trial, taken away once the trial is settled. */
export const TRIAL_LOGIN_TOAST = "trial-login";

/** Pending trial kept in the browser while the visitor logs in (docs/product/states.md, "Trial flow"). */
export const PENDING_TRIAL_KEY = "pendingTrial";
export interface PendingTrial {
  planKey: string;
  planTitle: string;
}

/** Keeps the trial a logged-out visitor chose, for the login on /auth to start it. */
export function savePendingTrial(trial: PendingTrial) {
  try {
    window.localStorage.setItem(PENDING_TRIAL_KEY, JSON.stringify(trial));
  } catch {
    // Private mode without storage: the visitor picks the plan again after login.
  }
}

export function takePendingTrial(): PendingTrial | null {
  try {
    const raw = window.localStorage.getItem(PENDING_TRIAL_KEY);
    window.localStorage.removeItem(PENDING_TRIAL_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<PendingTrial>) : null;
    return parsed && typeof parsed.planKey === "string" ? { planKey: parsed.planKey, planTitle: String(parsed.planTitle ?? parsed.planKey) } : null;
  } catch {
    return null;
  }
}
