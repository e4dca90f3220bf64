/**
 * Jobs run once at a time across processes: on PostgreSQL two connection pools on
 * one database stand for two server processes (advisory locks belong to sessions); on PGlite
 * the in-process guard. The yearly reset started on both at once archives each visit once.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTwoProcessDatabase, query, resetAnalytics, type TestDatabase } from "../testing/test-database";
import { runYearlyReset } from "./yearly-reset.server";
import type { DatabaseHandle } from "~/db/client.server";
import { runExclusive } from "~/db/exclusive-jobs.server";
import { visitorAnalytics } from "~/db/schema/analytics";

let t: TestDatabase;
let other: DatabaseHandle;

describe(`jobs once across processes (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    // A second "process" on the same database (app/features/analytics/testing/test-database.ts).
    ({ first: t, second: other, dispose } = await openTwoProcessDatabase());
  });
  afterAll(async () => dispose?.());

  it("a job running in one process is skipped by the other; another job name is not; the lock goes with the job", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const first = runExclusive(t, "reconciliation", async () => {
      runs++;
      await gate;
      return "first";
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await runExclusive(other, "reconciliation", async () => ++runs)).toEqual({ ran: false });
    expect(await runExclusive(other, "rollups", async () => "other job")).toEqual({ ran: true, value: "other job" });
    release();
    expect(await first).toEqual({ ran: true, value: "first" });
    expect(runs).toBe(1);
    expect(await runExclusive(other, "reconciliation", async () => "after")).toEqual({ ran: true, value: "after" });
  });

  it("a failing job releases its lock and throws its error", async () => {
    await expect(runExclusive(t, "failing", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await runExclusive(other, "failing", async () => "ok")).toEqual({ ran: true, value: "ok" });
  });

  it("the yearly reset started in both at once archives every visit once", async () => {
    await resetAnalytics(t.db);
    const rows = Array.from({ length: 300 }, (_, i) => ({ visitorIp: `49.37.3.${i % 50}`, sessionId: `s${i}`, pageVisited: "/", isBot: false, timestamp: new Date(Date.parse("2026-06-01T05:00:00Z") + i * 60_000) }));
    await t.db.insert(visitorAnalytics).values(rows);
    const now = new Date("2027-01-02T04:30:00Z");
    const outcomes = await Promise.all([t, other].map((h) => runExclusive(h, "analytics-yearly-reset", (db) => runYearlyReset(db, now))));
    const ran = outcomes.filter((o) => o.ran);
    expect(ran).toHaveLength(1);
    const [archived] = await query<{ total: number }>(t.db, sql`SELECT coalesce(sum(total_visits), 0)::int AS total FROM analytics_aggregated`);
    expect(archived!.total).toBe(300);
    // Run again (the next day's check): nothing due, nothing doubled.
    expect(await runExclusive(other, "analytics-yearly-reset", (db) => runYearlyReset(db, now))).toEqual({ ran: true, value: { reset: false, reason: "already-reset-this-year" } });
  });
});
