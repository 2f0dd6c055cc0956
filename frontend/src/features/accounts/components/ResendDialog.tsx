import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { Input, Label } from "../../../components/ui/Field";
import { Modal } from "../../../components/ui/Modal";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { isEmail } from "../../../lib/validation";
import { resendVerification } from "../api";
import { resendFailure } from "../errors";
import { useCountdown } from "../hooks/useCountdown";
import { formatCountdown } from "../validation";
import { FieldError } from "./AuthCard";

const t = it.accounts.resend;

/** Resend the verification e-mail; after a send (or a 429) the button waits, "Riprova tra m:ss". */
export function ResendDialog({ open, onClose, initialEmail }: { open: boolean; onClose: () => void; initialEmail: string }) {
  const id = useId();
  const toast = useToast();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown();
  // When the wait is over, "Puoi richiedere ... tra N secondi" is no longer true.
  const previousLeft = useRef(0);
  useEffect(() => {
    if (previousLeft.current > 0 && countdown.left === 0) setError(null);
    previousLeft.current = countdown.left;
  }, [countdown.left]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setNotice(null);
    if (!isEmail(email)) {
      setError(t.invalidEmail);
      return;
    }
    setBusy(true);
    try {
      await resendVerification(email.trim());
      setNotice(t.sent);
      toast({ title: t.sentTitle });
      countdown.start(60);
    } catch (err) {
      const failure = resendFailure(err, t.error);
      if (failure.kind === "wait") {
        countdown.start(failure.seconds);
        setError(t.cooldown(failure.seconds));
      } else {
        setError(failure.text);
        toast({ title: it.accounts.errorTitle, description: failure.text, destructive: true });
      }
    }
    setBusy(false);
  };

  const waiting = countdown.left > 0;
  return (
    <Modal open={open} onClose={onClose} title={t.title}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor={`${id}-email`}>{t.email}</Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <FieldError id={`${id}-error`} message={error} />
          {notice && (
            <p role="status" className="mt-1.5 text-sm font-medium text-emerald-800">
              {notice}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t.close}
          </Button>
          <Button type="submit" disabled={busy || waiting}>
            {waiting ? t.retryIn(formatCountdown(countdown.left)) : busy ? t.sending : t.submit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
