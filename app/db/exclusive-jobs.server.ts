/**
 * Background jobs that must run once at a time across every server process (see
 * decision 015): the analytics yearly reset and rollups today, and any job registered by name
 * later (payment reconciliation, receipts housekeeping). On PostgreSQL a job holds a
 * transaction-level advisory lock keyed by its name for as long as it runs, on a connection of
 * its own; a process that finds the lock taken skips that run ("ran: false"), and the next
 * scheduled run tries again. PGlite is one process by design, so an in-process guard suffices.
 */
import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "./client.server";
import { messageOf } from "~/lib/errors";

/** First key of every job lock (pg_try_advisory_xact_lock(namespace, hashtext(name))): "kvaj". */
export const JOB_LOCK_NAMESPACE = 0x6b76_616a;

export type ExclusiveOutcome<T> = { ran: true; value: T } | { ran: false };

const runningHere = new Set<string>();

/**
 * Runs `work(db)` unless a job called `name` is running in this or another process, in which
 * case it returns `{ ran: false }` at once. Throws what `work` throws, or the database's error
 * when the lock cannot be asked for (the database is away).
 */
export async function runExclusive<T>(handle: Pick<DatabaseHandle, "db" | "driver">, name: string, work: (db: Database) => Promise<T>): Promise<ExclusiveOutcome<T>> {
  if (runningHere.has(name)) return { ran: false };
  runningHere.add(name);
  try {
    if (handle.driver === "pglite") return { ran: true, value: await work(handle.db) };
    // The transaction only holds the lock: the job's own statements run on other connections
    // and commit as they go. Ending the transaction (or losing its connection) releases it.
    return await handle.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${JOB_LOCK_NAMESPACE}, hashtext(${name})) AS got`)) as unknown as { rows: { got: boolean }[] };
      if (!result.rows[0]?.got) return { ran: false } as const;
      return { ran: true, value: await work(handle.db) } as const;
    });
  } finally {
    runningHere.delete(name);
  }
}

type JobDefinition = { name: string; intervalMs: number; run: (db: Database) => Promise<string> };
const registry = new Map<string, JobDefinition>();
const timers = new Map<string, NodeJS.Timeout>();

/**
 * Registers a background job by name: `run(db)` returns a line for the log and should not
 * throw (a throw is logged). Started by `startJobs`, then every `intervalMs`, once at a time
 * across processes. Registering a name again replaces its definition.
 */
export function registerJob(definition: JobDefinition): void {
  registry.set(definition.name, definition);
}

/**
 * Runs one registered job now, once across processes; returns its log line, or a line saying
 * it is running elsewhere. Never throws.
 */
export async function runJobNow(name: string, getHandle: () => Promise<Pick<DatabaseHandle, "db" | "driver">>): Promise<string> {
  const job = registry.get(name);
  if (!job) return `${name}: no such job.`;
  try {
    const outcome = await runExclusive(await getHandle(), name, job.run);
    return outcome.ran ? outcome.value : `${name}: already running in another process; skipped.`;
  } catch (error) {
    return `${name} failed: ${messageOf(error)}`;
  }
}

/**
 * Runs every registered job once now (in registration order, one after another; resolves with
 * their log lines), then each on its own interval (timers unref'd, so they never hold the
 * process open). Calling it again does not start a second set of timers.
 */
export async function startJobs(getHandle: () => Promise<Pick<DatabaseHandle, "db" | "driver">>, log: (line: string) => void = console.log): Promise<string[]> {
  const lines: string[] = [];
  for (const job of registry.values()) {
    lines.push(await runJobNow(job.name, getHandle));
    if (!timers.has(job.name)) {
      const timer = setInterval(() => void runJobNow(job.name, getHandle).then(log), job.intervalMs);
      timer.unref();
      timers.set(job.name, timer);
    }
  }
  return lines;
}
