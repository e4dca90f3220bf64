/**
 * Background analytics jobs of the server process, at start and then once a day: the yearly
 * reset (SPEC §4, §9), then the daily rollups of the last year's closed days, so the dashboard
 * finds them built. Failures are logged, never thrown: the site keeps serving.
 */
import type { Database } from "~/db/client.server";
import { rangeBounds } from "../figures/ranges";
import { refreshRollups, splitRange } from "../figures/rollups.server";
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

let timer: NodeJS.Timeout | undefined;

/**
 * Runs the reset check now and every day after (timer unref'd), each followed by the rollup job
 * in the background. Returns the reset's first log line.
 */
export async function startAnalyticsJobs(getDb: () => Promise<Database>): Promise<string> {
  const log = (line: string) => console.log(line);
  const db = await getDb();
  const first = await yearlyResetJob(db);
  void rollupJob(db).then(log);
  timer ??= setInterval(() => {
    void getDb()
      .then(async (current) => {
        log(await yearlyResetJob(current));
        log(await rollupJob(current));
      })
      .catch(() => undefined);
  }, RESET_CHECK_INTERVAL_MS);
  timer.unref();
  return first;
}
