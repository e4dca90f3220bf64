/**
 * Background analytics jobs of the server process, at start and then each day just after
 * midnight in India, once the day has closed: the yearly reset (SPEC §4, §9), then the daily
 * rollups of the last year's closed days and the range caches of every range the dashboard
 * offers (at a start during the day, the default range's), so the first dashboard load of the
 * day finds them built. Each runs once at a time across server processes (registered
 * in app/db/exclusive-jobs.server.ts). Failures are logged, never thrown: the site
 * keeps serving.
 */
import type { Database, DatabaseHandle } from "~/db/client.server";
import { registerJob, runJobNow } from "~/db/exclusive-jobs.server";
import { addDays, istMidnight, kolkataDate } from "~/lib/dates";
import { loadAnalyticsDashboard } from "../dashboard/load-dashboard.server";
import { DATE_RANGES, DEFAULT_RANGE, rangeBounds, type DateRange } from "../figures/ranges";
import { pruneHourlyRollups, ROLLUP_LAG_MS, refreshRollups, splitRange } from "../figures/rollups.server";
import { runYearlyReset } from "./yearly-reset.server";
import { messageOf } from "~/lib/errors";

/** The daily run starts this long after midnight in India (ms): a minute after the day closes for the rollups. */
export const DAILY_RUN_AFTER_MIDNIGHT_MS = ROLLUP_LAG_MS + 60_000;

/** Milliseconds from `now` to the next daily run. */
export function msUntilDailyRun(now: Date): number {
  const today = istMidnight(kolkataDate(now)).getTime() + DAILY_RUN_AFTER_MIDNIGHT_MS;
  const next = today > now.getTime() ? today : istMidnight(addDays(kolkataDate(now), 1)).getTime() + DAILY_RUN_AFTER_MIDNIGHT_MS;
  return next - now.getTime();
}

/** Runs the reset check once now; returns a line for the log. Never throws. */
export async function yearlyResetJob(db: Database, now = new Date()): Promise<string> {
  try {
    const outcome = await runYearlyReset(db, now);
    return outcome.reset
      ? `Analytics yearly reset: ${outcome.archivedRows} visit(s) archived into ${outcome.periods.length} month(s).`
      : "Analytics yearly reset: not due.";
  } catch (error) {
    const message = messageOf(error);
    console.error(message);
    return `Analytics yearly reset failed: ${message}`;
  }
}

/** Up to this long after the daily run's time, the rollup job is the nightly run and warms every range (ms). */
export const NIGHTLY_WINDOW_MS = 60 * 60_000;

/**
 * The ranges whose caches the rollup job builds at `now`: every range the dashboard offers in the
 * nightly run (within NIGHTLY_WINDOW_MS after the daily run's time), the default one first;
 * only the default range when the job runs at a server start during the day, so a restart does
 * not hold the database (PGlite has one connection) for the minute a year's caches can take at
 * a busy site's volume.
 */
export function rangesToWarm(now: Date): DateRange[] {
  const nightly = 86_400_000 - msUntilDailyRun(now) < NIGHTLY_WINDOW_MS;
  return nightly ? [DEFAULT_RANGE, ...DATE_RANGES.filter((r) => r !== DEFAULT_RANGE)] : [DEFAULT_RANGE];
}

/**
 * Builds the range caches of `ranges` at `now` by loading each range's dashboard data once: its
 * range, traffic sources, repeat visitors and previous period. The entries stay valid for the
 * rest of the day in India unless a closed day's visits change. The panels' own failures are
 * logged by the dashboard, not thrown.
 */
export async function warmRangeCaches(db: Database, now: Date, ranges: readonly DateRange[] = rangesToWarm(now)): Promise<void> {
  for (const range of ranges) await loadAnalyticsDashboard(db, range, { internalHosts: [], now });
}

/**
 * Builds the missing or stale rollups of the year before `now`, then the range caches of the
 * dashboard's ranges (rangesToWarm, warmRangeCaches; loading a range also builds the hourly
 * rollups of its live part), then drops the hourly rollups no range reads today
 * (pruneHourlyRollups); returns a line for the log. Never throws.
 */
export async function rollupJob(db: Database, now = new Date()): Promise<string> {
  try {
    const year = rangeBounds("year", now);
    const { closedFrom, closedTo } = splitRange(year.start, year.end, now);
    const built = await refreshRollups(db, closedFrom, closedTo);
    await warmRangeCaches(db, now);
    const firstDays = DATE_RANGES.map((r) => kolkataDate(new Date(now.getTime() - rangeBounds(r, now).daysBack * 86_400_000)));
    const dropped = await pruneHourlyRollups(db, now, firstDays);
    return `Analytics rollups: ${built} day(s) built, ${dropped} old hour(s) dropped.`;
  } catch (error) {
    const message = messageOf(error);
    console.error(message);
    return `Analytics rollups failed: ${message}`;
  }
}

/** Names of the analytics jobs in the job registry (app/db/exclusive-jobs.server.ts). */
export const YEARLY_RESET_JOB = "analytics-yearly-reset";
export const ROLLUP_JOB = "analytics-rollups";

let timer: NodeJS.Timeout | undefined;

/**
 * Runs the reset check now and the rollup job after it in the background, then both again each
 * day just after midnight in India (timer unref'd), each once at a time across server
 * processes. Returns the reset's first log line. Never throws.
 */
export async function startAnalyticsJobs(getHandle: () => Promise<Pick<DatabaseHandle, "db" | "driver">>): Promise<string> {
  const log = (line: string) => console.log(line);
  registerJob({ name: YEARLY_RESET_JOB, intervalMs: 86_400_000, run: (db) => yearlyResetJob(db) });
  registerJob({ name: ROLLUP_JOB, intervalMs: 86_400_000, run: (db) => rollupJob(db) });
  const first = await runJobNow(YEARLY_RESET_JOB, getHandle);
  void runJobNow(ROLLUP_JOB, getHandle).then(log);
  const scheduleNext = () => {
    timer = setTimeout(() => {
      void (async () => {
        log(await runJobNow(YEARLY_RESET_JOB, getHandle));
        log(await runJobNow(ROLLUP_JOB, getHandle));
      })().finally(scheduleNext);
    }, msUntilDailyRun(new Date()));
    timer.unref();
  };
  if (!timer) scheduleNext();
  return first;
}
