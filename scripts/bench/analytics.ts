/**
 * `npm run bench:analytics -- --rows 1000000 [--days 365] [--runs 5] [--year-runs N] [--data-dir DIR] [--rebuild] [--only REGEX]`: times the
 * full Analytics result and the /admin dashboard's data for the 30-day range (and the year, the worst case) and each SPEC §7
 * procedure, on PGlite (DIR, default /tmp/kva-bench-pglite-<rows>-<days>d, kept between runs so the seed
 * is reused) or on PostgreSQL when DATABASE_URL is set (scripts/ci/with-postgres.sh). Seeds
 * `rows` synthetic visits over `days` days when the database does not hold exactly that many
 * spread over that many days (1 M over 90 days is Umami's density; over 365 days, a quieter site).
 * Builds the daily rollups first and prints how long that took (--rebuild: all of them again).
 * The hour under way gets an average hour's share of visits (rows ÷ days ÷ 24) when it holds fewer
 * (fillHourUnderWay): the part of each load read raw.
 * Prints median, min and max milliseconds of `runs` runs after one warm-up of each case (--only: the cases whose name matches the regular expression) (the "first load of the
 * day" cases clear the range caches before each run, outside the timing; so does the nightly job's
 * warm-up of every range's caches, which makes the first load of the day a warm one). Targets at 1 M visits
 * over 90 days (decision 013): the 30-day dashboard data ≤ 150 ms on PostgreSQL and ≤ 500 ms on
 * PGlite, the year ≤ 500 ms on PostgreSQL; at 3 M visits no more than twice the 1 M figure.
 */
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../app/db/client.server";
import { getAnalyticsResult } from "../../app/features/analytics/figures/analytics-result.server";
import {
  getAnalyticsCounts,
  getDailyVisitorData,
  getPagePopularity,
  getTrafficSourceCategories,
  getTrafficSourceDetails,
} from "../../app/features/analytics/figures/procedures.server";
import { loadAnalyticsDashboard } from "../../app/features/analytics/dashboard/load-dashboard.server";
import { DATE_RANGES, rangeBounds } from "../../app/features/analytics/figures/ranges";
import { rangeBreakdown, repeatVisitors } from "../../app/features/analytics/figures/raw-visit-queries.server";
import { rangeFigures, rangeRepeatVisitors, refreshRollups, splitRange } from "../../app/features/analytics/figures/rollups.server";
import { getAnalyticsSummary } from "../../app/features/analytics/figures/summary.server";
import { warmRangeCaches } from "../../app/features/analytics/maintenance/scheduled-jobs.server";
import { istHourStart, istMidnight, kolkataDate } from "../../app/lib/dates";
import { fillHourUnderWay, seedTraffic } from "../seed/traffic-generator";

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
function textOption(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const rows = option("rows", 100_000);
const days = option("days", 365);
const runs = option("runs", 5);
/** The year case reads every row: fewer runs (0 skips it) keep large benches within minutes. */
const yearRuns = option("year-runs", runs);
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const dataDir = textOption("data-dir") ?? `/tmp/kva-bench-pglite-${rows}-${days}d`;
const SITE = ["localhost"];

const handle = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: dataDir });
await handle.migrate();
const db: Database = handle.db;
const count = async () => Number(((await db.execute(sql`SELECT count(*)::int AS n FROM visitor_analytics`)) as unknown as { rows: { n: number }[] }).rows[0]?.n);

