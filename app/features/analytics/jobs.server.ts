/**
 * Background analytics jobs of the server process: the yearly reset at start and then once a
 * day (SPEC §4, §9). Failures are logged, never thrown: the site keeps serving.
 */
import type { Database } from "~/db/client.server";
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

let timer: NodeJS.Timeout | undefined;

/** Runs the reset check now and every day after (timer unref'd). Returns the first log line. */
export async function startAnalyticsJobs(getDb: () => Promise<Database>): Promise<string> {
  const first = await yearlyResetJob(await getDb());
  timer ??= setInterval(() => {
    void getDb().then((db) => yearlyResetJob(db)).then((line) => console.log(line), () => undefined);
  }, RESET_CHECK_INTERVAL_MS);
  timer.unref();
  return first;
}
