/**
 * Calls to the SPEC §7 procedures (SQL functions from drizzle/0003_analytics_functions.sql),
 * each with the SPEC's fallback: when the procedure fails, the TypeScript twin in procedure-twins.ts
 * runs over the latest raw rows (50,000 for counts, 5,000 otherwise; DESIGN.md §8). The daily
 * data has no fallback: its failure is thrown.
 */
import { and, desc, gte, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf, textArray } from "~/db/sql.server";
import { visitorAnalytics } from "~/db/schema/analytics";
import { countsFromRows, pagePopularityFromRows, trafficCategoriesFromRows, trafficDetailsFromRows, type VisitRow } from "./procedure-twins";
import type { AnalyticsCounts, DailyVisitorRow, PagePopularityRow, TrafficCategoryRow, TrafficDetailRow } from "./figure-rows";
import { reasonOf } from "~/lib/errors";

/** SPEC §9 caps of the fallback path. */
export const FALLBACK_COUNT_ROWS = 50_000;
export const FALLBACK_CHART_ROWS = 5_000;
const DAY_MS = 86_400_000;

/** Whether a figure came from the procedure or from the fallback. */
export type Source = "procedure" | "fallback";
export type WithSource<T> = { value: T; source: Source };

const rowColumns = {
  visitorIp: visitorAnalytics.visitorIp,
  sessionId: visitorAnalytics.sessionId,
  pageVisited: visitorAnalytics.pageVisited,
  referrer: visitorAnalytics.referrer,
  isApplyPage: visitorAnalytics.isApplyPage,
  isNewVisitor: visitorAnalytics.isNewVisitor,
  isBot: visitorAnalytics.isBot,
  timestamp: visitorAnalytics.timestamp,
};

/** The latest `limit` non-bot rows with start <= timestamp < end (end optional). */
export async function latestRows(db: Database, limit: number, start: Date, end?: Date): Promise<VisitRow[]> {
  const conditions = [gte(visitorAnalytics.timestamp, start), sql`${visitorAnalytics.isBot} IS NOT TRUE`];
  if (end) conditions.push(lt(visitorAnalytics.timestamp, end));
  return db.select(rowColumns).from(visitorAnalytics).where(and(...conditions)).orderBy(desc(visitorAnalytics.timestamp)).limit(limit);
}

async function withFallback<T>(name: string, procedure: () => Promise<T>, fallback: () => Promise<T>): Promise<WithSource<T>> {
  try {
    return { value: await procedure(), source: "procedure" };
  } catch (error) {
    console.error(`Analytics procedure ${name} failed, using the fallback: ${reasonOf(error)}`);
    return { value: await fallback(), source: "fallback" };
  }
}

const iso = (d: Date) => d.toISOString();

/** get_analytics_counts(start, end) → totals over [start, end). Falls back to the latest 50,000 rows. */
export async function getAnalyticsCounts(db: Database, start: Date, end: Date): Promise<WithSource<AnalyticsCounts>> {
  return withFallback(
    "get_analytics_counts",
    async () => {
      const [row] = await rowsOf<AnalyticsCounts>(db, sql`SELECT * FROM get_analytics_counts(${iso(start)}::timestamptz, ${iso(end)}::timestamptz)`);
      return { total_visits: Number(row?.total_visits ?? 0), unique_visitors: Number(row?.unique_visitors ?? 0), apply_page_visits: Number(row?.apply_page_visits ?? 0) };
    },
    async () => countsFromRows(await latestRows(db, FALLBACK_COUNT_ROWS, start, end), start, end),
  );
}

/**
 * get_daily_visitor_data(start, end) → one row per day in India with visits, oldest first.
 * No fallback (SPEC §7): throws "Database error: {reason}" when the procedure fails.
 */
export async function getDailyVisitorData(db: Database, start: Date, end: Date): Promise<DailyVisitorRow[]> {
  try {
    const rows = await rowsOf<DailyVisitorRow>(db, sql`SELECT * FROM get_daily_visitor_data(${iso(start)}::timestamptz, ${iso(end)}::timestamptz)`);
    return rows.map((r) => ({
      visit_date: String(r.visit_date),
      visitor_count: Number(r.visitor_count),
      unique_visitors: Number(r.unique_visitors),
      new_visitors: Number(r.new_visitors),
      apply_page_visits: Number(r.apply_page_visits),
    }));
  } catch (error) {
    throw new Error(`Database error: ${reasonOf(error)}`, { cause: error });
  }
}

/** get_page_popularity_data(start, end) → pages by visits. Falls back to the latest 5,000 rows. */
export async function getPagePopularity(db: Database, start: Date, end: Date): Promise<WithSource<PagePopularityRow[]>> {
  return withFallback(
    "get_page_popularity_data",
    async () => {
      const rows = await rowsOf<PagePopularityRow>(db, sql`SELECT * FROM get_page_popularity_data(${iso(start)}::timestamptz, ${iso(end)}::timestamptz)`);
      return rows.map((r) => ({ page_visited: r.page_visited, visit_count: Number(r.visit_count), unique_visitors: Number(r.unique_visitors) }));
    },
    async () => pagePopularityFromRows(await latestRows(db, FALLBACK_CHART_ROWS, start, end), start, end),
  );
}

/**
 * get_traffic_source_categories(days_back) → the six categories for visits since asOf minus
 * daysBack days. `internalHosts`: the site's own hosts. Falls back to the latest 5,000 rows.
 */
export async function getTrafficSourceCategories(db: Database, daysBack: number, internalHosts: readonly string[], asOf: Date): Promise<WithSource<TrafficCategoryRow[]>> {
  return withFallback(
    "get_traffic_source_categories",
    async () => {
      const rows = await rowsOf<TrafficCategoryRow>(
        db,
        sql`SELECT * FROM get_traffic_source_categories(${daysBack}::int, ${textArray(internalHosts)}, ${iso(asOf)}::timestamptz)`,
      );
      return rows.map((r) => ({ category: r.category, visit_count: Number(r.visit_count), unique_visitors: Number(r.unique_visitors) }));
    },
    async () => trafficCategoriesFromRows(await latestRows(db, FALLBACK_CHART_ROWS, new Date(asOf.getTime() - daysBack * DAY_MS)), daysBack, asOf, internalHosts),
  );
}

/**
 * get_traffic_source_details(days_back, limit_results) → referring sources, most visits first,
 * at most `limit` (SPEC default 25). Falls back to the latest 5,000 rows.
 */
export async function getTrafficSourceDetails(db: Database, daysBack: number, limit: number, internalHosts: readonly string[], asOf: Date): Promise<WithSource<TrafficDetailRow[]>> {
  return withFallback(
    "get_traffic_source_details",
    async () => {
      const rows = await rowsOf<TrafficDetailRow>(
        db,
        sql`SELECT * FROM get_traffic_source_details(${daysBack}::int, ${limit}::int, ${textArray(internalHosts)}, ${iso(asOf)}::timestamptz)`,
      );
      return rows.map((r) => ({ source: r.source, category: r.category, visit_count: Number(r.visit_count), unique_visitors: Number(r.unique_visitors) }));
    },
    async () => trafficDetailsFromRows(await latestRows(db, FALLBACK_CHART_ROWS, new Date(asOf.getTime() - daysBack * DAY_MS)), daysBack, limit, asOf, internalHosts),
  );
}
