/**
 * The dashboard's two maintenance buttons (SPEC §3 Analytics summary, §4, §8): Identify bots
 * and Correct data run as background jobs in this process, one of each kind at a time, so a
 * long run survives a closed tab and the page can show "n of m processed" by polling. State
 * lives in memory: a restart forgets it (the work already written stays, and both jobs can
 * simply be run again). With several server processes each keeps its own. A run started by a
 * staff member is audited (`analytics.identify_bots`, `analytics.correct_data`) before it changes
 * anything: it writes in many small transactions, so the row records who started it and on how
 * many records.
 */
import { sql } from "drizzle-orm";
import { recordAudit, type Actor } from "~/core/audit/audit.server";
import type { Database } from "~/db/client.server";
import { visitorAnalytics } from "~/db/schema/analytics";
import { correctVisitData, type CorrectionResult } from "./correct-visits.server";
import type { JobKind } from "./job-kinds";
import { identifyBots, type BotIdentificationResult } from "./identify-bots.server";
import { messageOf } from "~/lib/errors";

export type JobStatus =
  | { kind: JobKind; state: "idle" }
  | { kind: JobKind; state: "running"; processed: number; total: number; startedAt: string }
  | { kind: "identify-bots"; state: "done"; processed: number; total: number; result: BotIdentificationResult; finishedAt: string }
  | { kind: "correct-data"; state: "done"; processed: number; total: number; result: CorrectionResult; finishedAt: string }
  /** `error` is the SPEC §8 message, e.g. "Error during bot identification: {reason}". */
  | { kind: JobKind; state: "failed"; error: string; finishedAt: string };

const jobs = new Map<JobKind, JobStatus>();
const running = new Map<JobKind, Promise<void>>();

/** The latest state of a job kind ("idle" before the first run). */
export function jobStatus(kind: JobKind): JobStatus {
  return jobs.get(kind) ?? { kind, state: "idle" };
}

/** Records a job would check: unprocessed and human ones for bots, every non-bot one for correction. */
async function countToCheck(db: Database, kind: JobKind): Promise<number> {
  try {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(visitorAnalytics).where(sql`${visitorAnalytics.isBot} IS NOT TRUE`);
    return Number(row?.n ?? 0);
  } catch (error) {
    throw new Error(kind === "identify-bots" ? "Failed to fetch unprocessed records" : "Failed to fetch problematic data", { cause: error });
  }
}

async function run(db: Database, kind: JobKind, startedAt: string, actor?: Actor): Promise<void> {
  try {
    const total = await countToCheck(db, kind);
    if (actor) await recordAudit(db, { actor, action: `analytics.${kind.replace("-", "_")}`, entity: "analytics", entityId: "visits", after: { recordsToCheck: total } });
    jobs.set(kind, { kind, state: "running", processed: 0, total, startedAt });
    const progress = (processed: number) => jobs.set(kind, { kind, state: "running", processed, total: Math.max(total, processed), startedAt });
    const finishedAt = () => new Date().toISOString();
    if (kind === "identify-bots") {
      const result = await identifyBots(db, (p) => progress(p.checked));
      jobs.set(kind, { kind, state: "done", processed: result.checked, total: Math.max(total, result.checked), result, finishedAt: finishedAt() });
    } else {
      const result = await correctVisitData(db, (p) => progress(p.checked));
      jobs.set(kind, { kind, state: "done", processed: result.checked, total: Math.max(total, result.checked), result, finishedAt: finishedAt() });
    }
  } catch (error) {
    const message = messageOf(error);
    console.error(message);
    jobs.set(kind, { kind, state: "failed", error: message, finishedAt: new Date().toISOString() });
  }
}

/**
 * Starts a job unless one of that kind is running, on behalf of `actor` (audited when given), and
 * returns its state at once. `finished` resolves when the job (new or already running) has
 * finished; tests use it. Never throws: a failure becomes the "failed" state with its SPEC §8 message.
 */
export function startJob(db: Database, kind: JobKind, actor?: Actor): { status: JobStatus; finished: Promise<void> } {
  const current = running.get(kind);
  if (current) return { status: jobStatus(kind), finished: current };
  const startedAt = new Date().toISOString();
  jobs.set(kind, { kind, state: "running", processed: 0, total: 0, startedAt });
  const finished = run(db, kind, startedAt, actor).finally(() => running.delete(kind));
  running.set(kind, finished);
  return { status: jobStatus(kind), finished };
}
