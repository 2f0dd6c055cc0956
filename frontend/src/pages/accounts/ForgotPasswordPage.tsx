import { useId, useState, type FormEvent } from "react";
import { Button, ButtonLink } from "../../components/ui/Button";
import { Input, Label } from "../../components/ui/Field";
import { useToast } from "../../components/ui/Toast";
import { AuthCard, FieldError } from "../../features/accounts/components/AuthCard";
import { messageOf, requestPasswordReset } from "../../features/accounts/api";
import { it } from "../../i18n/it";

const t = it.accounts.forgot;

export function ForgotPasswordPage() {
  const id = useId();
  const toast = useToast();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(t.required);
      return;
    }
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (err) {
      const message = messageOf(err, t.error);
      setError(message);
      toast({ title: it.accounts.errorTitle, description: message, destructive: true });
    }
    setBusy(false);
  };

  if (sent) {
    return (
      <AuthCard title={t.sentTitle}>
        <p role="status" className="text-stone-700">
          {t.sentText}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setSent(false)}>
            {t.retry}
          </Button>
          <ButtonLink href="/login">{t.backToLogin}</ButtonLink>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t.title} intro={t.intro}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor={`${id}-email`}>{t.email}</Label>
          <Input id={`${id}-email`} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(error)} />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t.sending : t.submit}
        </Button>
        <p className="text-center text-sm">
          <a href="/login" className="font-semibold text-brand-800 hover:underline">
            {t.backToLogin}
          </a>
        </p>
      </form>
    </AuthCard>
  );
}
