import { useState } from "react";
import { Button, ButtonLink } from "../../components/ui/Button";
import { AuthCard } from "../../features/accounts/components/AuthCard";
import { ResendDialog } from "../../features/accounts/components/ResendDialog";
import { it } from "../../i18n/it";
import { useRouteParams } from "../../lib/route-params";

const t = it.accounts.pending;

export function VerificationPendingPage() {
  const { email = "" } = useRouteParams();
  const [open, setOpen] = useState(false);
  return (
    <AuthCard title={t.title}>
      {email ? (
        <p className="text-stone-700">
          {t.sentTo} <strong className="break-all text-stone-900">{email}</strong>.
        </p>
      ) : (
        <p className="text-stone-700">{t.generic}</p>
      )}
      <p className="mt-3 text-sm text-stone-600">{t.instructions}</p>
      <p className="mt-6 text-sm text-stone-600">{t.notReceived}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button onClick={() => setOpen(true)}>{t.resend}</Button>
        <ButtonLink href="/login" variant="secondary">
          {t.goToLogin}
        </ButtonLink>
      </div>
      <ResendDialog open={open} onClose={() => setOpen(false)} initialEmail={email} />
    </AuthCard>
  );
}
