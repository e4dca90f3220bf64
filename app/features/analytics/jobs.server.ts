/**
 * Background analytics jobs of the server process, at start and then once a day: the yearly
 * reset (SPEC §4, §9), then the daily rollups of the last year's closed days, so the dashboard
 * finds them built. Each runs once at a time across server processes (registered in
 * app/db/exclusive-jobs.server.ts). Failures are logged, never thrown: the site keeps serving.
 */
import type { Database, DatabaseHandle } from "~/db/client.server";
import { registerJob, runJobNow, startJobs } from "~/db/exclusive-jobs.server";
import { rangeBounds } from "./ranges";
import { refreshRollups, splitRange } from "./rollups.server";
import { runYearlyReset } from "./yearly-reset.server";

export const RESET_CHECK_INTERVAL_MS = 86_400_000;

/** Runs the reset check once now; returns a line for the log. Never throws. */
export async function yearlyResetJob(db: Database, now = new Date()): Promise<string> {
  try {
    const outcome = await runYearlyReset(db, now);
    return outcome.reset
      ? `Analytics yearly reset: ${outcome.archivedRows} visit(s) archived into ${outcome.periods.length} month(s).`
      : "Analytics yearly reset: not due.";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(message);
    return `Analytics yearly reset failed: ${message}`;
  }
}

/** Builds the missing or stale rollups of the year before `now`; returns a line for the log. Never throws. */
export async function rollupJob(db: Database, now = new Date()): Promise<string> {
  try {
    const year = rangeBounds("year", now);
    const { closedFrom, closedTo } = splitRange(year.start, year.end, now);
    return `Analytics rollups: ${await refreshRollups(db, closedFrom, closedTo)} day(s) built.`;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(message);
    return `Analytics rollups failed: ${message}`;
  }
}

/** Names of the analytics jobs in the job registry (app/db/exclusive-jobs.server.ts). */
export const YEARLY_RESET_JOB = "analytics-yearly-reset";
export const ROLLUP_JOB = "analytics-rollups";

/**
 * Registers the yearly reset check and the rollup build as daily jobs that run once at a time
 * across server processes, runs the reset check now and the rollups in the background, and
 * returns the reset's first log line. Never throws.
 */
export async function startAnalyticsJobs(getHandle: () => Promise<Pick<DatabaseHandle, "db" | "driver">>): Promise<string> {
  registerJob({ name: YEARLY_RESET_JOB, intervalMs: RESET_CHECK_INTERVAL_MS, run: (db) => yearlyResetJob(db) });
  registerJob({ name: ROLLUP_JOB, intervalMs: RESET_CHECK_INTERVAL_MS, run: (db) => rollupJob(db) });
  const first = await runJobNow(YEARLY_RESET_JOB, getHandle);
  void startJobs(getHandle).then((lines) => {
    // The reset already ran (or was skipped) above; its second run found nothing due.
    for (const line of lines.slice(1)) console.log(line);
  });
  return first;
}
