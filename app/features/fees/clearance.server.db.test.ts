/**
 * Cheques and demand drafts at the counter, on PGlite and on PostgreSQL (DATABASE_URL): taken
 * "subject to realisation" (the receipt says so, the payment awaits the bank), marked cleared
 * (audited, nothing else changes), or returned unpaid: the payment reversed and its receipt
 * cancelled in one transaction, the months owed again on every view with the fee book's bounce
 * charge when the office adds it, the unsent "received" message withdrawn, the parent told once;
 * a second press, or a press on a cleared cheque or on cash, changes nothing.
 */
import { randomInt } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-clearance-"));

const { getDatabase } = await import("~/db/client.server");
const { feePayments, students } = await import("~/db/schema/fees");
const { receipts } = await import("~/db/schema/receipts");
const { messages } = await import("~/db/schema/messages");
const { accountsOn, saveBook } = await import("./ledger.server");
const { sampleFeeBook } = await import("./sample");
const { statementRows } = await import("./statement");
const { bounceChargeHead, bounceInstrument, clearInstrument, collectAtOffice } = await import("./office.server");
const { SUBJECT_TO_REALISATION } = await import("./office-form");
const { auditRows, testActor } = await import("~/core/audit/testing.server");

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;
const SESSION = "2026-27";
const TODAY = "2026-06-20";
const ACTOR = testActor();
const book = sampleFeeBook(SESSION);

beforeAll(async () => {
  db = (await getDatabase()).db;
  await saveBook(db, book, ACTOR);
});

const RUN = String(randomInt(10_000)).padStart(4, "0");
let n = 0;
async function student() {
  n++;
  const [row] = await db
    .insert(students)
    .values({ admissionNumber: `CHQ/${RUN}/${n}`, name: "Kabir Roy", className: "Class 4", section: "A", dateOfBirth: "2016-01-01", fatherName: "Amit Roy", motherName: null, mobile: `95${RUN}${String(n).padStart(4, "0")}`, email: `roy${RUN}${n}@example.com`, busStop: null, concessions: [], joinedSession: null, joinedMonth: null })
    .returning({ id: students.id });
  return row!.id;
}

/** The office takes April and May by `mode` (confirming the total as the counter does); returns the payment and its receipt. */
async function take(studentId: number, mode: "cheque" | "cash") {
  const base = { studentId, session: SESSION, purpose: "tuition" as const, months: ["2026-04", "2026-05"], mode, instrument: mode === "cheque" ? "No. 004512, State Bank of India, 18 Jun 2026" : null, today: TODAY, actor: ACTOR };
  const first = await collectAtOffice(base, db);
  if (first.kind !== "confirm") throw new Error(`expected a confirmation, got ${first.kind}`);
  const done = await collectAtOffice({ ...base, expectedTotalPaise: first.totalPaise }, db);
  if (done.kind !== "recorded") throw new Error(`expected a receipt, got ${done.kind}`);
  const [payment] = await db.select().from(feePayments).where(eq(feePayments.receiptId, done.receipt.id));
  return { payment: payment!, receipt: done.receipt };
}

const owedNow = async (id: number) => (await accountsOn(db, SESSION, TODAY, [id]))[0]!;

