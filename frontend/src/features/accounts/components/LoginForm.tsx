import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button, ButtonLink } from "../../../components/ui/Button";
import { Input, Label } from "../../../components/ui/Field";
import { TrialDialog } from "../../../components/TrialDialog";
import { useDismissToast, useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { useSession } from "../../../lib/session";
import { takePendingTrial, TRIAL_LOGIN_TOAST, type PendingTrial } from "../../../lib/pending-trial";
import { login, messageOf, startTrial } from "../api";
import { isUnverified } from "../errors";
import { PasswordInput } from "./PasswordInput";

const t = it.accounts.login;

/** E-mail and password; resumes a trial chosen before logging in (docs/product/states.md). */
export function LoginForm() {
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const { setStore } = useSession();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [unverified, setUnverified] = useState<string | null>(null);
  const [trial, setTrial] = useState<PendingTrial | null>(null);
  const dismissToast = useDismissToast();

  // The pending trial is settled (started, refused or declined): its "Accesso richiesto"
  // toast has done its work.
  const settleTrial = () => {
    dismissToast(TRIAL_LOGIN_TOAST);
    setTrial(null);
    navigate("/dashboard");
  };
  const activateTrial = async (pending: PendingTrial) => {
    setStore?.(await startTrial(pending.planKey));
    toast({ title: it.accounts.trial.activated, description: it.accounts.trial.activatedText(pending.planTitle) });
    settleTrial();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setUnverified(null);
    if (!email.trim() || !password) {
      toast({ title: it.accounts.errorTitle, description: t.missingFields, destructive: true });
      return;
    }
    setBusy(true);
    try {
      const store = await login(email.trim(), password);
      setStore?.(store);
      toast({ title: t.successTitle, description: t.successText });
      const pending = takePendingTrial();
      if (pending && !store.trial_used) {
        // docs/product/states.md, "Plans and the free trial": confirm, then activate.
        setTrial(pending);
        setBusy(false);
        return;
      }
      if (pending) {
        toast({ title: it.accounts.trial.used, description: it.accounts.trial.usedText, destructive: true });
        dismissToast(TRIAL_LOGIN_TOAST);
      }
      navigate("/dashboard");
    } catch (err) {
      if (isUnverified(err)) {
        setUnverified(messageOf(err, t.genericError));
      } else {
        toast({ title: t.errorTitle, description: messageOf(err, t.genericError), destructive: true });
      }
    }
    setBusy(false);
  };

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor={`${id}-email`}>{t.email}</Label>
          <Input id={`${id}-email`} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div>
          <div className="flex items-baseline justify-between">
            <Label htmlFor={`${id}-password`}>{t.password}</Label>
            <a href="/recupera-password" className="text-sm font-medium text-brand-800 hover:underline">
              {t.forgot}
            </a>
          </div>
          <PasswordInput id={`${id}-password`} name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        {unverified && (
          <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
            <p>{unverified}</p>
            <ButtonLink href={`/email-verification/${encodeURIComponent(email.trim())}`} variant="secondary" size="sm" className="mt-3">
              {t.notVerifiedResend}
            </ButtonLink>
          </div>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t.submitting : t.submit}
        </Button>
        <p className="text-center text-sm text-stone-600">
          {t.noAccount}{" "}
          <a href="/create" className="font-semibold text-brand-800 hover:underline">
            {t.create}
          </a>
        </p>
      </form>
      {trial && <TrialDialog planTitle={trial.planTitle} onConfirm={() => activateTrial(trial)} onClose={settleTrial} />}
    </>
  );
}
