// Field rules of docs/product/validation.md for the account pages. Pure functions: unit-tested in
// test/accounts.test.mjs and mirrored by the server's own checks.
import { it } from "../../i18n/it";
import { isCap, isEmail } from "../../lib/validation";

const r = it.accounts.rules;

export interface RegistrationValues {
  name: string;
  partner_group: string;
  description: string;
  postal_code: string;
  city: string;
  address: string;
  telephone: string;
  website_url: string;
  email: string;
  password: string;
}

export type RegistrationField = keyof RegistrationValues;
export type FieldErrors = Partial<Record<RegistrationField, string>>;

/** The first password rule broken, in the order of docs/product/validation.md; null when the password is fine. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < 8) return r.passwordLength;
  if (!/\p{Lu}/u.test(password)) return r.passwordUpper;
  if (!/\p{Ll}/u.test(password)) return r.passwordLower;
  if (!/[0-9]/.test(password)) return r.passwordDigit;
  if (!/[^\p{L}\p{N}]/u.test(password)) return r.passwordSpecial;
  return null;
}

/** An http(s) address with a dotted host; a bare domain counts as https. */
export function isWebsite(raw: string): boolean {
  const value = raw.trim();
  if (!value) return true;
  try {
    const url = new URL(value.includes("://") ? value : `https://${value}`);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".") && !/\s/.test(value);
  } catch {
    return false;
  }
}

export function isTelephone(raw: string): boolean {
  const value = raw.trim();
  const digits = value.replace(/\D/g, "").length;
  return value.length >= 7 && digits >= 6 && /^[0-9 +\-./()]+$/.test(value);
}

const len = (s: string) => [...s.trim()].length;

/** Every broken rule, one message per field (docs/product/validation.md). */
export function validateRegistration(v: RegistrationValues): FieldErrors {
  const errors: FieldErrors = {};
  if (len(v.name) < 2) errors.name = r.name;
  if (len(v.description) < 10) errors.description = r.description;
  if (!isCap(v.postal_code.trim())) errors.postal_code = r.postalCode;
  if (!v.city.trim()) errors.city = r.city;
  if (len(v.address) < 5) errors.address = r.address;
  if (!isWebsite(v.website_url)) errors.website_url = r.website;
  if (!isTelephone(v.telephone)) errors.telephone = r.telephone;
  if (!isEmail(v.email)) errors.email = r.email;
  const pw = passwordProblem(v.password);
  if (pw) errors.password = pw;
  return errors;
}

function withProblem(errors: FieldErrors, field: RegistrationField, problem: string | undefined): FieldErrors {
  if (errors[field] === problem) return errors;
  const next = { ...errors };
  if (problem) next[field] = problem;
  else delete next[field];
  return next;
}

/**
 * Errors after the owner changed `field`: an error already shown follows the value — gone as
 * soon as the value is good, or the next broken rule (e.g. the password's) — while a field
 * with no error gets none until it is left or the form is sent. Other fields keep theirs.
 */
export function errorsAfterEdit(errors: FieldErrors, field: RegistrationField, values: RegistrationValues): FieldErrors {
  if (!errors[field]) return errors;
  return withProblem(errors, field, validateRegistration(values)[field]);
}

/** Errors after the owner left `field` having typed in it: its rule is checked; an empty field waits for the submit. */
export function errorsAfterBlur(errors: FieldErrors, field: RegistrationField, values: RegistrationValues): FieldErrors {
  if (!values[field].trim()) return errors;
  return withProblem(errors, field, validateRegistration(values)[field]);
}

/** Reset form (docs/product/validation.md): empty fields, then mismatch, then the password rules. */
export function validateNewPassword(password: string, confirm: string): string | null {
  if (!password || !confirm) return it.accounts.reset.required;
  if (password !== confirm) return it.accounts.reset.mismatch;
  return passwordProblem(password);
}


/** m:ss, e.g. 65 → "1:05". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
