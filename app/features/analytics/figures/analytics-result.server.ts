/**
 * The SPEC §3 Analytics result for one of the dashboard's ranges, computed exactly over the
 * whole range in SQL (DESIGN.md §8), from range caches and daily rollups (rollups.server.ts). When that
 * query fails, the five SPEC §7 procedures answer, each falling back to its TypeScript twin; the
 * daily data and the other queries throw "Database error: {reason}". On PostgreSQL the queries
 * run side by side on the pool; PGlite runs them one after another (inTurnOrTogether).
 */
import type { Database } from "~/db/client.server";
import { inTurnOrTogether } from "~/db/sql.server";
import { addDays, eachDay, istMidnight, kolkataDate, kolkataHour } from "~/lib/dates";
import { pageLabel } from "./page-labels";
import { getAnalyticsCounts, getDailyVisitorData, getPagePopularity, getTrafficSourceCategories, getTrafficSourceDetails, type Source } from "./procedures.server";
import { rangeBounds, type DateRange, type RangeBounds } from "./ranges";
import { hourlyVisitors, periodTotals, rangeBreakdown, repeatVisitors, type DayTotals } from "./raw-visit-queries.server";
import { dashboardFigures, type Window } from "./rollups.server";
import type { CountRow, DailyVisitorRow, HourlyRow, LocationRow, PagePopularityRow, RepeatVisitor, TrafficCategoryRow, TrafficDetailRow } from "./figure-rows";
import { reasonOf } from "~/lib/errors";

/** SPEC §9 display caps. */
export const TOP_LIST_LIMIT = 10;
export const REPEAT_VISITOR_LIMIT = 50;
export const TRAFFIC_DETAILS_LIMIT = 25;
const DAY_MS = 86_400_000;

export type FigureSource = Source | "rollup";

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
  /** Where each figure came from: the rollups, a procedure, or a procedure's fallback twin. */
  sources: { counts: FigureSource; pages: FigureSource; categories: FigureSource; details: FigureSource };
};

/** Hours 0-23 with zeros where `rows` has none. */
export function fillHours(rows: readonly HourlyRow[]): HourlyRow[] {
  const byHour = new Map(rows.map((r) => [r.hour, r]));
  return Array.from({ length: 24 }, (_, hour) => byHour.get(hour) ?? { hour, visitor_count: 0, unique_visitors: 0 });
}

