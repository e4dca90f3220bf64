/**
 * Range figures from the daily rollups and range caches (drizzle/0005_analytics_daily_rollups.sql,
 * drizzle/0008_analytics_range_cache.sql; decision 013: the 30-day dashboard data ≤ 150 ms on
 * PostgreSQL and ≤ 500 ms on PGlite at 1,000,000 visits over 90 days). A range is split into
 * closed days, summed once into a cache (rebuilt when one of its days changes, its days'
 * rollups refreshed first), and a live part (today, the last ROLLUP_LAG_MS, a partial first
 * day) read from the hourly rollups of its ended hours (drizzle/0014_analytics_hourly_rollups.sql)
 * and, for the rest, the raw visits, and merged with it. Every figure is exact: the same as the SPEC
 * §7 procedures over the same instants. Failures throw "Database error: {reason}" (SPEC §8).
 */
import { sql } from "drizzle-orm";
import { runsConcurrently, type Database } from "~/db/client.server";
import { inTurnOrTogether, jsonOf, rowsOf, textArray } from "~/db/sql.server";
import { addDays, istMidnight, kolkataDate } from "~/lib/dates";
import { repeatVisitorsOf, type DayTotals } from "./raw-visit-queries.server";
import type { AnalyticsCounts, CountRow, DailyVisitorRow, HourlyRow, LocationRow, PagePopularityRow, RepeatVisitor, TrafficCategoryRow, TrafficDetailRow } from "./figure-rows";
import { reasonOf } from "~/lib/errors";

/**
 * A day is rolled up only once it ended this long ago (ms), so a visit stamped just before
 * midnight and stored a moment later is never missed. Later changes to a closed day are caught
 * by the triggers, which mark it for a rebuild.
 */
export const ROLLUP_LAG_MS = 10 * 60_000;

export type Window = { start: Date; end: Date };
/** Closed days [closedFrom, closedTo) ("yyyy-mm-dd", IST) and the two raw windows around them. */
export type RangeSplit = { closedFrom: string; closedTo: string; head: Window; tail: Window };

/**
 * Splits the instants [start, end) at `now`: whole IST days that ended ROLLUP_LAG_MS before now
 * come from rollups; the rest (head: before the first whole day; tail: after the last) from
 * raw visits. Empty windows have start = end.
 */
export function splitRange(start: Date, end: Date, now: Date): RangeSplit {
  const startDay = kolkataDate(start);
  const closedFrom = istMidnight(startDay).getTime() === start.getTime() ? startDay : addDays(startDay, 1);
  // Days before the one holding `end` are whole; days before the one holding now - lag have ended long enough ago.
  const endDay = kolkataDate(end);
  const buildableTo = kolkataDate(new Date(now.getTime() - ROLLUP_LAG_MS));
  const closedTo = endDay < buildableTo ? endDay : buildableTo;
  if (closedTo <= closedFrom) return { closedFrom, closedTo: closedFrom, head: { start, end }, tail: { start: end, end } };
  return { closedFrom, closedTo, head: { start, end: istMidnight(closedFrom) }, tail: { start: istMidnight(closedTo), end } };
}

let building: Promise<unknown> = Promise.resolve();

/**
 * Builds the rollups of the days in [fromDay, toDay) that are missing or stale, one day per
 * statement, one caller at a time in this process. Returns how many days were built.
 */
export function refreshRollups(db: Database, fromDay: string, toDay: string): Promise<number> {
  const run = building.then(async () => {
    if (toDay <= fromDay) return 0;
    const stale = await rowsOf<{ day: string }>(
      db,
      sql`SELECT to_char(d, 'YYYY-MM-DD') AS day FROM generate_series(${fromDay}::date, ${toDay}::date - 1, interval '1 day') d
          LEFT JOIN analytics_rollup_days r ON r.day = d::date
          WHERE r.built_version IS DISTINCT FROM r.version OR r.day IS NULL ORDER BY 1`,
    );
    for (const { day } of stale) await db.execute(sql`SELECT analytics_refresh_rollup(${day}::date)`);
    return stale.length;
  });
  building = run.catch(() => undefined);
  return run;
}

