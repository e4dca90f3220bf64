/**
 * The audit log on a database of its own (PGlite, or PostgreSQL 15 with DATABASE_URL: run
 * `scripts/ci/with-postgres.sh npx vitest run --project db app/core/audit`): recordAudit appends
 * a row with only the changed fields, in the caller's transaction; migration 0021's trigger
 * refuses UPDATE, DELETE and TRUNCATE with its message, on the table and through raw SQL.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-audit-"));

const { eq, sql } = await import("drizzle-orm");
const { openTestDatabase } = await import("~/db/test-database");
const { auditLog } = await import("~/db/schema/audit");
const { reasonOf } = await import("~/lib/errors");
const { recordAudit, recordChange, SYSTEM_ACTOR } = await import("./audit.server");
const { auditRows, byActor, testActor } = await import("./testing.server");

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
const ACTOR = testActor("owner@school.test");

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.dispose());

/** What the database said when it refused `run`. */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    return reasonOf(error);
  }
  throw new Error("The database did not refuse it");
}

describe("recordAudit", () => {
  it("appends a row with who, from where and only the fields that changed, at the transaction's time", async () => {
    const { db } = handle;
    await db.transaction((tx) => recordAudit(tx, { actor: ACTOR, action: "receipt.cancel", entity: "receipt", entityId: "KVA/2026-27/000001", before: { status: "issued", number: "KVA/2026-27/000001" }, after: { status: "cancelled", number: "KVA/2026-27/000001", reason: "Cheque bounced" } }));
    await recordAudit(db, { actor: SYSTEM_ACTOR, action: "payment_order.check", entity: "payment_order", entityId: "K7M2Q9XA4TRB" });
    const [row] = await auditRows(db, "receipt.cancel", "KVA/2026-27/000001");
    expect(row).toMatchObject({ ...byActor(ACTOR), entity: "receipt", before: { status: "issued", reason: null }, after: { status: "cancelled", reason: "Cheque bounced" } });
    expect(Math.abs(row!.at.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await auditRows(db, "payment_order.check", "K7M2Q9XA4TRB"))[0]).toMatchObject({ actorId: null, actorEmail: "system", ip: null, before: null, after: null });
  });

  it("writes nothing for an edit that changed nothing (recordChange), and nothing when its transaction rolls back", async () => {
    const { db } = handle;
    expect(await recordChange(db, { actor: ACTOR, action: "student.update", entity: "student", entityId: "2026/0001", before: { section: "A" }, after: { section: "A" } })).toBe(false);
    await expect(
      db.transaction(async (tx) => {
        expect(await recordChange(tx, { actor: ACTOR, action: "student.update", entity: "student", entityId: "2026/0001", before: { section: "A" }, after: { section: "B" } })).toBe(true);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await auditRows(db, "student.update", "2026/0001")).toEqual([]);
  });
});

describe("the append-only trigger", () => {
  it("refuses UPDATE, DELETE and TRUNCATE with its message, and the row stays as written", async () => {
    const { db } = handle;
    await recordAudit(db, { actor: ACTOR, action: "fee_book.update", entity: "fee_book", entityId: "2026-27", before: null, after: { "due day": 10 } });
    const [row] = await auditRows(db, "fee_book.update", "2026-27");
    expect(await refusal(() => db.update(auditLog).set({ actorEmail: "someone-else@school.test" }).where(eq(auditLog.id, row!.id)))).toBe("the audit log is append-only: UPDATE refused");
    expect(await refusal(() => db.delete(auditLog).where(eq(auditLog.id, row!.id)))).toBe("the audit log is append-only: DELETE refused");
    expect(await refusal(() => db.execute(sql`TRUNCATE audit_log`))).toBe("the audit log is append-only: TRUNCATE refused");
    // Raw SQL is refused alike.
    expect(await refusal(() => db.execute(sql`UPDATE audit_log SET after = '{}'::jsonb`))).toBe("the audit log is append-only: UPDATE refused");
    expect(await refusal(() => db.execute(sql`DELETE FROM audit_log`))).toBe("the audit log is append-only: DELETE refused");
    const [still] = await auditRows(db, "fee_book.update", "2026-27");
    expect(still).toEqual(row);
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n).toBeGreaterThanOrEqual(3);
  });
});
