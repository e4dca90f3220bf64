/**
 * Every table of the dashboard, defined once: the page renders them as HTML tables
 * (also the charts' accessible alternative) and /admin/analytics/export writes the same columns
 * as CSV. Page cells are formatted for reading (en-IN numbers, IST 12-hour times, SPEC §9);
 * CSV cells keep plain numbers so a spreadsheet can add them up.
 */
import { csvDocument } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import type { AnalyticsResult } from "../figures/analytics-result.server";
import type { Archive, ArchivedMonth } from "./load-dashboard.server";
import { formatDay, formatHour, formatNumber, formatPercent } from "./format";
import type { CountRow, DailyVisitorRow, HourlyRow, LocationRow, RepeatVisitor, TrafficCategoryRow, TrafficDetailRow } from "../figures/figure-rows";

export type Column<R> = {
  header: string;
  /** The cell as the page shows it. */
  cell: (row: R) => string;
  /** The cell in the CSV file; defaults to `cell`. */
  csv?: (row: R) => string | number;
  numeric?: boolean;
};

export type TableSource = { result?: AnalyticsResult; archive?: Archive };

export type TableSpec<R> = {
  title: string;
  columns: Column<R>[];
  /** The rows from the loaded panels; null when the panel they come from failed. */
  rows: (source: TableSource) => R[] | null;
};

const count = <R>(header: string, value: (r: R) => number): Column<R> => ({ header, cell: (r) => formatNumber(value(r)), csv: value, numeric: true });
const text = <R>(header: string, value: (r: R) => string | null | undefined): Column<R> => ({ header, cell: (r) => value(r) ?? "Unknown" });

/** "Desktop" for "desktop"; "Unknown" for nothing. */
export function deviceName(value: string | null | undefined): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : "Unknown";
}

const monthFormat = new Intl.DateTimeFormat("en-IN", { month: "short", year: "numeric", timeZone: "UTC" });

