/* A shop's exact position as the owner pastes it from a map: "45.4642, 9.1900" (Google Maps
 * copies it so), "45,4642 9,1900" (decimal commas), "45.4642;9.19". */
import type { GeoPoint } from "../types";

/** `null` for an empty text, `"invalid"` for anything but two numbers. The range (Italy) is
 * the server's to check. */
export function parsePosition(text: string): GeoPoint | null | "invalid" {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const numbers = trimmed.match(/-?\d+(?:[.,]\d+)?/g) ?? [];
  const rest = trimmed.replace(/-?\d+(?:[.,]\d+)?/g, "").replace(/[\s,;°NEne]/g, "");
  if (numbers.length !== 2 || rest !== "") return "invalid";
  const [lat, lng] = numbers.map((n) => Number(n.replace(",", ".")));
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : "invalid";
}

/** A degree as the field shows it: six decimals at most, no trailing zeros. */
const degrees = (n: number) => n.toFixed(6).replace(/0+$/, "").replace(/\.$/, "");

/** As the field shows a saved position. */
export function formatPosition(p: GeoPoint | null | undefined): string {
  return p ? `${degrees(p.lat)}, ${degrees(p.lng)}` : "";
}
