/**
 * The figures of the Analytics result that are not SPEC §7 procedures (SPEC §3): hours, today,
 * locations, repeat visitors, devices and browsers. Each is one exact SQL query over the range
 * (DESIGN.md §8), bots left out, days and hours in Asia/Kolkata. A failure throws
 * "Database error: {reason}" (SPEC §8).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { analyticsError, reasonOf } from "./db-errors";
import { rowsOf } from "./procedures.server";

export type HourlyRow = { hour: number; visitor_count: number; unique_visitors: number };
export type LocationRow = { country: string; region: string; city: string; visits: number; unique_visitors: number };
/** SPEC §3 "Repeat visitor summary"; first_visit and last_visit are ISO instants (UTC). */
export type RepeatVisitor = {
  ip: string;
  country: string | null;
  city: string | null;
  browser: string | null;
  device_type: string | null;
  visits: number;
  session_count: number;
  first_visit: string;
  last_visit: string;
  /** Calendar days in India between the first and the last visit (0 = same day). */
  days_between_visits: number;
  /** More than one session: the visitor came back, not just opened several pages. */
  is_truly_returning: boolean;
};
export type CountRow = { name: string; count: number };

const UNKNOWN = "Unknown";

async function run<T>(db: Database, query: SQL): Promise<T[]> {
  try {
    return await rowsOf<T>(db, query);
  } catch (error) {
    throw analyticsError(`Database error: ${reasonOf(error)}`, error);
  }
}

const inRange = (start: Date, end: Date) =>
  sql`"timestamp" >= ${start.toISOString()}::timestamptz AND "timestamp" < ${end.toISOString()}::timestamptz AND is_bot IS NOT TRUE`;

/** Visits per hour of the day in India (only hours with visits; 0-23). */
export async function hourlyVisitors(db: Database, start: Date, end: Date): Promise<HourlyRow[]> {
  const rows = await run<HourlyRow>(
    db,
    sql`SELECT hour, sum(n)::int AS visitor_count, count(*)::int AS unique_visitors
        FROM (SELECT extract(hour FROM "timestamp" AT TIME ZONE 'Asia/Kolkata')::int AS hour, visitor_ip, count(*) AS n
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

/** The `limit` places with most visits (country, region, city; "Unknown" when missing). */
export async function topLocations(db: Database, start: Date, end: Date, limit = 10): Promise<LocationRow[]> {
  const rows = await run<LocationRow>(
    db,
    sql`SELECT country, region, city, sum(n)::int AS visits, count(*)::int AS unique_visitors
        FROM (SELECT coalesce(country, ${UNKNOWN}) AS country, coalesce(region, '') AS region, coalesce(city, ${UNKNOWN}) AS city, visitor_ip, count(*) AS n
              FROM visitor_analytics WHERE ${inRange(start, end)} GROUP BY 1, 2, 3, 4) per_ip
        GROUP BY country, region, city
        ORDER BY visits DESC, country COLLATE "C", region COLLATE "C", city COLLATE "C" LIMIT ${limit}`,
  );
  return rows.map((r) => ({ ...r, visits: Number(r.visits), unique_visitors: Number(r.unique_visitors) }));
}

/**
 * Visitors (by IP) with more than one visit in the range, most visits first, at most `limit`
 * (SPEC §9: 50), with place, browser and device of their latest visit. Minimal records
 * (IP 'unavailable') are not a visitor.
 */
export async function repeatVisitors(db: Database, start: Date, end: Date, limit = 50): Promise<RepeatVisitor[]> {
  const rows = await run<Omit<RepeatVisitor, "is_truly_returning">>(
    db,
    sql`WITH per_session AS (
          SELECT visitor_ip, session_id, count(*) AS n, min("timestamp") AS first_ts, max("timestamp") AS last_ts
          FROM visitor_analytics WHERE ${inRange(start, end)} AND visitor_ip <> 'unavailable'
          GROUP BY 1, 2
        ), grouped AS (
          SELECT visitor_ip, sum(n)::int AS visits, count(*)::int AS session_count, min(first_ts) AS first_ts, max(last_ts) AS last_ts
          FROM per_session GROUP BY visitor_ip HAVING sum(n) > 1
          ORDER BY visits DESC, last_ts DESC, visitor_ip LIMIT ${limit}
        )
        SELECT g.visitor_ip AS ip, latest.country, latest.city, latest.browser, latest.device_type, g.visits, g.session_count,
               to_char(g.first_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS first_visit,
               to_char(g.last_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_visit,
               ((g.last_ts AT TIME ZONE 'Asia/Kolkata')::date - (g.first_ts AT TIME ZONE 'Asia/Kolkata')::date)::int AS days_between_visits
        FROM grouped g
        CROSS JOIN LATERAL (
          SELECT country, city, browser, device_type FROM visitor_analytics v
          WHERE v.visitor_ip = g.visitor_ip AND v."timestamp" = g.last_ts AND v.is_bot IS NOT TRUE
          ORDER BY v.id DESC LIMIT 1
        ) latest
        ORDER BY g.visits DESC, g.last_ts DESC, g.visitor_ip`,
  );
  return rows.map((r) => ({
    ...r,
    visits: Number(r.visits),
    session_count: Number(r.session_count),
    days_between_visits: Number(r.days_between_visits),
    is_truly_returning: Number(r.session_count) > 1,
  }));
}

/** Visits per value of a column (device_type or browser), most first (ties in byte order); null counts as "Unknown". */
export async function countsBy(db: Database, column: "device_type" | "browser", start: Date, end: Date): Promise<CountRow[]> {
  const rows = await run<CountRow>(
    db,
    sql`SELECT * FROM (
          SELECT coalesce(${sql.identifier(column)}, ${UNKNOWN}) AS name, count(*)::int AS count
          FROM visitor_analytics WHERE ${inRange(start, end)} GROUP BY 1
        ) counted
        ORDER BY count DESC, name COLLATE "C"`,
  );
  return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
}