/** "Jan 2026" for "2026-01". */
export function formatMonth(period: string): string {
  const date = new Date(`${period}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? period : monthFormat.format(date);
}

function withShare(rows: CountRow[]): (CountRow & { share: number })[] {
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  return rows.map((r) => ({ ...r, share: total === 0 ? 0 : Math.round((r.count / total) * 10_000) / 100 }));
}

const share = <R extends { share: number }>(): Column<R> => ({ header: "Share", cell: (r) => formatPercent(r.share), csv: (r) => r.share, numeric: true });
const time = (value: string) => formatDateTime(new Date(value));

export const TABLES = {
  daily: {
    title: "Daily visitors",
    columns: [
      { header: "Date", cell: (r) => formatDay(r.visit_date) },
      count("Visits", (r) => r.visitor_count),
      count("Unique visitors", (r) => r.unique_visitors),
      count("New visitors", (r) => r.new_visitors),
      count("Apply-page visits", (r) => r.apply_page_visits),
    ],
    rows: (s) => s.result?.dailyVisitors ?? null,
  } satisfies TableSpec<DailyVisitorRow>,
  hourly: {
    title: "Visitors by hour (IST)",
    columns: [{ header: "Hour", cell: (r) => formatHour(r.hour) }, count("Visits", (r) => r.visitor_count), count("Unique visitors", (r) => r.unique_visitors)],
    rows: (s) => s.result?.hourlyVisitors ?? null,
  } satisfies TableSpec<HourlyRow>,
  devices: {
    title: "Devices",
    columns: [{ header: "Device", cell: (r) => deviceName(r.name) }, count("Visits", (r) => r.count), share()],
    rows: (s) => (s.result ? withShare(s.result.deviceBreakdown) : null),
  } satisfies TableSpec<CountRow & { share: number }>,
  browsers: {
    title: "Browsers",
    columns: [text("Browser", (r) => r.name), count("Visits", (r) => r.count), share()],
    rows: (s) => (s.result ? withShare(s.result.browserData) : null),
  } satisfies TableSpec<CountRow & { share: number }>,
  sources: {
    title: "Traffic sources",
    columns: [text("Source", (r) => r.category), count("Visits", (r) => r.visit_count), count("Unique visitors", (r) => r.unique_visitors)],
    rows: (s) => s.result?.referrerData.categories ?? null,
  } satisfies TableSpec<TrafficCategoryRow>,
  locations: {
    title: "Top locations",
    columns: [
      text("City", (r) => r.city),
      { header: "Region", cell: (r) => r.region || "—", csv: (r) => r.region },
      text("Country", (r) => r.country),
      count("Visits", (r) => r.visits),
      count("Unique visitors", (r) => r.unique_visitors),
    ],
    rows: (s) => s.result?.topLocations ?? null,
  } satisfies TableSpec<LocationRow>,
  pages: {
    title: "Popular pages",
    columns: [
      text("Page", (r) => r.label),
      text("Path", (r) => r.page_visited),
      count("Visits", (r) => r.visit_count),
      count("Unique visitors", (r) => r.unique_visitors),
    ],
    rows: (s) => s.result?.popularPages ?? null,
  } satisfies TableSpec<AnalyticsResult["popularPages"][number]>,
  referrers: {
    title: "Top referrers",
    columns: [text("Referrer", (r) => r.source), text("Category", (r) => r.category), count("Visits", (r) => r.visit_count), count("Unique visitors", (r) => r.unique_visitors)],
    rows: (s) => s.result?.referrerData.specific ?? null,
  } satisfies TableSpec<TrafficDetailRow>,
  repeat: {
    title: "Repeat visitors",
    columns: [
      text("IP", (r) => r.ip),
      text("Country", (r) => r.country),
      text("City", (r) => r.city),
      text("Browser", (r) => r.browser),
      { header: "Device", cell: (r) => deviceName(r.device_type) },
      count("Visits", (r) => r.visits),
      count("Sessions", (r) => r.session_count),
      { header: "First visit (IST)", cell: (r) => time(r.first_visit) },
      { header: "Last visit (IST)", cell: (r) => time(r.last_visit) },
      count("Days between visits", (r) => r.days_between_visits),
      { header: "Truly returning", cell: (r) => (r.is_truly_returning ? "Yes" : "No") },
    ],
    rows: (s) => s.result?.repeatVisitors ?? null,
  } satisfies TableSpec<RepeatVisitor>,
  archive: {
    title: "Archived months",
    columns: [
      { header: "Month", cell: (r) => formatMonth(r.period), csv: (r) => r.period },
      count("Visits", (r) => r.totalVisits),
      count("Unique visitors", (r) => r.uniqueVisitors),
      count("Apply-page visits", (r) => r.applyPageVisits),
      text("Top page", (r) => r.topPage),
      text("Top country", (r) => r.topCountry),
    ],
    rows: (s) => s.archive?.months ?? null,
  } satisfies TableSpec<ArchivedMonth>,
};

export type TableId = keyof typeof TABLES;
export const TABLE_IDS = Object.keys(TABLES) as TableId[];

/** The rows of one table as strings for the page: { headers, numeric, rows } or null when its panel failed. */
export function renderTable(id: TableId, source: TableSource): { headers: string[]; numeric: boolean[]; rows: string[][] } | null {
  const spec = TABLES[id] as unknown as TableSpec<unknown>;
  const rows = spec.rows(source);
  if (rows === null) return null;
  return { headers: spec.columns.map((c) => c.header), numeric: spec.columns.map((c) => !!c.numeric), rows: rows.map((r) => spec.columns.map((c) => c.cell(r))) };
}

/** One table as a CSV file, or null when its panel failed. */
export function tableCsv(id: TableId, source: TableSource): string | null {
  const spec = TABLES[id] as unknown as TableSpec<unknown>;
  const rows = spec.rows(source);
  if (rows === null) return null;
  return csvDocument([spec.columns.map((c) => c.header), ...rows.map((r) => spec.columns.map((c) => (c.csv ?? c.cell)(r)))]);
}
