/**
 * Dates in the school's time zone (DESIGN.md §5: stored in UTC, shown in Asia/Kolkata, en-IN).
 * ISO dates here are calendar days in India, "yyyy-mm-dd".
 */

export const SCHOOL_TIME_ZONE = "Asia/Kolkata";

/** India's offset from UTC, the same all year (no daylight saving), as ISO 8601 writes it. */
export const IST_OFFSET = "+05:30";

/** "2026-12-15T09:00:00+05:30": a wall-clock time (default midnight) on an ISO date in India, as an ISO 8601 instant. */
export function istDateTime(iso: string, time = "00:00:00"): string {
  return `${iso}T${time}${IST_OFFSET}`;
}

// en-CA formats as yyyy-mm-dd, so ISO dates compare as plain strings.
const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: SCHOOL_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
const display = new Intl.DateTimeFormat("en-IN", { timeZone: SCHOOL_TIME_ZONE, day: "numeric", month: "short", year: "numeric" });
const dayMonth = new Intl.DateTimeFormat("en-IN", { timeZone: SCHOOL_TIME_ZONE, day: "numeric", month: "short" });

/** The date in India (yyyy-mm-dd) at the instant `now`. */
export function kolkataDate(now: Date): string {
  return isoDay.format(now);
}

const isoHour = new Intl.DateTimeFormat("en-GB", { timeZone: SCHOOL_TIME_ZONE, hour: "2-digit", hourCycle: "h23" });

/** The hour of the day in India (0-23) at the instant `now`; SQL's twin is analytics_ist_hour. */
export function kolkataHour(now: Date): number {
  return Number(isoHour.format(now));
}

/** The IST hour of `now` as "2026-11-26T15" (date and 24-hour hour), a key for once-an-hour things. */
export function istHourKey(now: Date): string {
  return `${kolkataDate(now)}T${String(kolkataHour(now)).padStart(2, "0")}`;
}

/**
 * The first instant of the hour in India holding `at` (India is UTC+05:30 all year, so its hours
 * start at half past the UTC hour); SQL's twin is analytics_ist_hour_start.
 */
export function istHourStart(at: Date): Date {
  const offset = 19_800_000;
  return new Date(Math.floor((at.getTime() + offset) / 3_600_000) * 3_600_000 - offset);
}

/** Midnight in India at the start of an ISO date. Throws RangeError for a malformed date. */
export function istMidnight(iso: string): Date {
  const date = new Date(istDateTime(iso));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(date.getTime())) throw new RangeError(`Not an ISO date: ${iso}`);
  return date;
}

/** "yyyy-mm-dd" plus `days` calendar days (negative to go back). */
export function addDays(isoDay: string, days: number): string {
  const [y, m, d] = isoDay.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole calendar days from ISO date `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const ms = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((ms(to) - ms(from)) / 86_400_000);
}

/** Every ISO date from `firstDay` to `lastDay` inclusive; none when `lastDay` is earlier. */
export function eachDay(firstDay: string, lastDay: string): string[] {
  const days: string[] = [];
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) days.push(day);
  return days;
}

/** "15 Dec 2026" for "2026-12-15". Throws RangeError for a malformed date. */
export function formatDisplayDate(iso: string): string {
  return display.format(istMidnight(iso));
}

/**
 * "1–10 Dec 2026", "25 Oct – 23 Nov 2026", "24 Dec 2026 – 1 Jan 2027", or one date when `end` is
 * absent or equal. Composed here rather than with Intl's formatRange: ICU versions disagree on
 * the spaces around the dash (Node 20's ICU writes thin spaces, Chromium plain ones), so a page
 * rendered on the server and hydrated in the browser would differ (React error #418).
 */
export function formatDateRange(start: string, end?: string): string {
  if (!end || end === start) return formatDisplayDate(start);
  const [from, to] = [dateParts(start), dateParts(end)];
  if (from.year !== to.year) return `${formatDisplayDate(start)} – ${formatDisplayDate(end)}`;
  if (from.month !== to.month) return `${from.day} ${from.month} – ${to.day} ${to.month} ${to.year}`;
  return `${from.day}–${to.day} ${to.month} ${to.year}`;
}

function dateParts(iso: string): { day: string; month: string; year: string } {
  const parts = display.formatToParts(istMidnight(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: part("day"), month: part("month"), year: part("year") };
}

/** Day and short month of an ISO date, for a calendar badge: { day: "15", month: "Dec" }. */
export function dateBadge(iso: string): { day: string; month: string } {
  const parts = dayMonth.formatToParts(istMidnight(iso));
  return {
    day: parts.find((p) => p.type === "day")?.value ?? "",
    month: parts.find((p) => p.type === "month")?.value ?? "",
  };
}

/** "2026-27": a school or financial year by the calendar year it starts in (the end year's last two digits). */
export function yearLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, "0")}`;
}

