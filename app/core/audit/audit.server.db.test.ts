/**
 * The audit log on a database of its own (PGlite, or PostgreSQL 15 with DATABASE_URL: run
 * `scripts/ci/with-postgres.sh npx vitest run --project db app/core/audit`): recordAudit appends
 * a row with only the changed fields, in the caller's transaction; migration 0021's trigger
 * refuses UPDATE, DELETE and TRUNCATE with its message, on the table and through raw SQL; the
 * owner's list filters by who, action, the entity's id and IST days, newest first and paged.
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
const { allAudit, auditChoices, auditPageData, listAudit } = await import("./admin.server");

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

describe("the owner's list", () => {
  it("filters by who, action, part of the id and IST days (inclusive), newest first, and pages", async () => {
    const { db } = handle;
    const clerk = testActor("clerk@list.test");
    const desk = testActor("desk@list.test");
    // 00:10 and 23:50 IST on 1 April 2026 (31 March and 1 April in UTC), and 10:30 IST on 2 April.
    const at = (iso: string) => new Date(iso);
    await recordAudit(db, { actor: clerk, action: "receipt.cancel", entity: "receipt", entityId: "LIST/2026-27/000001", after: { status: "cancelled" }, at: at("2026-03-31T18:40:00Z") });
    await recordAudit(db, { actor: clerk, action: "office_collection.create", entity: "office_collection", entityId: "LIST/2026-27/000002", after: { amountPaise: 100 }, at: at("2026-04-01T18:20:00Z") });
    await recordAudit(db, { actor: desk, action: "application.status", entity: "application", entityId: "LISTAPP/0007", before: { status: "submitted" }, after: { status: "under_review" }, at: at("2026-04-02T05:00:00Z") });

    expect((await listAudit(db, { who: "clerk@list.test" }, { number: 1, size: 10 })).rows.map((r) => r.entityId)).toEqual(["LIST/2026-27/000002", "LIST/2026-27/000001"]);
    expect((await listAudit(db, { action: "application.status", q: "listapp" }, { number: 1, size: 10 })).rows.map((r) => r.actorEmail)).toEqual(["desk@list.test"]);
    // Days are IST days: 1 April holds both ends of it, 31 March neither.
    expect((await listAudit(db, { q: "LIST", from: "2026-04-01", to: "2026-04-01" }, { number: 1, size: 10 })).rows.map((r) => r.action)).toEqual(["office_collection.create", "receipt.cancel"]);
    expect((await listAudit(db, { q: "LIST", from: "2026-04-02", to: "2026-04-02" }, { number: 1, size: 10 })).rows.map((r) => r.action)).toEqual(["application.status"]);
    expect((await listAudit(db, { q: "LIST", to: "2026-03-31" }, { number: 1, size: 10 })).total).toBe(0);
    // A % or _ typed in the search is a character, not a wildcard.
    expect((await listAudit(db, { q: "LIST%" }, { number: 1, size: 10 })).total).toBe(0);
    const second = await listAudit(db, { q: "LIST" }, { number: 2, size: 2 });
    expect([second.total, second.rows.map((r) => r.action)]).toEqual([3, ["receipt.cancel"]]);
    expect((await allAudit(db, { q: "LIST" })).map((r) => r.action)).toEqual(["application.status", "office_collection.create", "receipt.cancel"]);

    const choices = await auditChoices(db);
    expect(choices.who).toEqual(expect.arrayContaining(["clerk@list.test", "desk@list.test"]));
    expect(choices.actions).toEqual([...choices.actions].sort());
    const page = await auditPageData(db, new URLSearchParams("who=desk@list.test"));
    expect(page).toMatchObject({ total: 1, page: 1, pageCount: 1, filters: { who: "desk@list.test" } });
    expect(page.rows[0]).toMatchObject({ time: "2 Apr 2026, 10:30 AM", who: "desk@list.test", address: "203.0.113.7", what: "application LISTAPP/0007", changes: [{ field: "status", before: "submitted", after: "under_review" }] });
  });
});

