/**
 * The dashboard's date ranges (SPEC §9): today, yesterday, 7days, 30days (default), 90days and
 * year, as whole days in India (Asia/Kolkata), and the days_back each passes to the traffic-
 * source procedures (2, 2, 7, 30, 90, 365).
 */
import { addDays, istMidnight, kolkataDate } from "~/lib/dates";

export const DATE_RANGES = ["today", "yesterday", "7days", "30days", "90days", "year"] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const DEFAULT_RANGE: DateRange = "30days";

/** SPEC §9 traffic-source days_back per range. */
export const DAYS_BACK: Record<DateRange, number> = { today: 2, yesterday: 2, "7days": 7, "30days": 30, "90days": 90, year: 365 };

export type RangeBounds = {
  range: DateRange;
  /** First day in India, "yyyy-mm-dd". */
  firstDay: string;
  /** Last day in India (inclusive), "yyyy-mm-dd". */
  lastDay: string;
  /** Midnight in India at the start of firstDay (inclusive bound). */
  start: Date;
  /** Midnight in India after lastDay (exclusive bound). */
  end: Date;
  daysBack: number;
};

/** "yyyy-mm-dd" one calendar year earlier (29 Feb goes to 1 Mar). */
export function yearBefore(isoDay: string): string {
  const [y, m, d] = isoDay.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y - 1, m - 1, d)).toISOString().slice(0, 10);
}

/** A range name from a query-string value; anything else is the default, 30days. */
export function parseRange(value: string | null | undefined): DateRange {
  return (DATE_RANGES as readonly string[]).includes(value ?? "") ? (value as DateRange) : DEFAULT_RANGE;
}

/**
 * The bounds of `range` at the instant `now`. Ranges that include today end at tomorrow's
 * midnight in India; "7days" is today and the six days before; "year" starts on the same date
 * one year back.
 */
export function rangeBounds(range: DateRange, now: Date): RangeBounds {
  const today = kolkataDate(now);
  const firstDay = {
    today,
    yesterday: addDays(today, -1),
    "7days": addDays(today, -6),
    "30days": addDays(today, -29),
    "90days": addDays(today, -89),
    year: yearBefore(today),
  }[range];
  const lastDay = range === "yesterday" ? addDays(today, -1) : today;
  return { range, firstDay, lastDay, start: istMidnight(firstDay), end: istMidnight(addDays(lastDay, 1)), daysBack: DAYS_BACK[range] };
}