/** "2027-28" for "2027–28": a session as keys and the fee book write it (content/ writes an en dash). */
export function sessionKey(name: string): string {
  return name.replace(/[\u2013\u2014]/g, "-").trim();
}

/** "2027–28" for "2027-28": a session as pages write it. */
export function sessionLabel(session: string): string {
  return session.replace("-", "–");
}

/**
 * The April–March year holding an IST date "yyyy-mm-dd" (or a month "yyyy-mm"), e.g. "2026-27"
 * for 1 Apr 2026 to 31 Mar 2027. The school's fee session (the academic session of its fee book,
 * roll and admissions) and India's financial year both run April to March.
 */
export function sessionOf(isoDate: string): string {
  const [y, m] = isoDate.split("-").map(Number) as [number, number];
  return yearLabel(m >= 4 ? y : y - 1);
}

/**
 * The financial year (1 April–31 March, the income-tax year that numbers receipts) of the instant
 * `at`, judged by the date in India: "2026-27" from 1 Apr 2026 00:00 IST to 31 Mar 2027 23:59:59 IST.
 */
export function financialYear(at: Date): string {
  return sessionOf(kolkataDate(at));
}

export type AcademicYear = {
  /** "2026-27" */
  label: string;
  /** First day, "yyyy-11-01" */
  start: string;
  /** Last day, "yyyy-10-31" of the following year */
  end: string;
};

/**
 * The academic year containing the instant `now` (SPEC §3 academic-year helper): it starts on
 * 1 November and ends on 31 October, judged by the date in India; labelled "2026-27" for the
 * year from 1 Nov 2026 to 31 Oct 2027.
 */
export function academicYear(now: Date): AcademicYear {
  const [y, m] = kolkataDate(now).split("-").map(Number) as [number, number];
  const startYear = m >= 11 ? y : y - 1;
  return {
    label: yearLabel(startYear),
    start: `${startYear}-11-01`,
    end: `${startYear + 1}-10-31`,
  };
}

const dateTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: SCHOOL_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/**
 * "21 Nov 2026, 3:05 PM": the instant in India, en-IN, 12-hour with AM/PM (SPEC §9). Returns
 * "Invalid Time" for an invalid date (SPEC §8).
 */
export function formatDateTime(instant: Date): string {
  if (Number.isNaN(instant.getTime())) return "Invalid Time";
  return dateTime.format(instant).replace(/\b(am|pm)\b/, (p) => p.toUpperCase());
}

/** A real calendar date "yyyy-mm-dd" (1900-2099), or null. */
export function realDate(v: string | null): string | null {
  if (!v || !/^(19|20)\d{2}-\d{2}-\d{2}$/.test(v)) return null;
  const t = new Date(`${v}T00:00:00Z`).getTime();
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v) ? v : null;
}

/**
 * `from` and `to` of a query as IST dates "yyyy-mm-dd", in order; each defaults to the first of
 * `today`'s month and `today` (IST) when missing or not a real date. For money reports' ranges.
 */
export function istDateRange(params: URLSearchParams, today: string): { from: string; to: string } {
  const from = realDate(params.get("from")) ?? `${today.slice(0, 8)}01`;
  const to = realDate(params.get("to")) ?? today;
  return from <= to ? { from, to } : { from: to, to: from };
}

/** English month names, January first. */
export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "April 2026" for the month "2026-04". */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}
