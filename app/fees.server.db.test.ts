/**
 * School fees on the ledger (issue 13), on PGlite and on PostgreSQL (DATABASE_URL): for random
 * fee books, concessions, late-fee dates and sequences of online payments (through the payment
 * core and the test gateway), office payments, refunds and cancellations, every student's
 * balance equals dues − concessions + late fees − payments + refunds, the money received
 * agrees with the payments and the receipts not cancelled, nothing is ever paid twice and a
 * choice of months out of order is refused. FEES_PROPERTY_RUNS sets the number of runs (40).
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-fees-"));

const { getDatabase } = await import("~/db/client.server");
const { feeLedger, feePayments, students } = await import("~/db/schema/fees");
const { paymentOrders } = await import("~/db/schema/payments");
const { receipts } = await import("~/db/schema/receipts");
const { feeBookSchema, FEE_CLASSES } = await import("~/features/fees/book");
const { accountOf, bookFor, ledgerOf, saveBook, entries } = await import("~/features/fees/ledger.server");
const { balanceOf, LATE_FEE_HEAD, sessionMonths } = await import("~/features/fees/schedule");
const { createStudent, studentById } = await import("~/features/fees/students.server");
const { MockGateway } = await import("~/features/payments/gateways/mock.server");
const { createPaymentService } = await import("~/features/payments/service.server");
const { collectAtOffice, feePayableKey, feeQuote, refundFeePayment } = await import("./fees.server");
const { paymentPurposes } = await import("./payment-purposes.server");

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;
const mock = new MockGateway("test-auth-secret-0123456789abcdef");
let clock = new Date("2026-04-01T06:00:00Z");
let service: ReturnType<typeof createPaymentService>;
const SESSION = "2026-27";
const RUNS = Number(process.env.FEES_PROPERTY_RUNS ?? 40);

beforeAll(async () => {
  db = (await getDatabase()).db;
  service = createPaymentService({ getDb: async () => db, setup: () => ({ active: "mock", gateways: { mock }, problems: [], settings: [] }), purposes: paymentPurposes, log: () => {}, now: () => clock });
});

const HEADS = ["Tuition Fee", "Computer Fee", "Annual Charges", "Admission Fee", "Lab Fee"];
const arbBook = fc
  .record({
    dueDay: fc.integer({ min: 1, max: 28 }),
    heads: fc.uniqueArray(fc.record({ name: fc.constantFrom(...HEADS), period: fc.constantFrom("monthly", "quarterly", "annual", "one_time"), amountPaise: fc.integer({ min: 1, max: 5_000_00 }) }), { minLength: 1, maxLength: 3, selector: (h) => h.name }),
    busPaise: fc.integer({ min: 1, max: 3_000_00 }),
    percent: fc.integer({ min: 1, max: 100 }),
    percentHeads: fc.subarray([...HEADS, "Bus Fee"], { minLength: 1 }),
    fixedPaise: fc.integer({ min: 1, max: 3_000_00 }),
    fixedHeads: fc.subarray([...HEADS, "Bus Fee"], { minLength: 1 }),
    late: fc.record({ kind: fc.constantFrom("per_day", "flat"), amountPaise: fc.integer({ min: 0, max: 50_00 }), capPaise: fc.integer({ min: 50_00, max: 500_00 }) }),
  })
  .map((b) =>
    feeBookSchema.parse({
      session: SESSION,
      dueDay: b.dueDay,
      structures: [{ classes: [...FEE_CLASSES], heads: b.heads.map((h) => ({ ...h, kind: h.name === "Tuition Fee" ? "tuition" : "fee" })) }],
      bus: [{ code: "R1", name: "Route 1", monthlyPaise: b.busPaise }],
      concessions: [
        { code: "PCT", name: "Percent", kind: "percent", percent: b.percent, heads: b.percentHeads },
        { code: "FIX", name: "Fixed", kind: "fixed", amountPaise: b.fixedPaise, heads: b.fixedHeads },
      ],
      lateFee: b.late,
    }),
  );

const arbStudent = fc.record({ concessions: fc.subarray(["PCT", "FIX"]), bus: fc.boolean(), joined: fc.boolean() });
const arbOp = fc.oneof(
  fc.record({ op: fc.constant("online" as const), who: fc.nat(2), purpose: fc.constantFrom("tuition" as const, "bus" as const), count: fc.integer({ min: 1, max: 3 }), skip: fc.boolean(), days: fc.integer({ min: 0, max: 40 }), pay: fc.constantFrom("pay", "fail") }),
  fc.record({ op: fc.constant("office" as const), who: fc.nat(2), purpose: fc.constantFrom("tuition" as const, "bus" as const), count: fc.integer({ min: 1, max: 3 }), skip: fc.boolean(), days: fc.integer({ min: 0, max: 40 }) }),
  fc.record({ op: fc.constant("reverse" as const), which: fc.nat(20), days: fc.integer({ min: 0, max: 5 }) }),
);

const isoOf = (d: Date) => new Date(d.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

async function payOnline(studentId: number, purpose: "tuition" | "bus", months: string[], today: string, decision: "pay" | "fail") {
  const result = await service.start({ purpose, payableKey: feePayableKey(studentId, SESSION), payer: { name: "Parent" }, quote: feeQuote(studentId, SESSION, purpose, months, today) });
  if (result.kind !== "handoff") return result.kind;
  const checkout = mock.checkout(new URL(mock.handoff(result.order).url, "http://x").searchParams)!;
  const answer = mock.decide(checkout, decision);
  if (!("returnUrl" in answer) || !answer.returnUrl) throw new Error("no return");
  const fields = Object.fromEntries(new URL(answer.returnUrl, "http://x").searchParams);
  await service.handleReturn(fields);
  await service.handleReturn(fields); // a replayed return changes nothing
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, result.order.id));
  return order!.status;
}

async function checkStudent(studentId: number) {
  for (const purpose of ["tuition", "bus"] as const) {
    const lines = await ledgerOf(db, studentId, SESSION, purpose);
    const sum = (kind: string) => lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amountPaise, 0);
    expect(balanceOf(entries(lines))).toBe(sum("due") - sum("concession") + sum("late_fee") - sum("payment") + sum("refund"));
    // Nothing is ever paid twice: per head and month, what is paid net of refunds is 0 or exactly what was charged.
    const keys = new Set(lines.map((l) => `${l.month}|${l.head}`));
    for (const key of keys) {
      const mine = lines.filter((l) => `${l.month}|${l.head}` === key);
      const charged = mine.filter((l) => l.kind === "due" || l.kind === "late_fee").reduce((s, l) => s + l.amountPaise, 0) - mine.filter((l) => l.kind === "concession").reduce((s, l) => s + l.amountPaise, 0);
      const paidNet = mine.filter((l) => l.kind === "payment").reduce((s, l) => s + l.amountPaise, 0) - mine.filter((l) => l.kind === "refund").reduce((s, l) => s + l.amountPaise, 0);
      expect([0, charged], `${key} paid ${paidNet} of ${charged}`).toContain(paidNet);
    }
  }
  // Money received agrees three ways: ledger, payments not reversed, receipts not cancelled.
  const all = await db.select().from(feeLedger).where(eq(feeLedger.studentId, studentId));
  const ledgerNet = all.reduce((s, l) => s + (l.kind === "payment" ? l.amountPaise : l.kind === "refund" ? -l.amountPaise : 0), 0);
  const pays = await db.select().from(feePayments).where(eq(feePayments.studentId, studentId));
  const live = pays.filter((p) => !p.reversedAt);
  expect(live.reduce((s, p) => s + p.amountPaise, 0)).toBe(ledgerNet);
  const receiptIds = pays.map((p) => p.receiptId!).filter(Boolean);
  expect(receiptIds).toHaveLength(pays.length);
  const rs = receiptIds.length ? await db.select().from(receipts).where(inArray(receipts.id, receiptIds)) : [];
  expect(rs.filter((r) => r.status === "issued").reduce((s, r) => s + r.totalPaise, 0)).toBe(ledgerNet);
  expect(rs.filter((r) => r.status === "cancelled").length).toBe(pays.length - live.length);
}

describe("fees on the ledger", () => {
  it("balances equal the ledger's sum; money agrees with payments and receipts; nothing paid twice; out of order refused", async () => {
    await fc.assert(
      fc.asyncProperty(arbBook, fc.array(arbStudent, { minLength: 1, maxLength: 3 }), fc.array(arbOp, { minLength: 1, maxLength: 12 }), async (book, roll, ops) => {
        await saveBook(db, book, "property test");
        clock = new Date("2026-04-01T06:00:00Z");
        const ids: number[] = [];
        for (const s of roll) {
          const created = await db.transaction((tx) => createStudent(tx, { name: "Test Child", dateOfBirth: "2015-01-01", className: "Class 5", mobile: "9000000000", busStop: s.bus ? "R1" : null, concessions: s.concessions, joinedSession: s.joined ? SESSION : null }, 2090));
          ids.push(created.id);
        }
        for (const op of ops) {
          clock = new Date(clock.getTime() + op.days * 86_400_000);
          const today = isoOf(clock);
          if (op.op === "reverse") {
            const pays = await db.select().from(feePayments).where(inArray(feePayments.studentId, ids)).orderBy(feePayments.id);
            const target = pays[op.which % Math.max(1, pays.length)];
            if (target) {
              const first = await refundFeePayment(target.id, "Cheque returned", "test", db);
              expect(first).toBe(target.reversedAt ? "already_reversed" : "reversed");
            }
            continue;
          }
          const studentId = ids[op.who % ids.length]!;
          const student = (await studentById(db, studentId))!;
          const account = await accountOf(db, student, (await bookFor(db, SESSION))!, op.purpose, today);
          const unpaid = account.months.filter((m) => m.status !== "paid").map((m) => m.month);
          const before = (await db.select({ n: sql<number>`count(*)::int` }).from(feeLedger).where(eq(feeLedger.studentId, studentId)))[0]!.n;
          if (op.skip && unpaid.length >= 2) {
            // Out of order: the second unpaid month without the first.
            const chosen = [unpaid[1]!];
            if (op.op === "office") expect(await collectAtOffice({ studentId, session: SESSION, purpose: op.purpose, months: chosen, mode: "cash", today, by: "test", now: clock }, db)).toMatchObject({ kind: "refused" });
            else expect(await payOnline(studentId, op.purpose, chosen, today, "pay")).not.toBe("paid");
            const after = (await db.select({ n: sql<number>`count(*)::int` }).from(feeLedger).where(eq(feeLedger.studentId, studentId)))[0]!.n;
            expect(after).toBe(before);
            continue;
          }
          const chosen = unpaid.slice(0, op.count);
          const paidMonths = account.months.filter((m) => m.status === "paid").map((m) => m.month);
          if (paidMonths.length > 0) {
            // A month already paid cannot be charged again, alone or with others.
            expect(await collectAtOffice({ studentId, session: SESSION, purpose: op.purpose, months: [paidMonths[0]!, ...chosen], mode: "cash", today, by: "test", now: clock }, db)).toMatchObject({ kind: "refused" });
          }
          if (chosen.length === 0) continue;
          const expected = account.months.filter((m) => chosen.includes(m.month)).reduce((s, m) => s + m.payablePaise, 0);
          if (op.op === "office") {
            const result = await collectAtOffice({ studentId, session: SESSION, purpose: op.purpose, months: chosen, mode: "upi", bankReference: "UTR123", today, by: "test", now: clock }, db);
            expect(result.kind).toBe("recorded");
            if (result.kind === "recorded") expect(result.receipt.totalPaise).toBe(expected);
          } else {
            const status = await payOnline(studentId, op.purpose, chosen, today, op.pay as "pay" | "fail");
            expect(status).toBe(op.pay === "pay" ? "paid" : "failed");
          }
          const after = await accountOf(db, student, (await bookFor(db, SESSION))!, op.purpose, today);
          const nowPaid = (m: string) => after.months.find((x) => x.month === m)!.status === "paid";
          if (op.op === "office" || op.pay === "pay") expect(chosen.every(nowPaid)).toBe(true);
          else expect(chosen.some(nowPaid)).toBe(false);
        }
        for (const id of ids) await checkStudent(id);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);

  it("createStudent numbers admissions in order without gaps, and a rolled back admission gives its number back", async () => {
    const a = await db.transaction((tx) => createStudent(tx, { name: "First Child", dateOfBirth: "2019-05-01", className: "Nursery", mobile: "9000000001" }, 2091));
    await expect(
      db.transaction(async (tx) => {
        await createStudent(tx, { name: "Rolled Back", dateOfBirth: "2019-05-01", className: "Nursery", mobile: "9000000002" }, 2091);
        throw new Error("admission abandoned");
      }),
    ).rejects.toThrow("admission abandoned");
    const b = await db.transaction((tx) => createStudent(tx, { name: "Second Child", dateOfBirth: "2019-05-01", className: "LKG", mobile: "9000000003" }, 2091));
    expect([a.admissionNumber, b.admissionNumber]).toEqual(["2091/0001", "2091/0002"]);
    const [row] = await db.select().from(students).where(and(eq(students.id, b.id)));
    expect(row).toMatchObject({ name: "Second Child", className: "LKG" });
  });

  it("an open order is handed off again only for the very same lines, never for other months of the same amount", async () => {
    const key = `student:999999:${SESSION}`;
    const quote = (month: string) => async () => ({ description: month, lines: [{ label: `Tuition Fee — ${month}`, amountPaise: 1_000_00, ref: `${month}|Tuition Fee` }] });
    const a = await service.start({ purpose: "tuition", payableKey: key, quote: quote("2026-04") });
    const again = await service.start({ purpose: "tuition", payableKey: key, quote: quote("2026-04") });
    const other = await service.start({ purpose: "tuition", payableKey: key, quote: quote("2026-05") });
    if (a.kind !== "handoff" || again.kind !== "handoff" || other.kind !== "handoff") throw new Error("no hand-off");
    expect(again.order.id).toBe(a.order.id);
    expect(other.order.id).not.toBe(a.order.id);
    expect(other.order.lines[0]!.ref).toBe("2026-05|Tuition Fee");
  });

  it("the office waits while an online order may be paid; a later choice gets its own order", async () => {
    await saveBook(db, feeBookSchema.parse({ session: SESSION, dueDay: 10, structures: [{ classes: ["Class 5"], heads: [{ name: "Tuition Fee", kind: "tuition", period: "monthly", amountPaise: 1_000_00 }] }], bus: [], concessions: [], lateFee: { kind: "flat", amountPaise: 0, capPaise: 0 } }), "test");
    const { id } = await db.transaction((tx) => createStudent(tx, { name: "Open Order", dateOfBirth: "2015-01-01", className: "Class 5", mobile: "9000000000" }, 2092));
    clock = new Date("2026-04-02T06:00:00Z");
    const first = await service.start({ purpose: "tuition", payableKey: feePayableKey(id, SESSION), quote: feeQuote(id, SESSION, "tuition", ["2026-04"], "2026-04-02") });
    expect(first.kind).toBe("handoff");
    const office = { studentId: id, session: SESSION, purpose: "tuition" as const, months: ["2026-04"], mode: "cash" as const, today: "2026-04-02", by: "test" };
    expect(await collectAtOffice({ ...office, now: clock }, db)).toMatchObject({ kind: "refused" });
    clock = new Date(clock.getTime() + 25 * 60_000);
    expect(await collectAtOffice({ ...office, now: clock }, db)).toMatchObject({ kind: "recorded" });
    const second = await service.start({ purpose: "tuition", payableKey: feePayableKey(id, SESSION), quote: feeQuote(id, SESSION, "tuition", ["2026-05"], "2026-04-02") });
    expect(second.kind).toBe("handoff");
    if (second.kind === "handoff" && first.kind === "handoff") {
      expect(second.order.id).not.toBe(first.order.id);
      expect(second.order.lines.map((l) => l.ref)).toEqual(["2026-05|Tuition Fee"]);
    }
  });

  it("the ledger refuses edits and deletes", async () => {
    const [line] = await db.select().from(feeLedger).limit(1);
    await expect(db.update(feeLedger).set({ amountPaise: 1 }).where(eq(feeLedger.id, line!.id))).rejects.toThrow();
    await expect(db.delete(feeLedger).where(eq(feeLedger.id, line!.id))).rejects.toThrow();
  });

  it("every session month has a label", () => {
    expect(sessionMonths(SESSION)).toHaveLength(12);
    expect(LATE_FEE_HEAD).toBe("Late Fee");
  });
});
