/**
 * The SPEC §3 Analytics result for one of the dashboard's ranges, computed exactly over the
 * whole range in SQL (DESIGN.md §8). The five SPEC §7 procedures fall back to their TypeScript
 * twins when they fail; the daily data and the other queries throw "Database error: {reason}".
 * On PostgreSQL the queries run in parallel on the pool; PGlite runs them one after another.
 */
import type { Database } from "~/db/client.server";
import { istMidnight, kolkataDate } from "~/lib/dates";
import { pageLabel } from "./page-labels";
import { getAnalyticsCounts, getDailyVisitorData, getPagePopularity, getTrafficSourceCategories, getTrafficSourceDetails, type Source } from "./procedures.server";
import { addDays, daysBetween, kolkataHour, rangeBounds, type DateRange } from "./ranges";
import type { DailyVisitorRow, PagePopularityRow, TrafficCategoryRow, TrafficDetailRow } from "./reference";
import { hourlyVisitors, periodTotals, rangeBreakdown, type CountRow, type HourlyRow, type LocationRow, type RepeatVisitor } from "./result-queries.server";

/** SPEC §9 display caps. */
export const TOP_LIST_LIMIT = 10;
export const REPEAT_VISITOR_LIMIT = 50;
export const TRAFFIC_DETAILS_LIMIT = 25;

export type TodayStats = {
  totalVisits: number;
  uniqueVisitors: number;
  applyPageVisits: number;
  newVisitors: number;
  returningVisitors: number;
  /** Hour (0-23, India) with most visits so far today, earliest on a tie; null with no visits. */
  peakHour: number | null;
};

export type AnalyticsResult = {
  range: DateRange;
  /** First and last day of the range in India, "yyyy-mm-dd". */
  firstDay: string;
  lastDay: string;
  /** Every day of the range, oldest first; days without visits are zero. */
  dailyVisitors: DailyVisitorRow[];
  /** Hours 0-23 (India) over the range, zero-filled. */
  hourlyVisitors: HourlyRow[];
  todayStats: TodayStats;
  topLocations: LocationRow[];
  popularPages: (PagePopularityRow & { label: string })[];
  repeatVisitors: RepeatVisitor[];
  totalVisits: number;
  uniqueVisitorCount: number;
  applyPageVisits: number;
  deviceBreakdown: CountRow[];
  browserData: CountRow[];
  referrerData: { categories: TrafficCategoryRow[]; specific: TrafficDetailRow[] };
  /** When the result was computed (ISO, UTC). */
  lastUpdated: string;
  /** Which procedures answered and which fell back to their twins. */
  sources: { counts: Source; pages: Source; categories: Source; details: Source };
};

/** Hours 0-23 with zeros where `rows` has none. */
export function fillHours(rows: readonly HourlyRow[]): HourlyRow[] {
  const byHour = new Map(rows.map((r) => [r.hour, r]));
  return Array.from({ length: 24 }, (_, hour) => byHour.get(hour) ?? { hour, visitor_count: 0, unique_visitors: 0 });
}

/** Every day from firstDay to lastDay, zero where `rows` has none. */
export function fillDays(rows: readonly DailyVisitorRow[], firstDay: string, lastDay: string): DailyVisitorRow[] {
  const byDay = new Map(rows.map((r) => [r.visit_date, r]));
  return daysBetween(firstDay, lastDay).map(
    (day) => byDay.get(day) ?? { visit_date: day, visitor_count: 0, unique_visitors: 0, new_visitors: 0, apply_page_visits: 0 },
  );
}

/**
 * The peak hour among hours 0..currentHour (SPEC §9: future hours excluded), earliest on a
 * tie, or null when none of them has a visit.
 */
export function peakHour(hours: readonly HourlyRow[], currentHour: number): number | null {
  let best: HourlyRow | undefined;
  for (const h of hours) {
    if (h.hour > currentHour || h.visitor_count === 0) continue;
    if (!best || h.visitor_count > best.visitor_count || (h.visitor_count === best.visitor_count && h.hour < best.hour)) best = h;
  }
  return best?.hour ?? null;
}

export type ResultOptions = {
  /** The site's own hosts, for the Internal referrer category. */
  internalHosts: readonly string[];
  /** The instant to compute at; defaults to now. */
  now?: Date;
  /** true on PostgreSQL (a pool): run the queries concurrently. */
  parallel?: boolean;
};

/**
 * Computes the Analytics result for `range` (SPEC §3, §9). Throws "Database error: {reason}"
 * when the daily data or one of the non-procedure queries fails.
 */
export async function getAnalyticsResult(db: Database, range: DateRange, options: ResultOptions): Promise<AnalyticsResult> {
  const now = options.now ?? new Date();
  const bounds = rangeBounds(range, now);
  const today = kolkataDate(now);
  const todayStart = istMidnight(today);
  const todayEnd = istMidnight(addDays(today, 1));
  const { start, end } = bounds;

  const tasks = {
    counts: () => getAnalyticsCounts(db, start, end),
    daily: () => getDailyVisitorData(db, start, end),
    pages: () => getPagePopularity(db, start, end),
    categories: () => getTrafficSourceCategories(db, bounds.daysBack, options.internalHosts, now),
    details: () => getTrafficSourceDetails(db, bounds.daysBack, TRAFFIC_DETAILS_LIMIT, options.internalHosts, now),
    breakdown: () => rangeBreakdown(db, start, end, { locations: TOP_LIST_LIMIT, repeat: REPEAT_VISITOR_LIMIT }),
    todayTotals: () => periodTotals(db, todayStart, todayEnd),
    todayHours: () => hourlyVisitors(db, todayStart, todayEnd),
  };
  type Results = { [K in keyof typeof tasks]: Awaited<ReturnType<(typeof tasks)[K]>> };
  const results = {} as Results;
  const entries = Object.entries(tasks) as [keyof Results, () => Promise<unknown>][];
  if (options.parallel) {
    const values = await Promise.all(entries.map(([, task]) => task()));
    entries.forEach(([key], i) => ((results as Record<string, unknown>)[key] = values[i]));
  } else {
    for (const [key, task] of entries) (results as Record<string, unknown>)[key] = await task();
  }

  const { counts, daily, pages, categories, details } = results;
  return {
    range,
    firstDay: bounds.firstDay,
    lastDay: bounds.lastDay,
    dailyVisitors: fillDays(daily, bounds.firstDay, bounds.lastDay),
    hourlyVisitors: fillHours(results.breakdown.hourly),
    todayStats: { ...results.todayTotals, peakHour: peakHour(fillHours(results.todayHours), kolkataHour(now)) },
    topLocations: results.breakdown.locations,
    popularPages: pages.value.slice(0, TOP_LIST_LIMIT).map((p) => ({ ...p, label: pageLabel(p.page_visited) })),
    repeatVisitors: results.breakdown.repeat,
    totalVisits: counts.value.total_visits,
    uniqueVisitorCount: counts.value.unique_visitors,
    applyPageVisits: counts.value.apply_page_visits,
    deviceBreakdown: results.breakdown.devices,
    browserData: results.breakdown.browsers,
    referrerData: {
      categories: categories.value,
      specific: details.value.filter((d) => d.category !== "Internal").slice(0, TOP_LIST_LIMIT),
    },
    lastUpdated: now.toISOString(),
    sources: { counts: counts.source, pages: pages.source, categories: categories.source, details: details.source },
  };
}