const driver = handle.driver === "pg" ? `PostgreSQL (${databaseUrl?.replace(/\/\/[^@]*@/, "//")})` : `PGlite (${dataDir})`;
console.log(`Analytics bench on ${driver}`);
/** Whole days between the oldest visit and now: the seed spreads `days` days, so `days - 1` (or `days`). */
const spanDays = async () => Number(((await db.execute(sql`SELECT coalesce(floor(extract(epoch FROM now() - min("timestamp")) / 86400), -1)::int AS d FROM visitor_analytics`)) as unknown as { rows: { d: number }[] }).rows[0]?.d);
// The hour under way may hold a few added visits (fillHourUnderWay below).
const seeded = (await count()) >= rows && (await count()) <= rows * 1.01 && Math.abs((await spanDays()) - (days - 1)) <= 1;
if (!seeded) {
  const started = Date.now();
  await db.execute(sql`TRUNCATE visitor_analytics RESTART IDENTITY`);
  console.log(`Seeding ${rows.toLocaleString("en-IN")} visits over ${days} days…`);
  await seedTraffic(db, { rows, days, onProgress: (n) => process.stdout.write(`\r  ${n.toLocaleString("en-IN")} rows, ${((Date.now() - started) / 1000).toFixed(0)} s`) });
  // As autovacuum leaves a table that has stopped growing: statistics, and the visibility map that index-only scans need.
  await db.execute(sql`VACUUM (ANALYZE) visitor_analytics`);
  console.log(`\n  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
const now = new Date();
const added = await fillHourUnderWay(db, now, Math.round(rows / days / 24));
const month = rangeBounds("30days", now);
const [inMonth] = ((await db.execute(sql`SELECT count(*)::int AS n FROM visitor_analytics WHERE "timestamp" >= ${month.start.toISOString()}::timestamptz`)) as unknown as { rows: { n: number }[] }).rows;
const since = async (from: Date) =>
  Number(((await db.execute(sql`SELECT count(*)::int AS n FROM visitor_analytics WHERE "timestamp" >= ${from.toISOString()}::timestamptz AND "timestamp" < ${now.toISOString()}::timestamptz`)) as unknown as { rows: { n: number }[] }).rows[0]?.n);
console.log(`Rows: ${(await count()).toLocaleString("en-IN")} in the table over ${(await spanDays()) + 1} days, ${Number(inMonth?.n).toLocaleString("en-IN")} in the 30-day range,`);
console.log(`  ${(await since(istMidnight(kolkataDate(now)))).toLocaleString("en-IN")} today, ${(await since(istHourStart(now))).toLocaleString("en-IN")} in the hour under way (${added} copied in: an average hour's share). ${runs} runs after a warm-up.\n`);

// The daily rollups of every closed day (built once, then only for days whose visits change).
if (process.argv.includes("--rebuild")) await db.execute(sql`UPDATE analytics_rollup_days SET built_version = NULL`);
const year = rangeBounds("year", now);
const { closedTo } = splitRange(year.start, year.end, now);
const buildStarted = performance.now();
const built = await refreshRollups(db, year.firstDay, closedTo);
console.log(`Rollups: ${built} day(s) built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s (${built ? `${((performance.now() - buildStarted) / built).toFixed(0)} ms a day` : "all were current"}).\n`);

/** Forgets the range caches (drizzle/0008) and hourly rollups (0014), as on a first dashboard load after a day closes without the nightly warm-up. */
const clearCaches = async () => {
  await db.execute(sql`DELETE FROM analytics_range_cache`);
  await db.execute(sql`UPDATE analytics_rollup_hours SET built_version = NULL`);
};
/** Forgets the latest hour's rollup, as when a new hour has ended since the last load. */
const clearLatestHour = async () => void (await db.execute(sql`UPDATE analytics_rollup_hours SET built_version = NULL WHERE hour = (SELECT max(hour) FROM analytics_rollup_hours WHERE built_version IS NOT NULL)`));
const cases: [string, () => Promise<unknown>, number, (() => Promise<void>)?][] = [
  ["Analytics result, 30days", () => getAnalyticsResult(db, "30days", { internalHosts: SITE, now }), runs],
  ["Dashboard loader data (/admin), 30days", () => loadAnalyticsDashboard(db, "30days", { internalHosts: SITE, now }), runs],
  ["Analytics result, year (all rows)", () => getAnalyticsResult(db, "year", { internalHosts: SITE, now }), yearRuns],
  ["Dashboard loader data (/admin), year", () => loadAnalyticsDashboard(db, "year", { internalHosts: SITE, now }), yearRuns],
  ["Dashboard, 30days, first load of an hour (the latest hour's rollup rebuilt)", () => loadAnalyticsDashboard(db, "30days", { internalHosts: SITE, now }), runs, clearLatestHour],
  ["Dashboard, 30days, first load of the day (range caches and hourly rollups cleared)", () => loadAnalyticsDashboard(db, "30days", { internalHosts: SITE, now }), runs, clearCaches],
  ["Dashboard, year, first load of the day (range caches and hourly rollups cleared)", () => loadAnalyticsDashboard(db, "year", { internalHosts: SITE, now }), yearRuns, clearCaches],
  ["Nightly job: every range's caches built (caches cleared)", () => warmRangeCaches(db, now, DATE_RANGES), Math.min(yearRuns, 3), clearCaches],
  ["analytics_range_figures (30 days, range cache)", () => rangeFigures(db, month.start, month.end, { now, internalHosts: SITE }), runs],
  ["analytics_repeat_visitors_split (30 days, range cache)", () => rangeRepeatVisitors(db, month.start, month.end, 50, now), runs],
  ["analytics_repeat_visitors (30 days, raw visits)", () => repeatVisitors(db, month.start, month.end, 50), runs],
  ["Analytics summary", () => getAnalyticsSummary(db, now), runs],
  ["get_analytics_counts (30 days)", () => getAnalyticsCounts(db, month.start, month.end), runs],
  ["get_daily_visitor_data (30 days)", () => getDailyVisitorData(db, month.start, month.end), runs],
  ["get_page_popularity_data (30 days)", () => getPagePopularity(db, month.start, month.end), runs],
  ["get_traffic_source_categories(30)", () => getTrafficSourceCategories(db, 30, SITE, now), runs],
  ["get_traffic_source_details(30, 25)", () => getTrafficSourceDetails(db, 30, 25, SITE, now), runs],
  ["analytics_range_breakdown (30 days)", () => rangeBreakdown(db, month.start, month.end), runs],
];

console.log(`| what | median ms | min ms | max ms |\n|---|---:|---:|---:|`);
const only = textOption("only");
for (const [name, run, n, prepare] of cases) {
  if (n <= 0 || (only && !new RegExp(only).test(name))) continue;
  await run();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    await prepare?.();
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const fmt = (n: number) => n.toFixed(0);
  console.log(`| ${name} | ${fmt(times[Math.floor(times.length / 2)]!)} | ${fmt(times[0]!)} | ${fmt(times[times.length - 1]!)} |`);
}
await handle.close();
