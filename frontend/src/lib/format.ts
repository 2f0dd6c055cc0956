// Italian number formatting without Intl (QuickJS has no Intl).

function groupThousands(digits: string): string {
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ".";
    out += digits[i];
  }
  return out;
}

/** 12.5 → "12,50 €"; 1234.5 → "1.234,50 €". */
export function formatPrice(value: number): string {
  return `${formatDecimal(value)} €`;
}

/** 12.5 → "12,50" (Italian separators, two decimals). */
export function formatDecimal(value: number): string {
  const cents = Math.round(Math.abs(value) * 100);
  const sign = value < 0 && cents > 0 ? "-" : "";
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  return `${sign}${groupThousands(String(euros))},${rest < 10 ? "0" : ""}${rest}`;
}

/** 12.5 → "12.50": the machine-readable price used in JSON-LD. */
export function schemaPrice(value: number): string {
  const cents = Math.round(Math.abs(value) * 100);
  const sign = value < 0 && cents > 0 ? "-" : "";
  const rest = cents % 100;
  return `${sign}${Math.floor(cents / 100)}.${rest < 10 ? "0" : ""}${rest}`;
}

/** Whole euros for plan prices: 156 → "156". */
export function formatEuros(value: number): string {
  return groupThousands(String(Math.round(value)));
}

/** A whole count with Italian thousands: 1248 → "1.248". */
export function formatCount(value: number): string {
  return groupThousands(String(Math.round(Math.abs(value))));
}

/** Collapses white space and cuts at a word boundary, adding an ellipsis: meta descriptions. */
export function truncate(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, "")}…`;
}

/** Case- and accent-insensitive form for searching. */
export function fold(text: string | null | undefined): string {
  if (!text) return "";
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}
