/**
 * Receipts on a real database (PGlite, or PostgreSQL with DATABASE_URL):
 * numbers without gaps or twins under concurrency, a rolled-back issue gives its number back, a
 * new series each financial year (IST), one receipt per order, cancelling keeps the number, and
 * the database refuses any edit or delete.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-receipts-"));

const { getDatabase } = await import("~/db/client.server");
const { receipts } = await import("~/db/schema/receipts");
const { paymentOrders } = await import("~/db/schema/payments");
const { issueReceipt, cancelReceipt, receiptByHash, receiptForOrder } = await import("./issue.server");
const { sampleInput, testSeries } = await import("./testing");
const { keyIdOf } = await import("./issue.server");

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;
let driver: string;
const SECRET = "test-receipt-secret-0123456789abcdef";
const APRIL = new Date("2026-04-15T05:00:00Z");

beforeAll(async () => {
  const handle = await getDatabase();
  db = handle.db;
  driver = handle.driver;
});

const issue = (series: string, now = APRIL) => db.transaction((tx) => issueReceipt(tx, sampleInput(series), { secret: SECRET, now }));

describe("receipt numbers", () => {
  it("200 concurrent issues give 200 distinct consecutive numbers", async () => {
    const series = testSeries();
    const started = performance.now();
    const issued = await Promise.all(Array.from({ length: 200 }, () => issue(series)));
    const ms = performance.now() - started;
    const sequences = issued.map((r) => r.sequence).sort((a, b) => a - b);
    expect(new Set(issued.map((r) => r.number)).size).toBe(200);
    expect(sequences).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(issued.find((r) => r.sequence === 123)!.number).toBe(`${series}/2026-27/000123`);
    console.log(`${driver}: 200 concurrent issues → ${new Set(sequences).size} distinct numbers, ${sequences[0]}..${sequences.at(-1)}, in ${Math.round(ms)} ms`);
  });

  it("an issue whose transaction rolls back gives its number back: no gap", async () => {
    const series = testSeries();
    await issue(series);
    await expect(
      db.transaction(async (tx) => {
        await issueReceipt(tx, sampleInput(series), { secret: SECRET, now: APRIL });
        throw new Error("the payment could not be recorded");
      }),
    ).rejects.toThrow("could not be recorded");
    const next = await issue(series);
    expect(next.number).toBe(`${series}/2026-27/000002`);
  });

  it("concurrent issues with failures among them still leave no gap", async () => {
    const series = testSeries();
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        db.transaction(async (tx) => {
          const r = await issueReceipt(tx, sampleInput(series), { secret: SECRET, now: APRIL });
          if (i % 4 === 0) throw new Error("rolled back");
          return r;
        }),
      ),
    );
    const kept = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.sequence] : [])).sort((a, b) => a - b);
    expect(kept).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it("each financial year (1 April–31 March, IST) starts its own series at 1; another series counts apart", async () => {
    const series = testSeries();
    const lastOfMarch = new Date("2027-03-31T18:29:59Z"); // 23:59:59 IST on 31 March 2027
    const firstOfApril = new Date("2027-03-31T18:30:00Z"); // 00:00 IST on 1 April 2027
    expect((await issue(series, APRIL)).number).toBe(`${series}/2026-27/000001`);
    expect((await issue(series, lastOfMarch)).number).toBe(`${series}/2026-27/000002`);
    expect((await issue(series, firstOfApril)).number).toBe(`${series}/2027-28/000001`);
    expect((await issue(`${series}/APP`, firstOfApril)).number).toBe(`${series}/APP/2027-28/000001`);
  });

  it("issues one receipt per order: a second issue for it returns the first", async () => {
    const [order] = await db
      .insert(paymentOrders)
      .values({ publicId: `pub-${testSeries()}`, reference: testSeries(), purpose: "sample", payableKey: `k-${testSeries()}`, description: "Test", lines: [], amountPaise: 2_600_00, provider: "mock", status: "paid" })
      .returning();
    const series = testSeries();
    const first = await db.transaction((tx) => issueReceipt(tx, { ...sampleInput(series), orderId: order!.id }, { secret: SECRET, now: APRIL }));
    const again = await db.transaction((tx) => issueReceipt(tx, { ...sampleInput(series), orderId: order!.id }, { secret: SECRET, now: APRIL }));
    expect(again.id).toBe(first.id);
    expect((await receiptForOrder(db, order!.id))?.number).toBe(first.number);
    await expect(db.insert(receipts).values({ ...first, id: undefined, number: "X/2026-27/000001", sequence: 99, verificationHash: "x".repeat(24) })).rejects.toThrow();
  });
});

describe("verification codes", () => {
  it("are 24 URL-safe characters, unique, found by look-up, and survive a new secret", async () => {
    const series = testSeries();
    const a = await issue(series);
    const b = await db.transaction((tx) => issueReceipt(tx, sampleInput(series), { secret: "a-rotated-secret-0123456789abcdefgh", now: APRIL }));
    expect(a.verificationHash).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(a.verificationHash).not.toBe(b.verificationHash);
    expect(a.hashKeyId).toBe(keyIdOf(SECRET));
    expect(b.hashKeyId).not.toBe(a.hashKeyId);
    expect((await receiptByHash(db, a.verificationHash))?.number).toBe(a.number);
  });
});

describe("cancelling", () => {
  it("keeps the number and what the receipt says, once, with a reason", async () => {
    const series = testSeries();
    const receipt = await issue(series);
    await expect(cancelReceipt(db, receipt.id, " ", "admin")).rejects.toThrow(RangeError);
    const result = await cancelReceipt(db, receipt.id, "Wrong counter entry", "admin@kva-school.example");
    expect(result.kind).toBe("cancelled");
    if (result.kind !== "cancelled") return;
    expect(result.receipt).toMatchObject({ number: receipt.number, sequence: 1, status: "cancelled", cancelReason: "Wrong counter entry", totalPaise: receipt.totalPaise });
    expect((await cancelReceipt(db, receipt.id, "Again", "admin")).kind).toBe("already_cancelled");
    expect((await issue(series)).sequence).toBe(2);
  });

  it("the database refuses to edit or delete a receipt", async () => {
    const receipt = await issue(testSeries());
    await expect(db.update(receipts).set({ totalPaise: 1 }).where(eq(receipts.id, receipt.id))).rejects.toThrow();
    await expect(db.update(receipts).set({ student: { ...receipt.student, name: "Someone Else" } }).where(eq(receipts.id, receipt.id))).rejects.toThrow();
    await expect(db.delete(receipts).where(eq(receipts.id, receipt.id))).rejects.toThrow();
    await cancelReceipt(db, receipt.id, "Refund", "admin");
    await expect(db.execute(sql`UPDATE receipts SET status = 'issued', cancelled_at = NULL, cancel_reason = NULL WHERE id = ${receipt.id}`)).rejects.toThrow();
    const [after] = await db.select().from(receipts).where(eq(receipts.id, receipt.id));
    expect(after).toMatchObject({ status: "cancelled", totalPaise: receipt.totalPaise, number: receipt.number });
  });
});
