import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ButtonLink } from "../../components/ui/Button";
import { AuthCard } from "../../features/accounts/components/AuthCard";
import { messageOf, verifyEmail } from "../../features/accounts/api";
import { it } from "../../i18n/it";

const t = it.accounts.verify;
type State = { kind: "loading" } | { kind: "success" } | { kind: "error"; message: string };

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token") ?? "";
  // Without a token there is nothing to ask: the error is known at once.
  const [state, setState] = useState<State>(() => (token.trim() ? { kind: "loading" } : { kind: "error", message: t.missingToken }));
  const sent = useRef(false);

  useEffect(() => {
    // A token is spent once: never send it twice (StrictMode runs effects twice).
    if (sent.current || !token.trim()) return;
    sent.current = true;
    verifyEmail(token)
      .then(() => setState({ kind: "success" }))
      .catch((err) => setState({ kind: "error", message: messageOf(err, t.connectionError) }));
  }, [token]);

  useEffect(() => {
    if (state.kind !== "success") return;
    const timer = setTimeout(() => navigate("/login"), 2000);
    return () => clearTimeout(timer);
  }, [state.kind, navigate]);

  return (
    <AuthCard title={t.title}>
      {state.kind === "loading" && <p role="status">{t.loading}</p>}
      {state.kind === "success" && (
        <p role="status" className="font-medium text-emerald-800">
          {t.success}
        </p>
      )}
      {state.kind === "error" && (
        <div>
          <p role="alert" className="font-semibold text-red-800">
            {t.errorTitle}
          </p>
          <p className="mt-1 text-sm text-stone-700">{state.message}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink href="/login">{t.goToLogin}</ButtonLink>
            <ButtonLink href="/create" variant="secondary">
              {t.registerAgain}
            </ButtonLink>
          </div>
        </div>
      )}
    </AuthCard>
  );
}
