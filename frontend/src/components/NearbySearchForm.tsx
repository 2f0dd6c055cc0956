import { it } from "../i18n/it";
import { Button } from "./ui/Button";
import { Input, Label } from "./ui/Field";
import { IconSearch } from "./ui/Icons";

/** "Chi ce l'ha vicino a me": a plain GET form to /cerca (a product and a CAP), so it works
 * before and without JavaScript. `idPrefix` keeps ids unique when a page has two. */
export function NearbySearchForm({ q = "", cap = "", capError, idPrefix = "nearby" }: { q?: string; cap?: string; capError?: string | null; idPrefix?: string }) {
  const capMessage = `${idPrefix}-cap-error`;
  return (
    <form role="search" method="get" action="/cerca" className="grid gap-3 sm:grid-cols-[1fr_160px_auto] sm:items-end">
      <div>
        <Label htmlFor={`${idPrefix}-q`}>{it.nearby.queryLabel}</Label>
        <div className="relative">
          <IconSearch className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-400" />
          <Input id={`${idPrefix}-q`} name="q" type="search" defaultValue={q} maxLength={200} required placeholder={it.nearby.queryPlaceholder} className="pl-10" />
        </div>
      </div>
      <div>
        <Label htmlFor={`${idPrefix}-cap`}>{it.nearby.capLabel}</Label>
        <Input
          id={`${idPrefix}-cap`}
          name="cap"
          defaultValue={cap}
          inputMode="numeric"
          autoComplete="postal-code"
          pattern="[0-9]{5}"
          maxLength={5}
          placeholder={it.nearby.capPlaceholder}
          aria-invalid={capError ? true : undefined}
          aria-describedby={capError ? capMessage : undefined}
        />
      </div>
      <Button type="submit">{it.nearby.submit}</Button>
      {capError && (
        <p id={capMessage} role="alert" className="text-sm font-medium text-red-700 sm:col-span-3">
          {capError}
        </p>
      )}
    </form>
  );
}
