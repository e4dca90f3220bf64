/**
 * The office's work on an enquiry, on a database of its own (PGlite, or PostgreSQL with
 * DATABASE_URL): marking it contacted with a note is audited in the same transaction, with the
 * status and note before and after; the same note again, a missing enquiry or a rolled back
 * change leaves no row.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-enquiries-"));

const { eq } = await import("drizzle-orm");
const { openTestDatabase } = await import("~/db/test-database");
const { enquiries } = await import("~/db/schema/enquiries");
const { auditRows, byActor, testActor } = await import("~/core/audit/testing.server");
const { createEnquiry, markContacted } = await import("./enquiries.server");

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
const desk = testActor("admissions@school.test");

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.dispose());

describe("markContacted", () => {
  it("is audited with the status and note it changed, by who and from where", async () => {
    const { db } = handle;
    const id = await createEnquiry(db, { name: "Asha Roy", phone: "9876543210", class: "Class 3" }, "/contact");

    await expect(
      db.transaction(async (tx) => {
        expect(await markContacted(tx, id, "Called back", desk)).toBe(true);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await db.select().from(enquiries).where(eq(enquiries.id, id)))[0]!.status).toBe("new");
    expect(await auditRows(db, "enquiry.status", String(id))).toEqual([]);

    expect(await markContacted(db, id, "  Called back; visiting Monday ", desk)).toBe(true);
    expect(await markContacted(db, id, "Called back; visiting Monday", desk)).toBe(true);
    expect(await markContacted(db, 999_999, "Nobody", desk)).toBe(false);
    expect(await auditRows(db, "enquiry.status", String(id))).toEqual([
      expect.objectContaining({ ...byActor(desk), entity: "enquiry", before: { status: "new", note: null }, after: { status: "contacted", note: "Called back; visiting Monday" } }),
    ]);
    expect(await auditRows(db, "enquiry.status", "999999")).toEqual([]);
  });
});
