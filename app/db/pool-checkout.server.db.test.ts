/**
 * On PostgreSQL (CI's second pass): a transaction whose BEGIN fails gives its connection back to
 * the pool, so the pool neither shrinks for good nor keeps `close()` waiting. PGlite has no pool.
 */
import { sql } from "drizzle-orm";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "./test-database";

describe.skipIf(!process.env.DATABASE_URL?.trim())("pool checkouts on PostgreSQL", () => {
  let handle: TestDatabase;
  let pool: Pool;
  beforeAll(async () => {
    handle = await openTestDatabase();
    pool = (handle.db as unknown as { $client: Pool }).$client;
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  it("a failed BEGIN closes its connection instead of keeping it checked out", async () => {
    // A connection left inside an aborted transaction: the next BEGIN on it is refused (25P02).
    // The pool hands out the connection released last, so the transaction below gets this one.
    const poisoned = await pool.connect();
    await poisoned.query("begin");
    await poisoned.query("select 1/0").catch(() => undefined);
    poisoned.release();
    const before = pool.totalCount;

    const failed = await handle.db.transaction(async (tx) => tx.execute(sql`select 1`)).then(
      () => null,
      (error: Error) => error,
    );
    expect(failed).not.toBeNull();
    expect(pool.totalCount).toBe(before - 1);
    expect(pool.idleCount).toBe(pool.totalCount);

    const result = (await handle.db.transaction(async (tx) => tx.execute(sql`select 2 as two`))) as unknown as { rows: { two: number }[] };
    expect(result.rows[0]?.two).toBe(2);
    const closed = await Promise.race([handle.close().then(() => "closed"), new Promise((resolve) => setTimeout(resolve, 3_000, "still waiting"))]);
    expect(closed).toBe("closed");
  });
});
