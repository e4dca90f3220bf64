/**
 * The figures of the Analytics result that are not SPEC §7 procedures (SPEC §3): hours, today,
 * locations, repeat visitors, devices and browsers. Exact SQL over the whole range (DESIGN.md §8),
 * bots left out, days and hours in Asia/Kolkata. A failure throws "Database error: {reason}"
 * (SPEC §8).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { jsonOf, rowsOf } from "~/db/sql.server";
import type { CountRow, HourlyRow, LocationRow, RepeatVisitor } from "./figure-rows";
import { reasonOf } from "~/lib/errors";


async function run<T>(db: Database, query: SQL): Promise<T[]> {
  try {
    return await rowsOf<T>(db, query);
  } catch (error) {
    throw new Error(`Database error: ${reasonOf(error)}`, { cause: error });
  }
}

const inRange = (start: Date, end: Date) =>
  sql`"timestamp" >= ${start.toISOString()}::timestamptz AND "timestamp" < ${end.toISOString()}::timestamptz AND is_bot IS NOT TRUE`;

/** Visits per hour of the day in India (only hours with visits; 0-23). */
export async function hourlyVisitors(db: Database, start: Date, end: Date): Promise<HourlyRow[]> {
  const rows = await run<HourlyRow>(
    db,
    sql`SELECT hour, sum(n)::int AS visitor_count, count(*)::int AS unique_visitors
        FROM (SELECT analytics_ist_hour("timestamp") AS hour, visitor_ip, count(*) AS n
              FROM visitor_analytics WHERE ${inRange(start, end)} GROUP BY 1, 2) per_ip
        GROUP BY hour ORDER BY hour`,
  );
  return rows.map((r) => ({ hour: Number(r.hour), visitor_count: Number(r.visitor_count), unique_visitors: Number(r.unique_visitors) }));
}

export type DayTotals = { totalVisits: number; uniqueVisitors: number; applyPageVisits: number; newVisitors: number; returningVisitors: number };

/** Totals for one period (today's stats): visits, distinct IPs, /apply, new and returning visits. */
export async function periodTotals(db: Database, start: Date, end: Date): Promise<DayTotals> {
  const [row] = await run<Record<keyof DayTotals, number>>(
    db,
    sql`SELECT coalesce(sum(n), 0)::int AS "totalVisits", count(*)::int AS "uniqueVisitors", coalesce(sum(apply), 0)::int AS "applyPageVisits",
               coalesce(sum(fresh), 0)::int AS "newVisitors", coalesce(sum(n - fresh), 0)::int AS "returningVisitors"
        FROM (SELECT visitor_ip, count(*) AS n, count(*) FILTER (WHERE is_apply_page) AS apply, count(*) FILTER (WHERE is_new_visitor) AS fresh
              FROM visitor_analytics WHERE ${inRange(start, end)} GROUP BY visitor_ip) per_ip`,
  );
  return {
    totalVisits: Number(row?.totalVisits ?? 0),
    uniqueVisitors: Number(row?.uniqueVisitors ?? 0),
    applyPageVisits: Number(row?.applyPageVisits ?? 0),
    newVisitors: Number(row?.newVisitors ?? 0),
    returningVisitors: Number(row?.returningVisitors ?? 0),
  };
}

/** RepeatVisitor rows from the json the repeat-visitor functions return. */
export function repeatVisitorsOf(json: unknown): RepeatVisitor[] {
  return jsonOf<Omit<RepeatVisitor, "is_truly_returning">[]>(json).map((r) => ({ ...r, is_truly_returning: r.session_count > 1 }));
}

/**
 * Repeat visitors of [start, end) from the raw visits: IPs with more than one visit, most visits
 * first (at most `limit`), from the SQL function analytics_repeat_visitors
 * (drizzle/0005_analytics_daily_rollups.sql). The Analytics result reads them through the range
 * caches (rangeRepeatVisitors in rollups.server.ts); this is its fallback and its test oracle.
 */
export async function repeatVisitors(db: Database, start: Date, end: Date, limit: number): Promise<RepeatVisitor[]> {
  const [row] = await run<{ r: unknown }>(
    db,
    sql`SELECT analytics_repeat_visitors(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, ${limit}::int) AS r`,
  );
  return repeatVisitorsOf(row?.r);
}

export type RangeBreakdown = { hourly: HourlyRow[]; locations: LocationRow[]; devices: CountRow[]; browsers: CountRow[] };

/**
 * Hours, places (at most `locationLimit`), devices and browsers of [start, end), from the SQL
 * function analytics_range_breakdown, which reads the range's raw visits once
 * (drizzle/0004_analytics_jit_off_and_faster_breakdown.sql; its repeat visitors are not asked
 * for: repeatVisitors gives them); the Analytics result's path when the rollups fail.
 */
export async function rangeBreakdown(db: Database, start: Date, end: Date, locationLimit = 10): Promise<RangeBreakdown> {
  const [row] = await run<{ b: unknown }>(
    db,
    sql`SELECT analytics_range_breakdown(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, ${locationLimit}::int, 0) AS b`,
  );
  const { hourly, locations, devices, browsers } = jsonOf<RangeBreakdown>(row?.b);
  return { hourly, locations, devices, browsers };
}