const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const instants = (ds: readonly Date[]) => sql`${`{${ds.map((d) => d.toISOString()).join(",")}}`}::timestamptz[]`;

/**
 * Builds the missing or stale hourly rollups (drizzle/0014_analytics_hourly_rollups.sql) of the
 * whole IST hours in `windows` that ended ROLLUP_LAG_MS before `now` (and before the database's
 * clock), so the live part of a range reads those hours' rows and only the rest raw. Returns how
 * many hours were built. Throws "Database error: {reason}".
 */
export async function refreshHourlyRollups(db: Database, windows: readonly Window[], now: Date): Promise<number> {
  const live = windows.filter((w) => w.start < w.end);
  if (live.length === 0) return 0;
  try {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`SELECT analytics_refresh_hourly_rollups(${instants(live.map((w) => w.start))}, ${instants(live.map((w) => w.end))},
            ${instant(new Date(now.getTime() - ROLLUP_LAG_MS))}, ${`${ROLLUP_LAG_MS} milliseconds`}::interval) AS n`,
    );
    return Number(row?.n ?? 0);
  } catch (error) {
    throw new Error(`Database error: ${reasonOf(error)}`, { cause: error });
  }
}

/**
 * Drops the hourly rollups no dashboard range reads on the IST day of `now`: hours before
 * yesterday, except on `keepDays` (the traffic-source ranges' partial first days). Returns how
 * many hours were dropped. Throws the database's error.
 */
export async function pruneHourlyRollups(db: Database, now: Date, keepDays: readonly string[]): Promise<number> {
  const keepFrom = istMidnight(addDays(kolkataDate(now), -1));
  const [row] = await rowsOf<{ n: number }>(db, sql`SELECT analytics_prune_hourly_rollups(${instant(keepFrom)}, ${`{${keepDays.join(",")}}`}::date[]) AS n`);
  return Number(row?.n ?? 0);
}

export const ALL_DIMENSIONS = ["all", "page", "hour", "place", "referrer", "device"] as const;
export type Dimension = (typeof ALL_DIMENSIONS)[number];

/**
 * What analytics_range_figures returns. For dimensions not asked for, lists are empty, counts
 * zero, and the six categories zero.
 */
export type RangeFigures = {
  counts: AnalyticsCounts & { new_visits: number };
  daily: DailyVisitorRow[];
  pages: PagePopularityRow[];
  hourly: HourlyRow[];
  locations: LocationRow[];
  categories: TrafficCategoryRow[];
  details: TrafficDetailRow[];
  devices: CountRow[];
  browsers: CountRow[];
};

export type FigureOptions = {
  now: Date;
  /** The site's own hosts, for the Internal referrer category. */
  internalHosts: readonly string[];
  dimensions?: readonly Dimension[];
  locationLimit?: number;
  sourceLimit?: number;
};

/** The SQL arguments of a split range: closed days, then the head and tail windows. */
function splitArguments(split: RangeSplit) {
  return sql`${split.closedFrom}::date, ${split.closedTo}::date, ${instant(split.head.start)}, ${instant(split.head.end)},
             ${instant(split.tail.start)}, ${instant(split.tail.end)}`;
}

/**
 * The figures of the visits in [start, end) (bots left out; days and hours in India), exact, from
 * the SQL function analytics_range_figures (the closed days' cache, built or rebuilt first when
 * needed, plus the live part). Throws "Database error: {reason}".
 */
export async function rangeFigures(db: Database, start: Date, end: Date, options: FigureOptions): Promise<RangeFigures> {
  const split = splitRange(start, end, options.now);
  await refreshHourlyRollups(db, [split.head, split.tail], options.now);
  return readRangeFigures(db, split, options);
}

