import { AuthCard } from "../../features/accounts/components/AuthCard";
import { RegistrationForm } from "../../features/accounts/components/RegistrationForm";
import { it } from "../../i18n/it";

export function CreatePage() {
  return (
    <AuthCard title={it.accounts.register.title} intro={it.accounts.register.intro} wide>
      <RegistrationForm />
    </AuthCard>
  );
}
