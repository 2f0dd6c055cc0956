import { Input, Label, Select, TextOptions, inputClass } from "../../../components/ui/Field";
import type { CapState } from "../../../hooks/useCapLookup";
import { it } from "../../../i18n/it";
import { osmPlaceUrl } from "../../../lib/paths";
import type { GeoPoint } from "../../../types";
import { SHOP_FIELDS, type ShopField, type ShopValues } from "../useStoreSettingsForm";

const t = it.dashboard.settings;

const labels: Record<ShopField, string> = {
  name: t.name,
  partner_group: t.partnerGroup,
  description: t.description,
  telephone: t.telephone,
  address: t.address,
  postal_code: t.postalCode,
  city: t.city,
  website_url: t.website,
};

/** The shop's details as at registration; the city follows the CAP (a select when the CAP
 * has several towns). */
export function ShopInfoFields({ values, cap, onChange }: { values: ShopValues; cap: CapState; onChange: (f: ShopField, value: string) => void }) {
  return (
    <>
      {SHOP_FIELDS.map((f) => (
        <div key={f} className={f === "description" || f === "name" ? "sm:col-span-2" : ""}>
          <Label htmlFor={`settings-${f}`}>{labels[f]}</Label>
          {f === "description" ? (
            <textarea id={`settings-${f}`} rows={4} className={inputClass} value={values[f]} onChange={(e) => onChange(f, e.target.value)} />
          ) : f === "city" && cap.towns.length > 1 ? (
            <Select id="settings-city" value={values.city} onChange={(e) => onChange("city", e.target.value)}>
              <option value="">{it.accounts.register.citySelect}</option>
              <TextOptions values={cap.towns} />
            </Select>
          ) : (
            <Input
              id={`settings-${f}`}
              value={values[f]}
              required={f === "name"}
              inputMode={f === "postal_code" ? "numeric" : undefined}
              maxLength={f === "postal_code" ? 5 : undefined}
              readOnly={f === "city"}
              tabIndex={f === "city" ? -1 : undefined}
              onChange={(e) => onChange(f, e.target.value)}
            />
          )}
          {f === "city" && cap.looking && <p className="mt-1.5 text-xs text-stone-500">{it.accounts.register.capLookup}</p>}
          {f === "city" && cap.message && (
            <p role="alert" className="mt-1.5 text-sm text-red-700">
              {cap.message}
            </p>
          )}
        </div>
      ))}
    </>
  );
}

/** The shop's code in Google Merchant Center (for the local inventory feed). */
export function StoreCodeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="sm:col-span-2">
      <Label htmlFor="settings-google_store_code">{t.storeCode}</Label>
      <Input id="settings-google_store_code" value={value} maxLength={64} aria-describedby="settings-store-code-help" onChange={(e) => onChange(e.target.value)} />
      <p id="settings-store-code-help" className="mt-1 text-xs text-stone-500">{t.storeCodeHelp}</p>
    </div>
  );
}

/** The shop's position pasted from a map; a valid one links to the map to check it. */
export function PositionField({
  value,
  parsed,
  wrong,
  onChange,
}: {
  value: string;
  parsed: GeoPoint | "invalid" | null;
  wrong: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="sm:col-span-2">
      <Label htmlFor="settings-position">{t.position}</Label>
      <Input
        id="settings-position"
        value={value}
        inputMode="decimal"
        autoComplete="off"
        placeholder="45.4642, 9.1900"
        aria-invalid={wrong || undefined}
        aria-describedby="settings-position-help"
        onChange={(e) => onChange(e.target.value)}
      />
      {wrong && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t.positionInvalid}
        </p>
      )}
      <p id="settings-position-help" className="mt-1 text-xs text-stone-500">
        {t.positionHelp}
      </p>
      {parsed && parsed !== "invalid" && (
        <a href={osmPlaceUrl(parsed)} target="_blank" rel="noopener noreferrer" className="mt-1 inline-block text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
          {t.positionCheck}
          <span className="sr-only"> {it.common.newTab}</span>
        </a>
      )}
    </div>
  );
}
