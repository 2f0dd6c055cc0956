import { useEffect, useId, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button, ButtonLink } from "../../components/ui/Button";
import { Label } from "../../components/ui/Field";
import { useToast } from "../../components/ui/Toast";
import { AuthCard, FieldError } from "../../features/accounts/components/AuthCard";
import { PasswordInput } from "../../features/accounts/components/PasswordInput";
import { confirmPasswordReset, messageOf } from "../../features/accounts/api";
import { isDeadLink } from "../../features/accounts/errors";
import { validateNewPassword } from "../../features/accounts/validation";
import { it } from "../../i18n/it";

const t = it.accounts.reset;

export function ResetPasswordPage() {
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<"form" | "invalid" | "done">(token.trim() ? "form" : "invalid");

  useEffect(() => {
    if (state !== "done") return;
    const timer = setTimeout(() => navigate("/login"), 3000);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateNewPassword(password, confirm);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await confirmPasswordReset(token, password, confirm);
      toast({ title: t.doneTitle });
      setState("done");
    } catch (err) {
      const message = messageOf(err, t.error);
      if (isDeadLink(err)) setState("invalid");
      else {
        setError(message);
        toast({ title: it.accounts.errorTitle, description: message, destructive: true });
      }
    }
    setBusy(false);
  };

  if (state === "invalid") {
    return (
      <AuthCard title={t.invalidTitle}>
        <p className="text-stone-700">{t.invalidText}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink href="/recupera-password">{t.requestNew}</ButtonLink>
          <ButtonLink href="/login" variant="secondary">
            {t.goToLogin}
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }
  if (state === "done") {
    return (
      <AuthCard title={t.doneTitle}>
        <p role="status" className="text-stone-700">
          {t.doneText}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t.title} intro={t.intro}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor={`${id}-password`}>{t.password}</Label>
          <PasswordInput id={`${id}-password`} name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <div>
          <Label htmlFor={`${id}-confirm`}>{t.confirm}</Label>
          <PasswordInput id={`${id}-confirm`} name="passwordConfirm" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </div>
        <FieldError id={`${id}-error`} message={error} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t.saving : t.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
