import type { InputHTMLAttributes, ReactNode } from "react";
import { Input, Label, Select, TextOptions } from "../../../components/ui/Field";
import { it } from "../../../i18n/it";
import type { RegistrationFormState } from "../hooks/useRegistrationForm";
import type { RegistrationField } from "../validation";
import { FieldError } from "./AuthCard";
import { PasswordInput } from "./PasswordInput";

const t = it.accounts.register;

type Form = { form: RegistrationFormState };

/** A field's label, its input, its help (until an error takes its place) and its error. */
function Field({ form, name, label, help, children }: Form & { name: RegistrationField; label: string; help?: string; children: ReactNode }) {
  const { id, errors } = form;
  return (
    <div>
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      {children}
      {help && !errors[name] && (
        <p id={`${id}-${name}-help`} className="mt-1.5 text-xs text-stone-500">
          {help}
        </p>
      )}
      <FieldError id={`${id}-${name}-error`} message={errors[name]} />
    </div>
  );
}

/** The one-line input of `name`, checked when left; `extra` are its own attributes. */
function TextInput({ form, name, extra = {} }: Form & { name: RegistrationField; extra?: InputHTMLAttributes<HTMLInputElement> }) {
  const { id, values, errors } = form;
  return (
    <Input
      id={`${id}-${name}`}
      name={name}
      value={values[name]}
      onChange={(e) => form.set(name, e.target.value)}
      onBlur={() => form.leave(name)}
      aria-invalid={Boolean(errors[name])}
      aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      {...extra}
    />
  );
}

function TextField({ form, name, label, extra }: Form & { name: RegistrationField; label: string; extra?: InputHTMLAttributes<HTMLInputElement> }) {
  return (
    <Field form={form} name={name} label={label}>
      <TextInput form={form} name={name} extra={extra} />
    </Field>
  );
}

/** The shop: its name, its group and what it sells. */
export function ShopSection({ form }: Form) {
  const { id, values, errors } = form;
  return (
    <>
      <div className="sm:col-span-2">
        <TextField form={form} name="name" label={t.name} extra={{ autoComplete: "organization" }} />
      </div>
      <div className="sm:col-span-2">
        <TextField form={form} name="partner_group" label={t.partnerGroup} />
      </div>
      <div className="sm:col-span-2">
        <Field form={form} name="description" label={t.description}>
          <textarea
            id={`${id}-description`}
            name="description"
            rows={4}
            value={values.description}
            onChange={(e) => form.set("description", e.target.value)}
            onBlur={() => form.leave("description")}
            aria-invalid={Boolean(errors.description)}
            aria-describedby={errors.description ? `${id}-description-error` : undefined}
            className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/25"
          />
        </Field>
      </div>
    </>
  );
}

/** Where the shop is: the CAP gives the city (a select when it has several towns). */
export function AddressSection({ form }: Form) {
  const { id, values, errors, cap } = form;
  return (
    <>
      <TextField form={form} name="postal_code" label={t.postalCode} extra={{ inputMode: "numeric", maxLength: 5, autoComplete: "postal-code" }} />
      <div>
        {cap.towns.length > 1 ? (
          <>
            <Label htmlFor={`${id}-city`}>{t.city}</Label>
            <Select id={`${id}-city`} name="city" value={values.city} onChange={(e) => form.set("city", e.target.value)} aria-invalid={Boolean(errors.city)}>
              <option value="">{t.citySelect}</option>
              <TextOptions values={cap.towns} />
            </Select>
            <FieldError id={`${id}-city-error`} message={errors.city} />
          </>
        ) : (
          <TextField form={form} name="city" label={t.city} extra={{ readOnly: true, tabIndex: -1 }} />
        )}
        {cap.looking && <p className="mt-1.5 text-xs text-stone-500">{t.capLookup}</p>}
        {cap.message && (
          <p role="alert" className="mt-1.5 text-sm text-red-700">
            {cap.message}
          </p>
        )}
      </div>
      <div className="sm:col-span-2">
        <TextField form={form} name="address" label={t.address} extra={{ autoComplete: "street-address" }} />
      </div>
    </>
  );
}

/** How customers reach the shop, then the owner's login: e-mail and password. */
export function ContactSection({ form }: Form) {
  const { id, values, errors } = form;
  return (
    <>
      <TextField form={form} name="telephone" label={t.telephone} extra={{ type: "tel", autoComplete: "tel" }} />
      <TextField form={form} name="website_url" label={t.website} extra={{ type: "url", autoComplete: "url", placeholder: "https://" }} />
      <TextField form={form} name="email" label={t.email} extra={{ type: "email", autoComplete: "email" }} />
      <Field form={form} name="password" label={t.password} help={t.passwordHelp}>
        <PasswordInput
          id={`${id}-password`}
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => form.set("password", e.target.value)}
          onBlur={() => form.leave("password")}
          aria-invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? `${id}-password-error` : `${id}-password-help`}
        />
      </Field>
    </>
  );
}