/** rangeFigures once the split's hourly rollups are current (or read raw where they are not). */
async function readRangeFigures(db: Database, split: RangeSplit, options: FigureOptions): Promise<RangeFigures> {
  try {
    const [row] = await rowsOf<{ f: unknown }>(
      db,
      sql`SELECT analytics_range_figures(${splitArguments(split)}, ${textArray(options.internalHosts)}, ${textArray(options.dimensions ?? ALL_DIMENSIONS)},
            ${options.locationLimit ?? 10}::int, ${options.sourceLimit ?? 25}::int) AS f`,
    );
    return jsonOf<RangeFigures>(row?.f);
  } catch (error) {
    throw new Error(`Database error: ${reasonOf(error)}`, { cause: error });
  }
}

/**
 * Repeat visitors of [start, end) (SPEC §3; at most `limit`, most visits first), exactly as
 * repeatVisitors ranks the raw visits, from the SQL function analytics_repeat_visitors_split: the
 * closed days' per-IP counts from their cache, merged with the live part. Throws
 * "Database error: {reason}".
 */
export async function rangeRepeatVisitors(db: Database, start: Date, end: Date, limit: number, now: Date): Promise<RepeatVisitor[]> {
  const split = splitRange(start, end, now);
  await refreshHourlyRollups(db, [split.head, split.tail], now);
  try {
    const [row] = await rowsOf<{ r: unknown }>(db, sql`SELECT analytics_repeat_visitors_split(${splitArguments(split)}, ${limit}::int) AS r`);
    return repeatVisitorsOf(row?.r);
  } catch (error) {
    throw new Error(`Database error: ${reasonOf(error)}`, { cause: error });
  }
}

/** A window of instants [start, end) and the bit mask of the ranges it belongs to. */
export type ScopedWindow = Window & { scopes: number };

/**
 * The windows of `scoped` (each a range's bit) cut into disjoint, non-empty windows in time
 * order, each with the OR of the bits of every window covering it; neighbours with equal masks
 * are joined. So the visits of a day several ranges read are read once.
 */
export function disjointWindows(scoped: readonly ScopedWindow[]): ScopedWindow[] {
  const live = scoped.filter((w) => w.start < w.end);
  const cuts = [...new Set(live.flatMap((w) => [w.start.getTime(), w.end.getTime()]))].sort((a, b) => a - b);
  const out: ScopedWindow[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [from, to] = [cuts[i]!, cuts[i + 1]!];
    const scopes = live.reduce((mask, w) => (w.start.getTime() <= from && w.end.getTime() >= to ? mask | w.scopes : mask), 0);
    if (scopes === 0) continue;
    const last = out[out.length - 1];
    if (last && last.scopes === scopes && last.end.getTime() === from) last.end = new Date(to);
    else out.push({ start: new Date(from), end: new Date(to), scopes });
  }
  return out;
}

/** The dimensions of the range in analytics_dashboard_figures, and its bits (drizzle/0012_analytics_one_live_pass.sql). */
const RANGE_DIMENSIONS = ["all", "page", "hour", "place", "device"] as const;
const RANGE = 1;
const SOURCES = 2;
const TODAY = 4;

export type DashboardFigures = {
  /** The range [start, end): dimensions all, page, hour, place, device (no categories, no details). */
  range: RangeFigures;
  /** The traffic-source range: categories and details only. */
  sources: RangeFigures;
  repeat: RepeatVisitor[];
  /** Today's totals (as periodTotals counts them) and visits per hour (as hourlyVisitors; only hours with visits). */
  today: { totals: DayTotals; hours: HourlyRow[] };
};

export type DashboardFigureOptions = {
  now: Date;
  internalHosts: readonly string[];
  /** The traffic-source range [start, end) (SPEC §9 days_back before now). */
  sources: Window;
  /** Today in India [start, end). */
  today: Window;
  locationLimit: number;
  sourceLimit: number;
  repeatLimit: number;
};

