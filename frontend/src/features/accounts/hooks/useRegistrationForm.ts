// The registration form's state (docs/product/routes.md and validation.md): values, errors shown as the owner
// edits and leaves fields, the city from the CAP, the logo, and sending it all.
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useToast } from "../../../components/ui/Toast";
import { useCapLookup } from "../../../hooks/useCapLookup";
import { it } from "../../../i18n/it";
import { useSession } from "../../../lib/session";
import { uploadLogo } from "../../../lib/logo";
import { ApiError, messageOf, register } from "../api";
import { isRegistrationProblem } from "../errors";
import { errorsAfterBlur, errorsAfterEdit, validateRegistration, type FieldErrors, type RegistrationField, type RegistrationValues } from "../validation";

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

export function useRegistrationForm() {
  /** Prefixes the fields' ids: `${id}-${field}`, its help and its error. */
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

  return { id, values, errors, set, leave, cap, logo, setLogo, busy, submit };
}

export type RegistrationFormState = ReturnType<typeof useRegistrationForm>;
