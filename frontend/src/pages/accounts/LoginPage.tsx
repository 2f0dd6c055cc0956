import { AuthCard } from "../../features/accounts/components/AuthCard";
import { LoginForm } from "../../features/accounts/components/LoginForm";
import { it } from "../../i18n/it";

export function LoginPage() {
  return (
    <AuthCard title={it.accounts.login.title} intro={it.accounts.login.intro}>
      <LoginForm />
    </AuthCard>
  );
}

/** /auth: where a visitor is sent to sign in before a trial. */
export function AuthPage() {
  return (
    <AuthCard title={it.accounts.login.title} intro={it.accounts.login.trialIntro}>
      <LoginForm />
    </AuthCard>
  );
}
