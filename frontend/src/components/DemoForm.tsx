import { useCallback, useId, useState, type FormEvent } from "react";
import { DEMO_BOOKING_URL } from "../config";
import { it } from "../i18n/it";
import { useCapLookup } from "../hooks/useCapLookup";
import { sendLead } from "../lib/api";
import { CAP_LENGTH } from "../lib/validation";
import { Button } from "./ui/Button";
import { Input, Label, Select } from "./ui/Field";

type Status = "idle" | "submitting" | "success" | "error";

const empty = { workEmail: "", businessName: "", postal_code: "", city: "" };

/** Demo request: work e-mail, business name, CAP → city (looked up), then POST /api/leads. */
export function DemoForm({ onSent }: { onSent?: () => void }) {
  const id = useId();
  const [values, setValues] = useState(empty);
  const [status, setStatus] = useState<Status>("idle");
  const [error, setError] = useState<string | null>(null);

  const set = (field: keyof typeof empty, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const setCity = useCallback((city: string) => setValues((v) => (v.city === city ? v : { ...v, city })), []);
  // CAP → comuni, once the code has exactly 5 characters and typing stopped for 1 s.
  const cap = useCapLookup(values.postal_code, setCity, { notFound: it.demoForm.capNotFound, error: it.demoForm.capError });
  const towns = cap.towns;
  const capMessage = cap.message;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!values.city) {
      setError(capMessage ?? it.demoForm.cityMissing);
      return;
    }
    setStatus("submitting");
    const result = await sendLead(values);
    if (result.ok) {
      setValues(empty);
      setStatus("success");
      window.open(DEMO_BOOKING_URL, "_blank", "noopener");
      onSent?.();
    } else {
      setError(result.connection ? it.demoForm.connectionError : (result.error ?? it.demoForm.genericError));
      setStatus("error");
    }
  };

  const busy = status === "submitting";
  return (
    <form onSubmit={submit} className="space-y-4" noValidate={false}>
      <div>
        <Label htmlFor={`${id}-email`}>{it.demoForm.workEmail}</Label>
        <Input id={`${id}-email`} name="workEmail" type="email" autoComplete="email" required value={values.workEmail} onChange={(e) => set("workEmail", e.target.value)} placeholder={it.demoForm.workEmailPlaceholder} />
      </div>
      <div>
        <Label htmlFor={`${id}-business`}>{it.demoForm.businessName}</Label>
        <Input id={`${id}-business`} name="businessName" autoComplete="organization" required value={values.businessName} onChange={(e) => set("businessName", e.target.value)} placeholder={it.demoForm.businessNamePlaceholder} />
      </div>
      <div className="grid gap-4 sm:grid-cols-[140px_1fr]">
        <div>
          <Label htmlFor={`${id}-cap`}>{it.demoForm.postalCode}</Label>
          <Input
            id={`${id}-cap`}
            name="postal_code"
            inputMode="numeric"
            autoComplete="postal-code"
            required
            maxLength={CAP_LENGTH}
            value={values.postal_code}
            onChange={(e) => set("postal_code", e.target.value)}
            placeholder={it.demoForm.postalCodePlaceholder}
            aria-describedby={capMessage ? `${id}-cap-msg` : undefined}
            aria-invalid={capMessage ? true : undefined}
          />
        </div>
        <div>
          {towns.length > 1 ? (
            <>
              <Label htmlFor={`${id}-city`}>{it.demoForm.selectCity}</Label>
              <Select id={`${id}-city`} name="city" required value={values.city} onChange={(e) => set("city", e.target.value)}>
                <option value="">{it.demoForm.selectCity}</option>
                {towns.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </Select>
            </>
          ) : (
            <>
              <Label htmlFor={`${id}-city`}>{it.demoForm.city}</Label>
              <Input id={`${id}-city`} name="city" readOnly required value={values.city} placeholder={cap.looking ? it.demoForm.lookingUp : it.demoForm.cityPlaceholder} />
            </>
          )}
        </div>
      </div>
      <p id={`${id}-cap-msg`} className="min-h-5 text-sm text-red-700" aria-live="polite">
        {capMessage ?? (cap.looking ? <span className="text-stone-500">{it.demoForm.lookingUp}</span> : null)}
      </p>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      {status === "success" && (
        <div role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          <p className="font-semibold">{it.demoForm.success}</p>
          <a href={DEMO_BOOKING_URL} target="_blank" rel="noopener noreferrer" className="mt-1 inline-block underline underline-offset-2">
            {it.demoForm.bookingFallback}
          </a>
        </div>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? it.demoForm.submitting : it.demoForm.submit}
      </Button>
    </form>
  );
}