/** Every day from firstDay to lastDay, zero where `rows` has none. */
export function fillDays(rows: readonly DailyVisitorRow[], firstDay: string, lastDay: string): DailyVisitorRow[] {
  const byDay = new Map(rows.map((r) => [r.visit_date, r]));
  return eachDay(firstDay, lastDay).map(
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
};

type Figures = Omit<AnalyticsResult, "range" | "firstDay" | "lastDay" | "todayStats" | "repeatVisitors" | "lastUpdated" | "dailyVisitors" | "popularPages"> & {
  daily: DailyVisitorRow[];
  pages: PagePopularityRow[];
};

type Parts = { figures: Figures; repeat: RepeatVisitor[]; todayTotals: DayTotals; todayHours: HourlyRow[] };

/**
 * The range's figures, repeat visitors and today's totals and hours from the range caches and
 * rollups in one query (dashboardFigures, rollups.server.ts). Traffic sources cover the SPEC §9
 * days_back before now, as get_traffic_source_categories does; everything else [start, end).
 */
async function partsFromRollups(db: Database, bounds: RangeBounds, today: Window, options: ResultOptions & { now: Date }): Promise<Parts> {
  const { now, internalHosts } = options;
  const sources = { start: new Date(now.getTime() - bounds.daysBack * DAY_MS), end: new Date(Math.max(now.getTime(), bounds.end.getTime())) };
  const d = await dashboardFigures(db, bounds.start, bounds.end, {
    now,
    internalHosts,
    sources,
    today,
    locationLimit: TOP_LIST_LIMIT,
    sourceLimit: TRAFFIC_DETAILS_LIMIT,
    repeatLimit: REPEAT_VISITOR_LIMIT,
  });
  const f = d.range;
  const figures: Figures = {
    daily: f.daily,
    pages: f.pages,
    hourlyVisitors: fillHours(f.hourly),
    topLocations: f.locations,
    totalVisits: f.counts.total_visits,
    uniqueVisitorCount: f.counts.unique_visitors,
    applyPageVisits: f.counts.apply_page_visits,
    deviceBreakdown: f.devices,
    browserData: f.browsers,
    referrerData: { categories: d.sources.categories, specific: d.sources.details },
    sources: { counts: "rollup", pages: "rollup", categories: "rollup", details: "rollup" },
  };
  return { figures, repeat: d.repeat, todayTotals: d.today.totals, todayHours: d.today.hours };
}

/**
 * The same figures from the raw visits: the SPEC §7 procedures (each with its TypeScript
 * fallback) and analytics_range_breakdown. Used when the rollup queries fail.
 */
async function figuresFromProcedures(db: Database, bounds: RangeBounds, options: ResultOptions & { now: Date }): Promise<Figures> {
  const { start, end, daysBack } = bounds;
  const { now, internalHosts } = options;
  const [counts, daily, pages, categories, details, breakdown] = await inTurnOrTogether(db, [
    () => getAnalyticsCounts(db, start, end),
    () => getDailyVisitorData(db, start, end),
    () => getPagePopularity(db, start, end),
    () => getTrafficSourceCategories(db, daysBack, internalHosts, now),
    () => getTrafficSourceDetails(db, daysBack, TRAFFIC_DETAILS_LIMIT, internalHosts, now),
    () => rangeBreakdown(db, start, end, TOP_LIST_LIMIT),
  ] as const);
  return {
    daily,
    pages: pages.value,
    hourlyVisitors: fillHours(breakdown.hourly),
    topLocations: breakdown.locations,
    totalVisits: counts.value.total_visits,
    uniqueVisitorCount: counts.value.unique_visitors,
    applyPageVisits: counts.value.apply_page_visits,
    deviceBreakdown: breakdown.devices,
    browserData: breakdown.browsers,
    referrerData: { categories: categories.value, specific: details.value },
    sources: { counts: counts.source, pages: pages.source, categories: categories.source, details: details.source },
  };
}

/**
 * Computes the Analytics result for `range` (SPEC §3, §9): the range's figures and repeat
 * visitors from the range caches and rollups, or, when those queries fail, from the procedures
 * and the repeat-visitor ranking over raw visits; today's stats from raw visits. Throws
 * "Database error: {reason}" when the daily data or one of the non-procedure queries fails.
 */
export async function getAnalyticsResult(db: Database, range: DateRange, options: ResultOptions): Promise<AnalyticsResult> {
  const now = options.now ?? new Date();
  const bounds = rangeBounds(range, now);
  const todayDay = kolkataDate(now);
  const withNow = { ...options, now };

  const today: Window = { start: istMidnight(todayDay), end: istMidnight(addDays(todayDay, 1)) };
  const { figures, repeat, todayTotals, todayHours } = await partsFromRollups(db, bounds, today, withNow).catch(async (error: unknown): Promise<Parts> => {
    console.error(`Analytics rollups failed, reading raw visits: ${reasonOf(error)}`);
    const [figures, repeat, todayTotals, todayHours] = await inTurnOrTogether(db, [
      () => figuresFromProcedures(db, bounds, withNow),
      () => repeatVisitors(db, bounds.start, bounds.end, REPEAT_VISITOR_LIMIT),
      () => periodTotals(db, today.start, today.end),
      () => hourlyVisitors(db, today.start, today.end),
    ] as const);
    return { figures, repeat, todayTotals, todayHours };
  });

  const { daily, pages, referrerData, ...rest } = figures;
  return {
    range,
    firstDay: bounds.firstDay,
    lastDay: bounds.lastDay,
    ...rest,
    dailyVisitors: fillDays(daily, bounds.firstDay, bounds.lastDay),
    todayStats: { ...todayTotals, peakHour: peakHour(fillHours(todayHours), kolkataHour(now)) },
    popularPages: pages.slice(0, TOP_LIST_LIMIT).map((p) => ({ ...p, label: pageLabel(p.page_visited) })),
    repeatVisitors: repeat,
    referrerData: {
      categories: referrerData.categories,
      specific: referrerData.specific.filter((d) => d.category !== "Internal").slice(0, TOP_LIST_LIMIT),
    },
    lastUpdated: now.toISOString(),
  };
}
