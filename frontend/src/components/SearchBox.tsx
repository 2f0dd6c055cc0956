import { Input } from "./ui/Field";
import { IconSearch } from "./ui/Icons";

/** A search field of a listing's GET form (`name="q"`): a magnifier, a label for screen
 * readers, at most 200 characters (what the server reads). */
export function SearchBox({ id, label, placeholder, value, onChange }: { id: string; label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <IconSearch className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-400" />
      <Input id={id} name="q" type="search" value={value} maxLength={200} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} className="pl-10" />
    </div>
  );
}
