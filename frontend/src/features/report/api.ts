// The Pro report of the owner's shop (GET /api/stores/me/analytics). Browser only.
import { api } from "../../lib/api";
import type { AnalyticsReport } from "../../generated";

export type { AnalyticsReport };

/** The periods the report offers, in days. */
export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

export const fetchReport = (days: Period) => api.get<AnalyticsReport>(`/stores/me/analytics?days=${days}`);
export const reportCsvUrl = (days: Period) => `/api/stores/me/analytics.csv?days=${days}`;

/** "2026-11-21" → "21 nov" (the day as written, whatever the browser's time zone). */
export function shortDate(day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : at.toLocaleDateString("it-IT", { day: "numeric", month: "short", timeZone: "UTC" });
}
