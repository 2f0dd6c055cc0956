/** A shop's exact position as the owner pastes it from a map: "45.4642, 9.1900" (Google Maps
 * copies it so), "45,4642 9,1900" (decimal commas), "45.4642;9.19". */
export type Position = { lat: number; lng: number };

/** `null` for an empty text, `"invalid"` for anything but two numbers. The range (Italy) is
 * the server's to check. */
export function parsePosition(text: string): Position | null | "invalid" {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const numbers = trimmed.match(/-?\d+(?:[.,]\d+)?/g) ?? [];
  const rest = trimmed.replace(/-?\d+(?:[.,]\d+)?/g, "").replace(/[\s,;°NEne]/g, "");
  if (numbers.length !== 2 || rest !== "") return "invalid";
  const [lat, lng] = numbers.map((n) => Number(n.replace(",", ".")));
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : "invalid";
}

/** As the field shows a saved position. */
export function formatPosition(p: Position | null | undefined): string {
  return p ? `${p.lat.toFixed(6).replace(/0+$/, "").replace(/\.$/, "")}, ${p.lng.toFixed(6).replace(/0+$/, "").replace(/\.$/, "")}` : "";
}
