/**
 * The shared rate-limit store: two stores on one database, as two server processes
 * would hold, count the same client together; an unavailable database falls back to memory.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { DatabaseUnavailableError } from "~/db/unavailable";
import { openTwoProcessDatabase, type TestDatabase } from "~/features/analytics/testing/test-database";
import { sharedRateLimitStore } from "./rate-limit-store";

let t: TestDatabase;
let other: DatabaseHandle;

describe("shared rate-limit store", () => {
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    // A second "process" on the same database (app/features/analytics/testing/test-database.ts).
    ({ first: t, second: other, dispose } = await openTwoProcessDatabase());
  });
  afterAll(async () => dispose?.());

  it("counts one client's hits from two processes together, per window, and resets", async () => {
    const a = sharedRateLimitStore({ name: "rl:posts:", windowMs: 600_000, limit: 30, getDb: async () => t.db });
    const b = sharedRateLimitStore({ name: "rl:posts:", windowMs: 600_000, limit: 30, getDb: async () => other.db });
    const hits: number[] = [];
    for (let i = 0; i < 6; i++) hits.push((await (i % 2 ? b : a).increment("203.0.113.7")).totalHits);
    expect(hits).toEqual([1, 2, 3, 4, 5, 6]);
    const last = await a.increment("203.0.113.7");
    expect(last.totalHits).toBe(7);
    expect(last.resetTime!.getTime() - Date.now()).toBeGreaterThan(590_000);
    expect((await b.increment("198.51.100.1")).totalHits).toBe(1);
    await b.decrement("203.0.113.7");
    expect((await a.increment("203.0.113.7")).totalHits).toBe(7);
    await a.resetKey("203.0.113.7");
    expect((await b.increment("203.0.113.7")).totalHits).toBe(1);
  });

  it("keeps counting in memory while the database is away", async () => {
    const store = sharedRateLimitStore({ name: "rl:down:", windowMs: 60_000, limit: 5, getDb: async () => Promise.reject(new DatabaseUnavailableError("connect ECONNREFUSED")) });
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push((await store.increment("203.0.113.9")).totalHits);
    expect(hits).toEqual([1, 2, 3]);
  });
});
