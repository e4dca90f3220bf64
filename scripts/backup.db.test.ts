/**
 * Backup and restore round trip on this run's driver (PGlite; PostgreSQL in CI's second pass):
 * a populated instance (enquiries, visits with their rollups and trigger-kept counts, the
 * administrator's account, settings, throttle and rate-limit rows, secrets and a document) is
 * backed up, restored into a fresh one, and every table's row count and checksum compared; the
 * restored account's password still verifies, a receipt issued before the backup still
 * verifies by its QR code's hash, new rows get fresh ids, and a non-empty target is refused.
 * The audit log comes back row for row (who, when, from where, before → after), still
 * append-only; a forced restore over a database with audit rows of its own replaces them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { hash, verify } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "~/features/analytics/testing/test-database";
import { backupFileName, restoreBackup, summarizeDatabase, writeBackup } from "~/db/backup.server";
import { account, user } from "~/db/schema/auth";
import { enquiries } from "~/db/schema/enquiries";
import { auditLog } from "~/db/schema/audit";
import { recordAudit } from "~/core/audit/audit.server";
import { testActor } from "~/core/audit/testing.server";
import { issueReceipt, receiptByHash } from "~/core/receipts/issue.server";
import { sampleInput } from "~/core/receipts/testing";
import { newsSeedItems } from "~/features/content/markdown.server";
import { readPublished, seedContent } from "~/features/content/store.server";

let source: TestDatabase;
let target: TestDatabase;
let work: string;
let receipt: Awaited<ReturnType<typeof issueReceipt>>;
const auditOf = async (db: TestDatabase["db"]) => db.select().from(auditLog).orderBy(auditLog.id);

describe(`backup and restore (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  beforeAll(async () => {
    [source, target] = [await openTestDatabase(), await openTestDatabase()];
    work = mkdtempSync(path.join(os.tmpdir(), "kva-backup-test-"));
    const db = source.db;
    await db.insert(enquiries).values(Array.from({ length: 40 }, (_, i) => ({ name: `Parent ${i} “Ghosh”`, phone: `98765${String(i).padStart(5, "0")}`, class: "Class 3", email: i % 2 ? null : `p${i}@example.com` })));
    await db.execute(sql`INSERT INTO visitor_analytics (visitor_ip, session_id, page_visited, referrer, browser, is_new_visitor, visit_count, is_bot, "timestamp")
                         SELECT '49.37.0.' || (i % 37), 's' || (i % 90), '/p' || (i % 7), CASE WHEN i % 3 = 0 THEN 'https://www.google.com/' END, 'Chrome', i % 5 = 0, 1 + i % 4, i % 11 = 0,
                                timestamptz '2026-03-01 00:00:00+00' + i * interval '37 minutes'
                         FROM generate_series(1, 3000) i`);
    const { refreshRollups } = await import("~/features/analytics/figures/rollups.server");
    await refreshRollups(db, "2026-03-01", "2026-04-15");
    await db.insert(user).values({ id: "admin-1", name: "Administrator", email: "admin@example.com", emailVerified: true });
    await db.insert(account).values({ id: "acc-1", accountId: "admin-1", providerId: "credential", userId: "admin-1", password: await hash("correct horse battery staple") });
    await db.execute(sql`INSERT INTO settings (key, value) VALUES ('last_analytics_reset', '2026-01-02')`);
    receipt = await db.transaction((tx) => issueReceipt(tx, sampleInput("KVA/TEST"), { secret: "a".repeat(64), now: new Date("2026-06-01T05:00:00Z") }));
    await db.execute(sql`INSERT INTO rate_limits (key, points, expire) VALUES ('rl:posts:203.0.113.1', 3, now() + interval '5 minutes')`);
    const accountant = testActor("accountant@example.com");
    await db.transaction(async (tx) => {
      await recordAudit(tx, { actor: accountant, action: "office_collection.create", entity: "office_collection", entityId: receipt.number, after: { amountPaise: receipt.totalPaise, mode: "cash", months: ["April 2026"] } });
      await recordAudit(tx, { actor: accountant, action: "receipt.cancel", entity: "receipt", entityId: receipt.number, before: { status: "issued" }, after: { status: "cancelled", reason: "Wrong “entry”" }, at: new Date("2026-06-02T10:15:00Z") });
    });
    const dataDir = path.join(work, "source");
    mkdirSync(path.join(dataDir, "documents", "applications"), { recursive: true });
    writeFileSync(path.join(dataDir, "receipt-secret"), "a".repeat(64));
    writeFileSync(path.join(dataDir, "documents", "applications", "birth-certificate.pdf"), Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 255, 10]));
    // The school's content (issue 28): the stories copied from the files, and a photo's file.
    await seedContent(db, newsSeedItems());
    mkdirSync(path.join(dataDir, "documents", "content"), { recursive: true });
    writeFileSync(path.join(dataDir, "documents", "content", `${"a1".repeat(16)}-320.webp`), Buffer.from("RIFF\0\0\0\0WEBP"));
  });
  afterAll(async () => {
    await source?.dispose();
    await target?.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  it("restores every table with the same rows and checksum, the files, sequences, the admin's password and an old receipt's verification", async () => {
    const file = path.join(work, "backups", backupFileName(new Date("2026-11-23T23:50:00Z")));
    expect(path.basename(file)).toBe("kva-backup-2026-11-23T23-50-00Z.ndjson.gz");
    const header = await writeBackup(source, path.join(work, "source"), file);
    const before = await summarizeDatabase(source.db);
    expect(header.tables.find((t) => t.name === "visitor_analytics")?.rows).toBe(3000);
    expect(before.analytics_daily_rollup!.rows).toBeGreaterThan(0);
    expect(header.files.sort()).toEqual(["documents/applications/birth-certificate.pdf", `documents/content/${"a1".repeat(16)}-320.webp`, "receipt-secret"]);

    const restoredDir = path.join(work, "restored");
    const outcome = await restoreBackup(target, restoredDir, file);
    expect(outcome.files).toBe(3);
    expect(readFileSync(path.join(restoredDir, "documents", "content", `${"a1".repeat(16)}-320.webp`)).toString()).toBe("RIFF\0\0\0\0WEBP");
    expect(await readPublished(target.db)).toEqual(await readPublished(source.db));
    const after = await summarizeDatabase(target.db);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) expect({ table, ...after[table] }).toEqual({ table, ...before[table] });
    expect(readFileSync(path.join(restoredDir, "documents", "applications", "birth-certificate.pdf"))).toEqual(Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 255, 10]));
    expect(readFileSync(path.join(restoredDir, "receipt-secret"), "utf8")).toBe("a".repeat(64));

    const [stored] = await target.db.select({ password: account.password }).from(account).where(eq(account.userId, "admin-1"));
    expect(await verify(stored!.password!, "correct horse battery staple")).toBe(true);
    // An old receipt still verifies: same number, same total, found by its QR code's hash.
    const verified = await receiptByHash(target.db, receipt.verificationHash);
    expect({ number: verified?.number, totalPaise: verified?.totalPaise, status: verified?.status }).toEqual({ number: receipt.number, totalPaise: receipt.totalPaise, status: "issued" });
    // The audit log, row for row, and still append-only.
    const audit = await auditOf(source.db);
    expect(audit).toHaveLength(2);
    expect(await auditOf(target.db)).toEqual(audit);
    await expect(target.db.delete(auditLog)).rejects.toThrow();
    // Sequences continue after the restored ids.
    const [fresh] = await target.db.insert(enquiries).values({ name: "After restore", phone: "9876599999", class: "LKG" }).returning({ id: enquiries.id });
    const [max] = await source.db.select({ m: sql<number>`max(id)::int` }).from(enquiries);
    expect(fresh!.id).toBe(Number(max!.m) + 1);

    await recordAudit(target.db, { actor: testActor("owner@example.com"), action: "settings.messages", entity: "settings", entityId: "messages", before: { off: [] }, after: { off: ["fee_reminder"] } });
    const [newest] = await auditOf(target.db).then((rows) => rows.slice(-1));
    expect(newest!.id).toBe(audit.at(-1)!.id + 1);

    // The target now holds data: a second restore is refused unless forced.
    await expect(restoreBackup(target, restoredDir, file)).rejects.toThrow(/already holds/);
    await restoreBackup(target, restoredDir, file, { force: true });
    expect((await summarizeDatabase(target.db)).enquiries).toEqual(before.enquiries);
    // Forced over a database with audit rows of its own: the backup's log replaces them whole.
    expect(await auditOf(target.db)).toEqual(audit);
    expect((await summarizeDatabase(target.db)).audit_log).toEqual(before.audit_log);
    await expect(target.db.update(auditLog).set({ actorEmail: "x@example.com" })).rejects.toThrow();
  });
});
