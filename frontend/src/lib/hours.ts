// A shop's weekly opening hours (the server's `OpeningSlot`s): labels in Italian, whether it
// is open at a moment in Europe/Rome, and schema.org's form for search engines.
import type { OpeningSlot, SpecialClosure } from "../types";

/** Days as the API names them, Monday first. */
export const DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;
export type Day = (typeof DAYS)[number];

const SHORT: Record<Day, string> = { Mo: "Lun", Tu: "Mar", We: "Mer", Th: "Gio", Fr: "Ven", Sa: "Sab", Su: "Dom" };
const LONG: Record<Day, string> = { Mo: "lunedì", Tu: "martedì", We: "mercoledì", Th: "giovedì", Fr: "venerdì", Sa: "sabato", Su: "domenica" };
const SCHEMA: Record<Day, string> = { Mo: "Monday", Tu: "Tuesday", We: "Wednesday", Th: "Thursday", Fr: "Friday", Sa: "Saturday", Su: "Sunday" };

export const dayShort = (day: string) => SHORT[day as Day] ?? day;

/** "Lun–Ven", "Lun, Mer, Ven", "Sab": runs of three or more days joined by a dash. */
export function daysLabel(days: string[]): string {
  const index = days.map((d) => DAYS.indexOf(d as Day)).filter((i) => i >= 0).sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < index.length; ) {
    let j = i;
    while (j + 1 < index.length && index[j + 1] === index[j] + 1) j++;
    const [from, to] = [DAYS[index[i]], DAYS[index[j]]];
    if (j - i >= 2) parts.push(`${SHORT[from]}–${SHORT[to]}`);
    else for (let k = i; k <= j; k++) parts.push(SHORT[DAYS[index[k]]]);
    i = j + 1;
  }
  return parts.join(", ");
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A moment as the day of the week (0 = Monday), the minutes after midnight and the date
 * (`YYYY-MM-DD`) in Rome. */
export interface RomeTime {
  day: number;
  minutes: number;
  date: string;
}

export function romeTime(at: Date): RomeTime {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Rome",
    weekday: "short",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(part("weekday"));
  return { day: Math.max(0, day), minutes: Number(part("hour")) * 60 + Number(part("minute")), date: `${part("year")}-${part("month")}-${part("day")}` };
}

/** `date` (`YYYY-MM-DD`) moved by `days`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The closure that covers `date`, if any. */
export function closureOn(closures: SpecialClosure[], date: string): SpecialClosure | undefined {
  return closures.find((c) => c.from <= date && date <= c.to);
}

/** The closures not yet over on `date`. */
export const upcomingClosures = (closures: SpecialClosure[], date: string) => closures.filter((c) => c.to >= date);

const MONTHS = ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"];

/** "24 dic", "24–26 dic", "30 dic – 2 gen". */
export function closureLabel(c: SpecialClosure): string {
  const [fy, fm, fd] = c.from.split("-").map(Number);
  const [ty, tm, td] = c.to.split("-").map(Number);
  if (c.from === c.to) return `${fd} ${MONTHS[fm - 1]}`;
  if (fy === ty && fm === tm) return `${fd}–${td} ${MONTHS[tm - 1]}`;
  return `${fd} ${MONTHS[fm - 1]} – ${td} ${MONTHS[tm - 1]}`;
}

/** "Aperto ora · chiude alle 19:00", "Chiuso ora · apre alle 15:00", "Chiuso ora · apre
 * lunedì alle 08:00", "Chiuso oggi · Inventario"; null without hours. Days of a special
 * closure are skipped when looking for the next opening. */
export function openNowLabel(slots: OpeningSlot[], now: RomeTime, closures: SpecialClosure[] = []): string | null {
  const closedToday = closureOn(closures, now.date);
  if (closedToday) return `Chiuso oggi${closedToday.note ? ` · ${closedToday.note}` : ""}`;
  if (slots.length === 0) return null;
  const today = DAYS[now.day];
  const open = slots.find((s) => s.days.includes(today) && minutesOf(s.opens) <= now.minutes && now.minutes < minutesOf(s.closes));
  if (open) return `Aperto ora · chiude alle ${open.closes}`;
  // Up to the longest closure (92 days) and a week beyond it.
  for (let ahead = 0; ahead < 100; ahead++) {
    if (closures.length > 0 && closureOn(closures, addDays(now.date, ahead))) continue;
    const day = DAYS[(now.day + ahead) % 7];
    const next = slots
      .filter((s) => s.days.includes(day) && (ahead > 0 || minutesOf(s.opens) > now.minutes))
      .sort((a, b) => minutesOf(a.opens) - minutesOf(b.opens))[0];
    if (next) {
      const when = ahead === 0 ? "" : ahead === 1 ? "domani " : ahead < 7 ? `${LONG[day]} ` : `${LONG[day]} ${closureLabel({ from: addDays(now.date, ahead), to: addDays(now.date, ahead), note: null })} `;
      return `Chiuso ora · apre ${when}alle ${next.opens}`;
    }
  }
  return "Chiuso ora";
}

/** schema.org's special opening hours of the closures: closed all day between two dates. */
export function closuresSpecification(closures: SpecialClosure[]) {
  return closures.map((c) => ({ "@type": "OpeningHoursSpecification", opens: "00:00", closes: "00:00", validFrom: c.from, validThrough: c.to }));
}

/** schema.org's `openingHoursSpecification` of the slots. */
export function openingHoursSpecification(slots: OpeningSlot[]) {
  return slots.map((s) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: s.days.map((d) => `https://schema.org/${SCHEMA[d as Day] ?? d}`),
    opens: s.opens,
    closes: s.closes,
  }));
}