describe("a cheque at the counter", () => {
  it("is received subject to realisation, then cleared: the receipt stands and the audit says who", async () => {
    const id = await student();
    const { payment, receipt } = await take(id, "cheque");
    expect(receipt.payment.note).toBe(SUBJECT_TO_REALISATION);
    expect(payment.clearedAt).toBeNull();
    expect(await clearInstrument(payment.id, ACTOR, db)).toBe("cleared");
    const [after] = await db.select().from(feePayments).where(eq(feePayments.id, payment.id));
    expect(after!.clearedAt).not.toBeNull();
    expect(after!.clearedBy).toBe(ACTOR.email);
    expect((await auditRows(db, "fee_payment.clear")).some((a) => a.entityId === receipt.number)).toBe(true);
    // Cleared is final: neither cleared again nor bounced.
    expect(await clearInstrument(payment.id, ACTOR, db)).toBe("not_pending");
    expect((await bounceInstrument(payment.id, { charge: true }, ACTOR, db)).kind).toBe("not_pending");
    const [kept] = await db.select().from(receipts).where(eq(receipts.id, receipt.id));
    expect(kept!.status).toBe("issued");
  });

  it("returned unpaid: receipt cancelled, months owed again with the bounce charge on every view, the unsent receipt message withdrawn, the parent told once", async () => {
    const id = await student();
    const before = await owedNow(id);
    const { payment, receipt } = await take(id, "cheque");
    const paid = await owedNow(id);
    expect(paid.standing.overduePaise).toBeLessThan(before.standing.overduePaise);
    // No provider in tests: the "we received" messages wait (queued or held).
    const received = await db.select().from(messages).where(eq(messages.related, `receipt:${receipt.number}`));
    expect(received.length).toBeGreaterThan(0);

    const result = await bounceInstrument(payment.id, { charge: true }, ACTOR, db);
    expect(result).toEqual({ kind: "bounced", receiptNumber: receipt.number, months: ["April 2026", "May 2026"], chargePaise: book.bounceChargePaise });
    const [cancelled] = await db.select().from(receipts).where(eq(receipts.id, receipt.id));
    expect(cancelled!.status).toBe("cancelled");
    expect(cancelled!.cancelReason).toBe("Cheque No. 004512, State Bank of India, 18 Jun 2026 returned unpaid by the bank");
    const [reversed] = await db.select().from(feePayments).where(eq(feePayments.id, payment.id));
    expect(reversed!.reversedAt).not.toBeNull();

    // What was owed before the cheque, and the charge: the same on the account, its months and the statement.
    const after = await owedNow(id);
    expect(after.standing.overduePaise).toBe(before.standing.overduePaise + book.bounceChargePaise);
    expect(after.tuition.find((m) => m.month === "2026-04")!.status).toBe("overdue");
    const rows = statementRows(after.ledger.map((l) => ({ ...l })), { tuition: after.tuition, bus: after.bus }, TODAY);
    expect(rows.at(-1)!.balancePaise).toBe(after.standing.owedNowPaise);
    expect(rows.some((r) => r.text.includes(bounceChargeHead(receipt.number)))).toBe(true);

    const withdrawn = await db.select().from(messages).where(eq(messages.related, `receipt:${receipt.number}`));
    expect(withdrawn.map((m) => m.status)).toEqual(received.map(() => "skipped"));
    expect(withdrawn[0]!.lastError).toMatch(/^Not sent: receipt .* was cancelled before this left/);
    const told = await db.select().from(messages).where(and(eq(messages.kind, "instrument_returned"), eq(messages.related, `returned:${receipt.number}`)));
    expect(told.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    expect(told.find((m) => m.channel === "email")!.bodyText).toContain("are due again");

    // Pressed again: nothing more.
    expect((await bounceInstrument(payment.id, { charge: true }, ACTOR, db)).kind).toBe("not_pending");
    expect((await owedNow(id)).standing.overduePaise).toBe(after.standing.overduePaise);
    expect(await db.select().from(messages).where(eq(messages.kind, "instrument_returned")).then((all) => all.filter((m) => m.related === `returned:${receipt.number}`).length)).toBe(2);
    expect((await auditRows(db, "fee_payment.bounce")).filter((a) => a.entityId === receipt.number)).toHaveLength(1);
  });

  it("returned without the charge owes just the months; cash is never 'awaiting the bank'", async () => {
    const id = await student();
    const before = await owedNow(id);
    const { payment } = await take(id, "cheque");
    await bounceInstrument(payment.id, { charge: false }, ACTOR, db);
    expect((await owedNow(id)).standing.overduePaise).toBe(before.standing.overduePaise);

    const cash = await take(await student(), "cash");
    expect(cash.receipt.payment.note ?? null).toBeNull();
    expect(await clearInstrument(cash.payment.id, ACTOR, db)).toBe("not_pending");
    expect((await bounceInstrument(cash.payment.id, { charge: true }, ACTOR, db)).kind).toBe("not_pending");
  });
});
