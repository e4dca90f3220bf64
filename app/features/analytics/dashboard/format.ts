/**
 * How the dashboard writes figures (SPEC §9): numbers with en-IN grouping, hours 12-hour with
 * AM/PM, dates en-IN short (app/lib/dates.ts), and a period-over-period change.
 */
import { formatDisplayDate } from "~/lib/dates";
import type { DateRange } from "../figures/ranges";

const numberFormat = new Intl.NumberFormat("en-IN");

/** "1,23,456" for 123456 (en-IN grouping). */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** "12 AM" for 0, "9 AM" for 9, "12 PM" for 12, "11 PM" for 23; "Invalid Time" otherwise (SPEC §8). */
export function formatHour(hour: number | null | undefined): string {
  if (typeof hour !== "number" || !Number.isInteger(hour) || hour < 0 || hour > 23) return "Invalid Time";
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "AM" : "PM"}`;
}

/** "15 Dec 2026" for "2026-12-15"; "Invalid Time" for anything that is not an ISO day. */
export function formatDay(isoDay: string): string {
  try {
    return formatDisplayDate(isoDay);
  } catch {
    return "Invalid Time";
  }
}

/** The range picker's labels, in SPEC §9 order. */
export const RANGE_LABELS: Record<DateRange, string> = {
  today: "Today",
  yesterday: "Yesterday",
  "7days": "Last 7 days",
  "30days": "Last 30 days",
  "90days": "Last 90 days",
  year: "Last year",
};

/** What a headline card's change is measured against, per range. */
export const PREVIOUS_PERIOD_LABELS: Record<DateRange, string> = {
  today: "yesterday at this time",
  yesterday: "the day before",
  "7days": "the previous 7 days",
  "30days": "the previous 30 days",
  "90days": "the previous 90 days",
  year: "the previous year",
};

export type Change = {
  /** up, down or same; "new" when the previous period had none. */
  direction: "up" | "down" | "same" | "new";
  /** "+12%", "−5%", "0%", or "New" when the previous period had none. */
  text: string;
};

/** The change from `previous` to `current` in whole percent, e.g. 110 vs 100 → "+10%". */
export function percentChange(current: number, previous: number): Change {
  if (previous === 0) return current === 0 ? { direction: "same", text: "0%" } : { direction: "new", text: "New" };
  const pct = Math.round(((current - previous) / previous) * 100);
  if (pct === 0) return { direction: "same", text: "0%" };
  return pct > 0 ? { direction: "up", text: `+${formatNumber(pct)}%` } : { direction: "down", text: `−${formatNumber(-pct)}%` };
}

/** A share in percent with up to two decimals, e.g. 3.456 → "3.46%". */
export function formatPercent(value: number): string {
  return `${new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 }).format(value)}%`;
}
