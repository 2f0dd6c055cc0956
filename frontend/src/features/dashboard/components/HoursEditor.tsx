import { Button } from "../../../components/ui/Button";
import { Input, Label } from "../../../components/ui/Field";
import { it } from "../../../i18n/it";
import { DAYS, dayShort } from "../../../lib/hours";
import type { OpeningSlot } from "../../../types";

const t = it.dashboard.settings;

/** Most slots the editor offers (the server's limit). */
const MAX_SLOTS = 14;

/** The shop's weekly hours as slots: the days each applies to and its times. The server
 * checks the times (decision: `domain::opening_hours`); the editor only shapes them. */
export function HoursEditor({ slots, onChange }: { slots: OpeningSlot[]; onChange: (slots: OpeningSlot[]) => void }) {
  const change = (i: number, slot: OpeningSlot) => onChange(slots.map((s, j) => (j === i ? slot : s)));
  const toggle = (i: number, day: string) => {
    const slot = slots[i];
    const days = slot.days.includes(day) ? slot.days.filter((d) => d !== day) : DAYS.filter((d) => d === day || slot.days.includes(d));
    change(i, { ...slot, days });
  };
  // A new slot starts from the last one's days (the afternoon after the morning).
  const add = () => onChange([...slots, { days: slots.at(-1)?.days ?? ["Mo", "Tu", "We", "Th", "Fr"], opens: "", closes: "" }]);
  return (
    <fieldset className="min-w-0 space-y-3" data-hours-editor>
      <legend className="text-sm font-medium text-stone-800">{t.hours}</legend>
      <p className="text-xs text-stone-500">{t.hoursHelp}</p>
      {slots.map((slot, i) => (
        <div key={i} className="rounded-xl border border-stone-200 p-3" data-slot={i + 1}>
          <div className="flex flex-wrap gap-1.5" role="group" aria-label={t.slotDays(i + 1)}>
            {DAYS.map((day) => (
              <label key={day} className="inline-flex cursor-pointer items-center gap-1 rounded-md border border-stone-300 px-2 py-1 text-xs has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                <input type="checkbox" checked={slot.days.includes(day)} onChange={() => toggle(i, day)} className="accent-brand-700" />
                {dayShort(day)}
              </label>
            ))}
          </div>
          <div className="mt-2 grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            <div>
              <Label htmlFor={`slot-${i}-opens`}>{t.opens}</Label>
              <Input id={`slot-${i}-opens`} inputMode="numeric" placeholder="08:30" maxLength={5} value={slot.opens} onChange={(e) => change(i, { ...slot, opens: e.target.value })} />
            </div>
            <div>
              <Label htmlFor={`slot-${i}-closes`}>{t.closes}</Label>
              <Input id={`slot-${i}-closes`} inputMode="numeric" placeholder="19:00" maxLength={5} value={slot.closes} onChange={(e) => change(i, { ...slot, closes: e.target.value })} />
            </div>
            <Button variant="secondary" size="sm" onClick={() => onChange(slots.filter((_, j) => j !== i))} aria-label={t.removeSlot(i + 1)}>
              {t.remove}
            </Button>
          </div>
        </div>
      ))}
      {slots.length < MAX_SLOTS && (
        <Button variant="secondary" size="sm" onClick={add}>
          {t.addSlot}
        </Button>
      )}
    </fieldset>
  );
}
