import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/Button";
import { Input, Label, Select } from "../../../components/ui/Field";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { useSession } from "../../../lib/session";
import { ApiError, messageOf, register, uploadLogo } from "../api";
import { isRegistrationProblem } from "../errors";
import { useCapLookup } from "../../../hooks/useCapLookup";
import { errorsAfterBlur, errorsAfterEdit, validateRegistration, type FieldErrors, type RegistrationField, type RegistrationValues } from "../validation";
import { FieldError } from "./AuthCard";
import { LogoPicker } from "./LogoPicker";
import { PasswordInput } from "./PasswordInput";

const t = it.accounts.register;
const empty: RegistrationValues = {
  name: "",
  partner_group: "",
  description: "",
  postal_code: "",
  city: "",
  address: "",
  telephone: "",
  website_url: "",
  email: "",
  password: "",
};

/** Shop registration (spec sections 2 and 5). */
export function RegistrationForm() {
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const { store } = useSession();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The chosen logo and its thumbnail's object URL, released when it changes or the form goes away.
  const [logo, setLogo] = useState<{ file: File; url: string } | null>(null);
  useEffect(
    () => () => {
      if (logo) URL.revokeObjectURL(logo.url);
    },
    [logo],
  );
  const [busy, setBusy] = useState(false);
  // Fields changed since the form was last sent: only those are checked when left, so an
  // error the server gave (e.g. an address already registered) stays until the owner edits it.
  const [edited, setEdited] = useState<Partial<Record<RegistrationField, true>>>({});
  const set = (field: RegistrationField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setEdited((e) => (e[field] ? e : { ...e, [field]: true }));
    setErrors((e) => errorsAfterEdit(e, field, next));
  };
  const leave = (field: RegistrationField) => {
    if (edited[field]) setErrors((e) => errorsAfterBlur(e, field, values));
  };
  // The city comes from the CAP lookup: its error goes as soon as a town is set.
  const setCity = useCallback((city: string) => {
    setValues((v) => (v.city === city ? v : { ...v, city }));
    setErrors((e) => errorsAfterEdit(e, "city", { ...empty, city }));
  }, []);
  const cap = useCapLookup(values.postal_code.trim(), setCity, { notFound: t.capNotFound, error: t.capError });


  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegistration(values);
    setErrors(found);
    setEdited({});
    if (Object.keys(found).length) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const logoUrl = logo ? await uploadLogo(logo.file) : null;
      const created = await register(values, logoUrl);
      // The title already says the shop exists; the text says what to do next.
      if (created.emailSent) toast({ title: t.createdTitle, description: t.createdText });
      else toast({ title: t.mailFailedTitle, description: created.message, destructive: true });
      navigate(store ? "/upload" : `/email-verification/${encodeURIComponent(created.email ?? values.email.trim())}`);
      // The next page opens at its top, not where the submit button was on a phone.
      window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : null;
      if (fields) setErrors(fields as FieldErrors);
      setEdited({});
      const known = isRegistrationProblem(err);
      toast({ title: it.accounts.errorTitle, description: known ? messageOf(err, t.createError) : t.createError, destructive: true });
    }
    setBusy(false);
  };

  const field = (name: RegistrationField, label: string, input: React.ReactNode, help?: string) => (
    <div>
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      {input}
      {help && !errors[name] && (
        <p id={`${id}-${name}-help`} className="mt-1.5 text-xs text-stone-500">
          {help}
        </p>
      )}
      <FieldError id={`${id}-${name}-error`} message={errors[name]} />
    </div>
  );
  const text = (name: RegistrationField, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Input
      id={`${id}-${name}`}
      name={name}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      onBlur={() => leave(name)}
      aria-invalid={Boolean(errors[name])}
      aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      {...extra}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">{field("name", t.name, text("name", { autoComplete: "organization" }))}</div>
      <div className="sm:col-span-2">{field("partner_group", t.partnerGroup, text("partner_group"))}</div>
      <div className="sm:col-span-2">
        {field(
          "description",
          t.description,
          <textarea
            id={`${id}-description`}
            name="description"
            rows={4}
            value={values.description}
            onChange={(e) => set("description", e.target.value)}
            onBlur={() => leave("description")}
            aria-invalid={Boolean(errors.description)}
            aria-describedby={errors.description ? `${id}-description-error` : undefined}
            className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/25"
          />,
        )}
      </div>
      {field("postal_code", t.postalCode, text("postal_code", { inputMode: "numeric", maxLength: 5, autoComplete: "postal-code" }))}
      <div>
        {cap.towns.length > 1 ? (
          <>
            <Label htmlFor={`${id}-city`}>{t.city}</Label>
            <Select id={`${id}-city`} name="city" value={values.city} onChange={(e) => set("city", e.target.value)} aria-invalid={Boolean(errors.city)}>
              <option value="">{t.citySelect}</option>
              {cap.towns.map((town) => (
                <option key={town} value={town}>
                  {town}
                </option>
              ))}
            </Select>
            <FieldError id={`${id}-city-error`} message={errors.city} />
          </>
        ) : (
          field("city", t.city, text("city", { readOnly: true, tabIndex: -1 }))
        )}
        {cap.looking && <p className="mt-1.5 text-xs text-stone-500">{t.capLookup}</p>}
        {cap.message && (
          <p role="alert" className="mt-1.5 text-sm text-red-700">
            {cap.message}
          </p>
        )}
      </div>
      <div className="sm:col-span-2">{field("address", t.address, text("address", { autoComplete: "street-address" }))}</div>
      {field("telephone", t.telephone, text("telephone", { type: "tel", autoComplete: "tel" }))}
      {field("website_url", t.website, text("website_url", { type: "url", autoComplete: "url", placeholder: "https://" }))}
      {field("email", t.email, text("email", { type: "email", autoComplete: "email" }))}
      {field(
        "password",
        t.password,
        <PasswordInput
          id={`${id}-password`}
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set("password", e.target.value)}
          onBlur={() => leave("password")}
          aria-invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? `${id}-password-error` : `${id}-password-help`}
        />,
        t.passwordHelp,
      )}
      <div className="sm:col-span-2">
        <Label htmlFor={`${id}-logo`}>{t.logo}</Label>
        <LogoPicker
          id={`${id}-logo`}
          preview={logo?.url ?? null}
          name={logo?.file.name ?? null}
          onPick={(file) => setLogo({ file, url: URL.createObjectURL(file) })}
          onRemove={() => setLogo(null)}
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
