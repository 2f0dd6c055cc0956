import { Button } from "../../../components/ui/Button";
import { Input, Label } from "../../../components/ui/Field";
import { it } from "../../../i18n/it";
import type { SpecialClosure } from "../../../types";

const t = it.dashboard.settings;

/** Most closures the editor offers (the server's limit). */
const MAX_CLOSURES = 20;

/** Days the shop is closed outside its weekly hours: first and last day, and why. The
 * server checks the dates (`domain::special_closures`) and drops those already over. */
export function ClosuresEditor({ closures, onChange }: { closures: SpecialClosure[]; onChange: (closures: SpecialClosure[]) => void }) {
  const change = (i: number, closure: SpecialClosure) => onChange(closures.map((c, j) => (j === i ? closure : c)));
  return (
    <fieldset className="min-w-0 space-y-3" data-closures-editor>
      <legend className="text-sm font-medium text-stone-800">{t.closures}</legend>
      <p className="text-xs text-stone-500">{t.closuresHelp}</p>
      {closures.map((closure, i) => (
        <div key={i} className="grid grid-cols-2 items-end gap-2 rounded-xl border border-stone-200 p-3" data-closure={i + 1}>
          <div>
            <Label htmlFor={`closure-${i}-from`}>{t.closureFrom}</Label>
            <Input id={`closure-${i}-from`} type="date" value={closure.from} onChange={(e) => change(i, { ...closure, from: e.target.value, to: closure.to || e.target.value })} />
          </div>
          <div>
            <Label htmlFor={`closure-${i}-to`}>{t.closureTo}</Label>
            <Input id={`closure-${i}-to`} type="date" value={closure.to} min={closure.from || undefined} onChange={(e) => change(i, { ...closure, to: e.target.value })} />
          </div>
          <div className="col-span-2 flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <Label htmlFor={`closure-${i}-note`}>{t.closureNote}</Label>
              <Input id={`closure-${i}-note`} maxLength={80} placeholder={t.closureNotePlaceholder} value={closure.note ?? ""} onChange={(e) => change(i, { ...closure, note: e.target.value })} />
            </div>
            <Button variant="secondary" size="sm" className="mb-0.5" onClick={() => onChange(closures.filter((_, j) => j !== i))} aria-label={t.removeClosure(i + 1)}>
              {t.remove}
            </Button>
          </div>
        </div>
      ))}
      {closures.length < MAX_CLOSURES && (
        <Button variant="secondary" size="sm" onClick={() => onChange([...closures, { from: "", to: "", note: null }])}>
          {t.addClosure}
        </Button>
      )}
    </fieldset>
  );
}