/**
 * The Analytics result's figures of the range [start, end), its traffic sources, its repeat
 * visitors and today's totals and hours (SQL analytics_dashboard_figures): each range's closed
 * days from its cache, and the live visits (today, partial first days) read once for all of
 * them. On a PostgreSQL pool the traffic sources (today again, plus a partial first day) run
 * beside it as rangeFigures, so the two halves of the work use two connections; on PGlite
 * everything is one query. The same figures as rangeFigures, rangeRepeatVisitors, periodTotals
 * and hourlyVisitors. Throws "Database error: {reason}".
 */
export async function dashboardFigures(db: Database, start: Date, end: Date, options: DashboardFigureOptions): Promise<DashboardFigures> {
  const range = splitRange(start, end, options.now);
  const besides = runsConcurrently(db);
  const sourcesLive = splitRange(options.sources.start, options.sources.end, options.now);
  // Without traffic-source windows and with no closed days, the query's traffic sources are empty.
  const sources = besides ? { ...range, closedTo: range.closedFrom, head: { start, end: start }, tail: { start, end: start } } : sourcesLive;
  const windows = disjointWindows([
    { ...range.head, scopes: RANGE },
    { ...range.tail, scopes: RANGE },
    { ...sources.head, scopes: SOURCES },
    { ...sources.tail, scopes: SOURCES },
    { ...options.today, scopes: TODAY },
  ]);
  const live = [range.head, range.tail, sourcesLive.head, sourcesLive.tail, options.today];
  await refreshHourlyRollups(db, disjointWindows(live.map((w) => ({ ...w, scopes: 1 }))), options.now);
  const cache = (split: RangeSplit, dimensions: readonly string[]) => () =>
    db.execute(sql`SELECT analytics_range_cache_id(${split.closedFrom}::date, ${split.closedTo}::date, ${textArray(dimensions)})`);
  const together = async (): Promise<DashboardFigures> => {
    try {
      // Each missing or stale cache is built by a statement of its own, as rangeFigures and
      // rangeRepeatVisitors build them: a year's three builds in one statement could outlast the
      // statement timeout. The query below then finds them (or rebuilds one changed meanwhile).
      await inTurnOrTogether(db, [cache(range, RANGE_DIMENSIONS), cache(range, ["visitor"]), ...(besides ? [] : [cache(sources, ["referrer"])])]);
      const [row] = await rowsOf<{ f: unknown }>(
        db,
        sql`SELECT analytics_dashboard_figures(${range.closedFrom}::date, ${range.closedTo}::date, ${sources.closedFrom}::date, ${sources.closedTo}::date,
              ${instants(windows.map((w) => w.start))}, ${instants(windows.map((w) => w.end))}, ${`{${windows.map((w) => w.scopes).join(",")}}`}::int[],
              ${instant(start)}, ${instant(end)}, ${textArray(options.internalHosts)},
              ${options.locationLimit}::int, ${options.sourceLimit}::int, ${options.repeatLimit}::int) AS f`,
      );
      const f = jsonOf<{ range: RangeFigures; sources: RangeFigures; repeat: unknown; today: DashboardFigures["today"] }>(row?.f);
      return { range: f.range, sources: f.sources, repeat: repeatVisitorsOf(f.repeat), today: f.today };
    } catch (error) {
      throw new Error(`Database error: ${reasonOf(error)}`, { cause: error });
    }
  };
  if (!besides) return together();
  const { now, internalHosts, sourceLimit } = options;
  const [figures, trafficSources] = await Promise.all([
    together(),
    // its hourly rollups were refreshed above
    readRangeFigures(db, sourcesLive, { now, internalHosts, dimensions: ["referrer"], sourceLimit }),
  ]);
  return { ...figures, sources: trafficSources };
}
