import { Button } from "../../../components/ui/Button";
import { Label } from "../../../components/ui/Field";
import { it } from "../../../i18n/it";
import { useRegistrationForm } from "../hooks/useRegistrationForm";
import { LogoPicker } from "../../../components/LogoPicker";
import { AddressSection, ContactSection, ShopSection } from "./RegistrationFields";

const t = it.accounts.register;

/** Shop registration (docs/product/routes.md and validation.md). */
export function RegistrationForm() {
  const form = useRegistrationForm();
  const { id, logo, busy } = form;
  return (
    <form onSubmit={form.submit} noValidate className="grid gap-5 sm:grid-cols-2">
      <ShopSection form={form} />
      <AddressSection form={form} />
      <ContactSection form={form} />
      <div className="sm:col-span-2">
        <Label htmlFor={`${id}-logo`}>{t.logo}</Label>
        <LogoPicker
          id={`${id}-logo`}
          preview={logo?.url ?? null}
          name={logo?.file.name ?? null}
          onPick={(file) => form.setLogo({ file, url: URL.createObjectURL(file) })}
          onRemove={() => form.setLogo(null)}
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? t.submitting : t.submit}
        </Button>
        <p className="mt-4 text-center text-sm text-stone-600">
          {t.haveAccount}{" "}
          <a href="/login" className="font-semibold text-brand-800 hover:underline">
            {t.loginLink}
          </a>
        </p>
      </div>
    </form>
  );
}
