/**
 * School fees on the ledger, on PGlite and on PostgreSQL (DATABASE_URL): for random
 * fee books, concessions, late-fee dates and sequences of online payments (through the payment
 * core and the test gateway), office payments, refunds and cancellations, every student's
 * balance equals dues − concessions + late fees − payments + refunds, the money received
 * agrees with the payments and the receipts not cancelled, nothing is ever paid twice and a
 * choice of months out of order is refused. FEES_PROPERTY_RUNS sets the number of runs (40).
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-fees-"));

const { getDatabase } = await import("~/db/client.server");
const { feeLedger, feePayments, students } = await import("~/db/schema/fees");
const { paymentAttempts, paymentOrders } = await import("~/db/schema/payments");
const { receipts } = await import("~/db/schema/receipts");
const { messages } = await import("~/db/schema/messages");
const { receiptPdf } = await import("~/core/receipts/pdf.server");
const { pdfText } = await import("../../../tests/support/pdf");
const { feeBookSchema } = await import("~/features/fees/book");
const { SCHOOL_CLASSES } = await import("#content/school");
const { accountOf, accountsOn, bookFor, creditOfStudent, ledgerOf, ledgersOf, saveBook, entries } = await import("~/features/fees/ledger.server");
const { addStandings, balanceOf, creditsOf, firstBilledMonth, LATE_FEE_HEAD, sessionMonths, standingOf } = await import("~/features/fees/schedule");
const { statementRows } = await import("./statement");
const { familyDuesOf } = await import("./family");
const { createStudent, listStudents, studentById } = await import("~/core/students/roll.server");
const { defaulters } = await import("~/features/fees/reports.server");
const { onAdmitted } = await import("~/features/admissions/roll.server");
const { MockGateway } = await import("~/core/payments/gateways/mock.server");
const { createPaymentService } = await import("~/core/payments/service.server");
const { applyStudentCredit, cancelReceiptWithLedger, collectAtOffice, refundFeePayment, refundStudentCredit } = await import("./office.server");
const { feePayableKey, feeQuote } = await import("./payment.server");
const { paymentPurposes } = await import("~/payment-purposes.server");
const { auditRows, byActor, testActor } = await import("~/core/audit/testing.server");

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;
const mock = new MockGateway("test-auth-secret-0123456789abcdef");
let clock = new Date("2026-04-01T06:00:00Z");
let service: ReturnType<typeof createPaymentService>;
const SESSION = "2026-27";
const RUNS = Number(process.env.FEES_PROPERTY_RUNS ?? 30);
const ACTOR = testActor();

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
      structures: [{ classes: [...SCHOOL_CLASSES], heads: b.heads.map((h) => ({ ...h, kind: h.name === "Tuition Fee" ? "tuition" : "fee" })) }],
      bus: [{ code: "R1", name: "Route 1", monthlyPaise: b.busPaise }],
      concessions: [
        { code: "PCT", name: "Percent", kind: "percent", percent: b.percent, heads: b.percentHeads },
        { code: "FIX", name: "Fixed", kind: "fixed", amountPaise: b.fixedPaise, heads: b.fixedHeads },
      ],
      lateFee: b.late,
    }),
  );

/** When a random student joined: on the roll from before, this April, mid-session (month index 1-11), or next session. */
const arbStudent = fc.record({
  concessions: fc.subarray(["PCT", "FIX"]),
  bus: fc.boolean(),
  join: fc.oneof({ weight: 3, arbitrary: fc.constant("before" as const) }, { weight: 2, arbitrary: fc.constant("april" as const) }, { weight: 1, arbitrary: fc.constant("next" as const) }, { weight: 2, arbitrary: fc.integer({ min: 1, max: 11 }) }),
});
/** Mostly a proper choice; now and then the second unpaid month without the first. */
const skipArb = fc.integer({ min: 0, max: 5 }).map((n) => n === 0);
const purposeArb = fc.constantFrom("tuition" as const, "bus" as const);
const arbOp = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant("online" as const), who: fc.nat(2), purpose: purposeArb, count: fc.integer({ min: 1, max: 3 }), skip: skipArb, days: fc.integer({ min: 0, max: 20 }), outcome: fc.constantFrom("pay", "fail", "abandon", "abandon") }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("handoff_again" as const), which: fc.nat(20) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("bank_pays_late" as const), which: fc.nat(20), days: fc.integer({ min: 0, max: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("office" as const), who: fc.nat(2), purpose: purposeArb, count: fc.integer({ min: 1, max: 3 }), skip: skipArb, days: fc.integer({ min: 0, max: 20 }) }) },
  // The office takes months whose online order the parent is still holding (the bank may pay it later).
  { weight: 2, arbitrary: fc.record({ op: fc.constant("office_over_open_order" as const), who: fc.nat(2), purpose: purposeArb, count: fc.integer({ min: 1, max: 2 }), days: fc.integer({ min: 0, max: 10 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("reverse" as const), which: fc.nat(20), days: fc.integer({ min: 0, max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("cancel_receipt" as const), which: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("credit" as const), who: fc.nat(2), purpose: purposeArb, action: fc.constantFrom("refund", "apply") }) },
);

const isoOf = (d: Date) => new Date(d.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

/** A hand-off the parent was given: the gateway page's signed link, payable later at the bank. */
type Handoff = { orderId: number; url: string; answered: boolean };

/** The bank (test gateway) answers one hand-off; the signed return comes back twice (a replay changes nothing). */
async function bankAnswers(handoff: Handoff, decision: "pay" | "fail") {
  handoff.answered = true;
  const checkout = mock.checkout(new URL(handoff.url, "http://x").searchParams)!;
  const answer = mock.decide(checkout, decision);
  if (!("returnUrl" in answer) || !answer.returnUrl) return;
  const fields = Object.fromEntries(new URL(answer.returnUrl, "http://x").searchParams);
  await service.handleReturn(fields);
  await service.handleReturn(fields);
}

/** Every hand-off of an open order, as /pay/{order} gives one (a reload or a second Pay asks again). */
async function handOff(publicId: string, orderId: number, handoffs: Handoff[]) {
  const found = await service.handoffFor(publicId);
  if (found?.handoff?.kind === "link") handoffs.push({ orderId, url: found.handoff.url, answered: false });
}

/** The office counter as the admin page drives it: see the total and any open order, then confirm. */
async function office(input: { studentId: number; purpose: "tuition" | "bus"; months: string[]; today: string }) {
  const base = { ...input, session: SESSION, mode: "upi" as const, bankReference: "UTR12345678", actor: ACTOR, now: clock };
  const first = await collectAtOffice(base, db);
  if (first.kind !== "confirm") return first;
  return collectAtOffice({ ...base, expectedTotalPaise: first.totalPaise, acknowledgedOrders: first.openOrder ? [first.openOrder.reference] : [] }, db);
}

const ledgerNetOf = (lines: { kind: string; amountPaise: number }[]) => lines.reduce((s, l) => s + (l.kind === "payment" ? l.amountPaise : l.kind === "refund" ? -l.amountPaise : 0), 0);

async function checkStudent(studentId: number) {
  const student = (await studentById(db, studentId))!;
  const first = firstBilledMonth(student);
  const orders = await db.select().from(paymentOrders).where(inArray(paymentOrders.payableKey, [feePayableKey(studentId, SESSION)]));
  for (const purpose of ["tuition", "bus"] as const) {
    const lines = await ledgerOf(db, studentId, SESSION, purpose);
    const sum = (kind: string) => lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amountPaise, 0);
    expect(balanceOf(entries(lines))).toBe(sum("due") - sum("concession") + sum("late_fee") - sum("payment") + sum("refund"));
    // No due before the joining month: nothing at all in this session for a child admitted for the next.
    for (const l of lines) expect(first === null || l.month >= first, `${l.kind} ${l.month} before ${first}`).toBe(true);
    // No head and month is paid twice without a visible credit: the excess is on the student's page
    // (creditOfStudent) and an online order of the student carries the credit flag (/admin/payments).
    const credits = await creditOfStudent(db, studentId, SESSION, purpose);
    expect(credits).toEqual(creditsOf(entries(lines)));
    // (An order keeps every flag's sentence; its flag column names the newest, e.g. paid_twice after a credit.)
    const flaggedCredit = (o: (typeof orders)[number]) => o.flag === "credit" || (o.flag !== null && (o.flagDetail ?? "").includes("is a credit"));
    if (credits.length > 0) expect(orders.some((o) => o.purpose === purpose && flaggedCredit(o)), `credit ${JSON.stringify(credits)} with no flagged order`).toBe(true);
    const keys = new Set(lines.map((l) => `${l.month}|${l.head}`));
    for (const key of keys) {
      const mine = lines.filter((l) => `${l.month}|${l.head}` === key);
      const charged = mine.filter((l) => l.kind === "due" || l.kind === "late_fee").reduce((s, l) => s + l.amountPaise, 0) - mine.filter((l) => l.kind === "concession").reduce((s, l) => s + l.amountPaise, 0);
      const paidNet = ledgerNetOf(mine);
      expect(paidNet, `${key} paid ${paidNet} of ${charged}`).toBeGreaterThanOrEqual(0);
      if (paidNet > charged) expect(credits.some((c) => `${c.month}|${c.head}` === key && c.excessPaise === paidNet - charged)).toBe(true);
    }
  }
  // A monthly payment is not "paid twice": a fee order is flagged only for a credit, or when the
  // bank took two of its attempts (a second tab paid too).
  for (const o of orders) {
    if (o.flag === null || o.flag === "credit") continue;
    const paidAttempts = await db.select().from(paymentAttempts).where(and(eq(paymentAttempts.orderId, o.id), isNotNull(paymentAttempts.paidAt)));
    expect(o.flag, `order ${o.reference}: ${o.flagDetail}`).toBe("paid_twice");
    expect(paidAttempts.length, `order ${o.reference} flagged paid twice`).toBeGreaterThan(1);
  }
  // Every receipt's state matches the ledger: issued for a payment not reversed, cancelled for a
  // reversed one; its total is the money received; the payment's ledger lines net to what was kept.
  const pays = await db.select().from(feePayments).where(eq(feePayments.studentId, studentId));
  const all = await db.select().from(feeLedger).where(eq(feeLedger.studentId, studentId));
  expect(pays.filter((p) => !p.reversedAt).reduce((s, p) => s + p.amountPaise - p.refundedPaise, 0)).toBe(ledgerNetOf(all));
  for (const p of pays) {
    expect(p.receiptId, `payment ${p.id} has a receipt`).not.toBeNull();
    const [r] = await db.select().from(receipts).where(eq(receipts.id, p.receiptId!));
    expect(r!.status).toBe(p.reversedAt ? "cancelled" : "issued");
    expect(r!.totalPaise).toBe(p.amountPaise);
    expect(ledgerNetOf(all.filter((l) => l.paymentId === p.id))).toBe(p.reversedAt ? 0 : p.amountPaise - p.refundedPaise);
    // Each receipt told the parent once (the roll's mobile), online or at the counter, however often the bank's word came.
    const told = await db.select({ kind: messages.kind, recipient: messages.recipient }).from(messages).where(sql`${messages.idempotencyKey} LIKE ${`%:receipt:${p.receiptId}:sms`}`);
    expect(told, `receipt ${p.receiptId} messages`).toHaveLength(1);
    expect(["payment_received", "payment_confirmed"]).toContain(told[0]!.kind);
    expect(told[0]!.recipient).toBe(student.mobile);
  }
  // Each paid order was recorded once, with one receipt.
  for (const o of orders.filter((x) => x.status === "paid")) {
    expect(pays.filter((p) => p.orderId === o.id)).toHaveLength(1);
    expect(await db.select().from(receipts).where(eq(receipts.orderId, o.id))).toHaveLength(1);
  }
}

/**
 * Every view of a balance at this moment, in a random order (each order of opening pages once
 * posted different dues): the student's page (accountOf), defaulters, the statement's rows, the
 * family's page and its reminder total all give the standing of accountsOn, and reading them
 * writes nothing to the ledger.
 */
async function checkViews(ids: readonly number[], today: string, order: number) {
  const ledgerRows = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(feeLedger).where(inArray(feeLedger.studentId, [...ids])))[0]!.n;
  const rowsBefore = await ledgerRows();
  const book = (await bookFor(db, SESSION))!;
  const readers = {
    page: async () => {
      const out = new Map<number, { overdue: number; owedNow: number; credit: number }>();
      for (const id of ids) {
        const student = (await studentById(db, id))!;
        let standing = { overduePaise: 0, owedNowPaise: 0, creditPaise: 0 };
        for (const purpose of ["tuition", "bus"] as const) {
          const account = await accountOf(db, student, book, purpose, today);
          standing = addStandings(standing, standingOf(account.months, entries(await ledgerOf(db, id, SESSION, purpose))));
        }
        out.set(id, { overdue: standing.overduePaise, owedNow: standing.owedNowPaise, credit: standing.creditPaise });
      }
      return out;
    },
    defaulters: async () => new Map((await defaulters(db, SESSION, today)).filter((d) => ids.includes(d.studentId)).map((d) => [d.studentId, d.balancePaise])),
    statement: async () => new Map((await accountsOn(db, SESSION, today, ids)).map((a) => [a.student.id, statementRows(a.ledger, { tuition: a.tuition, bus: a.bus }, today).at(-1)?.balancePaise ?? 0])),
    family: async () => {
      const roll = await Promise.all(ids.map(async (id) => (await studentById(db, id))!));
      const dues = familyDuesOf({ mobile: "9000000000", roll, book, ledgers: await ledgersOf(db, SESSION, ids), covered: new Set(), today, withinDays: 0 });
      return new Map((dues?.children ?? []).map((c) => [c.studentId, c.totalPaise]));
    },
  };
  const names = Object.keys(readers) as (keyof typeof readers)[];
  const shuffled = names.map((n, i) => ({ n, k: (order * 7919 + i * 104729) % 997 })).sort((a, b) => a.k - b.k).map((x) => x.n);
  const read: Partial<{ [K in keyof typeof readers]: Awaited<ReturnType<(typeof readers)[K]>> }> = {};
  for (const name of shuffled) Object.assign(read, { [name]: await readers[name]() });
  const truth = new Map((await accountsOn(db, SESSION, today, ids)).map((a) => [a.student.id, a.standing]));
  for (const id of ids) {
    const standing = truth.get(id)!;
    expect(read.page!.get(id), `student ${id} page on ${today}`).toEqual({ overdue: standing.overduePaise, owedNow: standing.owedNowPaise, credit: standing.creditPaise });
    expect(read.defaulters!.get(id) ?? 0, `student ${id} defaulters on ${today}`).toBe(standing.overduePaise);
    expect(read.statement!.get(id), `student ${id} statement on ${today}`).toBe(standing.owedNowPaise - standing.creditPaise);
    expect(read.family!.get(id) ?? 0, `student ${id} family page on ${today}`).toBe(standing.owedNowPaise);
  }
  expect(await ledgerRows()).toBe(rowsBefore);
}

/** What the random histories exercised (printed with FEES_PROPERTY_STATS=1), to see the property is not vacuous. */
const seen = { creditFlags: 0, creditsApplied: 0, creditsRefunded: 0, cancelled: 0, reversed: 0, latePayments: 0, officePayments: 0, onlinePaid: 0, nextSession: 0, midSession: 0 };

describe("fees on the ledger", () => {
  it("over random histories every student's ledger, credits, flags and receipts agree", async () => {
    await fc.assert(
      fc.asyncProperty(arbBook, fc.array(arbStudent, { minLength: 1, maxLength: 3 }), fc.array(arbOp, { minLength: 4, maxLength: 20 }), fc.array(fc.constantFrom("refund", "apply", "keep"), { minLength: 6, maxLength: 6 }), async (book, roll, ops, finale) => {
        await saveBook(db, book, ACTOR);
        clock = new Date("2026-04-01T06:00:00Z");
        const ids: number[] = [];
        for (const s of roll) {
          const joined = s.join === "before" ? { joinedSession: null, joinedMonth: null } : s.join === "april" ? { joinedSession: SESSION, joinedMonth: null } : s.join === "next" ? { joinedSession: "2027-28", joinedMonth: null } : { joinedSession: SESSION, joinedMonth: sessionMonths(SESSION)[s.join]! };
          const created = await db.transaction((tx) => createStudent(tx, { name: "Test Child", dateOfBirth: "2015-01-01", className: "Class 5", mobile: "9000000000", busStop: s.bus ? "R1" : null, concessions: s.concessions, ...joined }, 2090));
          ids.push(created.id);
        }
        const handoffs: Handoff[] = [];
        let step = 0;
        for (const op of ops) {
          if ("days" in op) clock = new Date(clock.getTime() + op.days * 86_400_000);
          const today = isoOf(clock);
          await checkViews(ids, today, step++);
          if (op.op === "reverse" || op.op === "cancel_receipt") {
            const pays = await db.select().from(feePayments).where(inArray(feePayments.studentId, ids)).orderBy(feePayments.id);
            const target = pays[op.which % Math.max(1, pays.length)];
            if (!target) continue;
            if (op.op === "reverse") expect(await refundFeePayment(target.id, "Cheque returned", ACTOR, db)).toBe(target.reversedAt ? "already_reversed" : "reversed");
            else expect((await cancelReceiptWithLedger(target.receiptId!, "Cheque bounced", ACTOR, db)).kind).toBe(target.reversedAt ? "already_cancelled" : "cancelled");
            if (!target.reversedAt) seen[op.op === "reverse" ? "reversed" : "cancelled"]++;
            continue;
          }
          if (op.op === "handoff_again" || op.op === "bank_pays_late") {
            if (op.op === "bank_pays_late") {
              const open = handoffs.filter((h) => !h.answered);
              if (open.length > 0) {
                await bankAnswers(open[op.which % open.length]!, "pay");
                seen.latePayments++;
              }
              continue;
            }
            const orders = handoffs.length ? await db.select().from(paymentOrders).where(inArray(paymentOrders.id, [...new Set(handoffs.map((h) => h.orderId))])) : [];
            const target = orders.filter((o) => o.status === "created" || o.status === "pending")[op.which % Math.max(1, orders.length)];
            if (target) await handOff(target.publicId, target.id, handoffs);
            continue;
          }
          const studentId = ids[op.who % ids.length]!;
          const student = (await studentById(db, studentId))!;
          if (op.op === "credit") {
            const result = op.action === "refund" ? await refundStudentCredit({ studentId, session: SESSION, purpose: op.purpose, reason: "Returned at the counter", actor: ACTOR }, db) : await applyStudentCredit({ studentId, session: SESSION, purpose: op.purpose, today, actor: ACTOR }, db);
            expect(["done", "no_credit", "nothing_to_apply"]).toContain(result.kind);
            if (result.kind === "done") seen[op.action === "refund" ? "creditsRefunded" : "creditsApplied"]++;
            if (result.kind === "done") expect(await creditOfStudent(db, studentId, SESSION, op.purpose)).toEqual(op.action === "refund" ? [] : expect.any(Array));
            continue;
          }
          const account = await accountOf(db, student, (await bookFor(db, SESSION))!, op.purpose, today);
          const unpaid = account.months.filter((m) => m.status !== "paid").map((m) => m.month);
          const before = (await db.select({ n: sql<number>`count(*)::int` }).from(feeLedger).where(eq(feeLedger.studentId, studentId)))[0]!.n;
          if ("skip" in op && op.skip && unpaid.length >= 2) {
            // Out of order: the second unpaid month without the first changes nothing.
            const chosen = [unpaid[1]!];
            if (op.op !== "online") expect(await office({ studentId, purpose: op.purpose, months: chosen, today })).toMatchObject({ kind: "refused" });
            else expect((await service.start({ purpose: op.purpose, payableKey: feePayableKey(studentId, SESSION), quote: feeQuote(studentId, SESSION, op.purpose, chosen, today) })).kind).not.toBe("handoff");
            const after = (await db.select({ n: sql<number>`count(*)::int` }).from(feeLedger).where(eq(feeLedger.studentId, studentId)))[0]!.n;
            expect(after).toBe(before);
            continue;
          }
          const chosen = unpaid.slice(0, op.count);
          if (chosen.length === 0) {
            if (account.months.length === 0) expect(await office({ studentId, purpose: op.purpose, months: [sessionMonths(SESSION)[0]!], today })).toMatchObject({ kind: "refused" });
            continue;
          }
          if (op.op === "office_over_open_order") {
            const started = await service.start({ purpose: op.purpose, payableKey: feePayableKey(studentId, SESSION), payer: { name: "Parent" }, quote: feeQuote(studentId, SESSION, op.purpose, chosen, today) });
            if (started.kind === "handoff") await handOff(started.order.publicId, started.order.id, handoffs);
            const result = await office({ studentId, purpose: op.purpose, months: chosen, today });
            expect(result.kind).toBe("recorded");
            seen.officePayments++;
            continue;
          }
          if (op.op === "office") {
            const expected = account.months.filter((m) => chosen.includes(m.month)).reduce((s, m) => s + m.payablePaise, 0);
            const result = await office({ studentId, purpose: op.purpose, months: chosen, today });
            expect(result.kind).toBe("recorded");
            if (result.kind === "recorded") expect(result.receipt.totalPaise).toBe(expected);
            seen.officePayments++;
          } else {
            const started = await service.start({ purpose: op.purpose, payableKey: feePayableKey(studentId, SESSION), payer: { name: "Parent" }, quote: feeQuote(studentId, SESSION, op.purpose, chosen, today) });
            if (started.kind !== "handoff") continue;
            await handOff(started.order.publicId, started.order.id, handoffs);
            if (op.outcome !== "abandon") await bankAnswers(handoffs.at(-1)!, op.outcome as "pay" | "fail");
            if (op.outcome === "pay") seen.onlinePaid++;
          }
        }
        // At the end the office settles some credits: refunded, applied to the next months, or kept.
        for (const [i, studentId] of ids.entries()) {
          for (const [j, purpose] of (["tuition", "bus"] as const).entries()) {
            const action = finale[i * 2 + j]!;
            if (action === "keep" || (await creditOfStudent(db, studentId, SESSION, purpose)).length === 0) continue;
            const result = action === "refund" ? await refundStudentCredit({ studentId, session: SESSION, purpose, reason: "Returned by bank transfer", actor: ACTOR }, db) : await applyStudentCredit({ studentId, session: SESSION, purpose, today: isoOf(clock), actor: ACTOR }, db);
            if (result.kind === "done") seen[action === "refund" ? "creditsRefunded" : "creditsApplied"]++;
            if (action === "refund") expect(await creditOfStudent(db, studentId, SESSION, purpose)).toEqual([]);
          }
        }
        for (const id of ids) await checkStudent(id);
        await checkViews(ids, isoOf(clock), step);
        const flagged = await db.select({ n: sql<number>`count(*)::int` }).from(paymentOrders).where(and(inArray(paymentOrders.payableKey, ids.map((i) => feePayableKey(i, SESSION))), eq(paymentOrders.flag, "credit")));
        seen.creditFlags += Number(flagged[0]!.n);
        seen.nextSession += roll.filter((r) => r.join === "next").length;
        seen.midSession += roll.filter((r) => typeof r.join === "number").length;
      }),
      { numRuns: RUNS },
    );
    if (process.env.FEES_PROPERTY_STATS) console.log("fees property:", JSON.stringify(seen));
  }, 900_000);

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

  it("the office sees an open online order before collecting, and its later payment at the bank becomes a flagged credit", async () => {
    await saveBook(db, feeBookSchema.parse({ session: SESSION, dueDay: 10, structures: [{ classes: ["Class 5"], heads: [{ name: "Tuition Fee", kind: "tuition", period: "monthly", amountPaise: 1_000_00 }] }], bus: [], concessions: [], lateFee: { kind: "flat", amountPaise: 0, capPaise: 0 } }), ACTOR);
    const { id } = await db.transaction((tx) => createStudent(tx, { name: "Open Order", dateOfBirth: "2015-01-01", className: "Class 5", mobile: "9000000000", email: "open-order@example.com" }, 2092));
    clock = new Date("2026-04-02T06:00:00Z");
    const first = await service.start({ purpose: "tuition", payableKey: feePayableKey(id, SESSION), quote: feeQuote(id, SESSION, "tuition", ["2026-04"], "2026-04-02") });
    expect(first.kind).toBe("handoff");
    const counter = { studentId: id, session: SESSION, purpose: "tuition" as const, months: ["2026-04"], mode: "cash" as const, today: "2026-04-02", actor: ACTOR };
    const audited = (await auditRows(db, "office_collection.create")).length;
    // Nothing is recorded (nor audited) before the office sees the total and the open order.
    const shown = await collectAtOffice({ ...counter, now: clock }, db);
    expect(shown).toMatchObject({ kind: "confirm", totalPaise: 1_000_00, openOrder: { status: "created" } });
    if (shown.kind !== "confirm" || first.kind !== "handoff") throw new Error("no confirmation");
    expect(shown.openOrder!.reference).toBe(first.order.reference);
    expect(await collectAtOffice({ ...counter, expectedTotalPaise: 1_000_00, now: clock }, db)).toMatchObject({ kind: "confirm", message: expect.stringMatching(/online payment open/) });
    expect(await collectAtOffice({ ...counter, expectedTotalPaise: 999_00, acknowledgedOrders: [first.order.reference], now: clock }, db)).toMatchObject({ kind: "confirm", message: expect.stringMatching(/total changed/) });
    expect((await db.select().from(feePayments).where(eq(feePayments.studentId, id))).length).toBe(0);
    expect(await auditRows(db, "office_collection.create")).toHaveLength(audited);
    clock = new Date(clock.getTime() + 25 * 60_000);
    expect(await collectAtOffice({ ...counter, expectedTotalPaise: 1_000_00, acknowledgedOrders: [first.order.reference], now: clock }, db)).toMatchObject({ kind: "recorded" });
    // The parent then completes the older online order at the bank: the money is recorded, as a credit, flagged.
    const handoff = await service.handoffFor(first.order.publicId);
    const url = handoff?.handoff?.kind === "link" ? handoff.handoff.url : mock.handoff(first.order).url;
    const answer = mock.decide(mock.checkout(new URL(url, "http://x").searchParams)!, "pay");
    if (!("returnUrl" in answer) || !answer.returnUrl) throw new Error("no return");
    await service.handleReturn(Object.fromEntries(new URL(answer.returnUrl, "http://x").searchParams));
    const [paid] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, first.order.id));
    expect(paid).toMatchObject({ status: "paid", flag: "credit" });
    expect(paid!.flagDetail).toMatch(/Tuition Fee, April 2026.*₹1,000/);
    expect(await creditOfStudent(db, id, SESSION, "tuition")).toEqual([{ month: "2026-04", head: "Tuition Fee", excessPaise: 1_000_00 }]);
    // The parent is told too: the receipt and its message say April was already paid and what becomes of the ₹1,000.
    const [late] = await db.select().from(receipts).where(eq(receipts.orderId, first.order.id));
    const told = "Already paid when this payment arrived: Tuition Fee, April 2026. ₹1,000 was paid twice: the school will refund it or carry it forward to the next months, and the office will contact you.";
    expect(late!.payment.note).toBe(told);
    expect((await pdfText(await receiptPdf(late!, "https://s.example"))).replace(/\s+/g, " ")).toContain(told);
    const [mail] = await db.select().from(messages).where(and(eq(messages.idempotencyKey, `payment_received:receipt:${late!.id}:email`)));
    expect(mail!.bodyText.replace(/\s+/g, " ")).toContain(told);
    const [counterReceipt] = await db.select().from(receipts).where(and(eq(receipts.series, late!.series), sql`${receipts.orderId} IS NULL`, sql`${receipts.student}->>'name' = 'Open Order'`));
    expect(counterReceipt!.payment.note ?? null).toBeNull();
    // Applied to the next month: May becomes paid, nothing is left as credit, the money is unchanged.
    expect(await applyStudentCredit({ studentId: id, session: SESSION, purpose: "tuition", today: "2026-04-02", actor: ACTOR }, db)).toMatchObject({ kind: "done", amountPaise: 1_000_00, months: ["May 2026"] });
    expect(await creditOfStudent(db, id, SESSION, "tuition")).toEqual([]);
    const student = (await studentById(db, id))!;
    expect(await auditRows(db, "credit.apply", student.admissionNumber)).toEqual([
      expect.objectContaining({ ...byActor(ACTOR), entity: "credit", before: { tuitionCreditPaise: 1_000_00, appliedTo: null }, after: { tuitionCreditPaise: 0, appliedTo: ["May 2026"] } }),
    ]);
    const may = (await accountOf(db, student, (await bookFor(db, SESSION))!, "tuition", "2026-04-02")).months.find((m) => m.month === "2026-05");
    expect(may?.status).toBe("paid");
    const second = await service.start({ purpose: "tuition", payableKey: feePayableKey(id, SESSION), quote: feeQuote(id, SESSION, "tuition", ["2026-06"], "2026-04-02") });
    expect(second.kind).toBe("handoff");
    if (second.kind === "handoff") expect(second.order.lines.map((l) => l.ref)).toEqual(["2026-06|Tuition Fee"]);
  });

  it("a child admitted for next session owes nothing this session: no months, not a defaulter; one admitted in November pays from November", async () => {
    await saveBook(db, feeBookSchema.parse({ session: SESSION, dueDay: 10, structures: [{ classes: ["Class 1"], heads: [{ name: "Tuition Fee", kind: "tuition", period: "monthly", amountPaise: 2_000_00 }, { name: "Admission Fee", kind: "fee", period: "one_time", amountPaise: 5_000_00 }] }], bus: [], concessions: [], lateFee: { kind: "flat", amountPaise: 100_00, capPaise: 100_00 } }), ACTOR);
    const application = (number: string, session: string) => ({ childName: `Joiner ${number}`, dateOfBirth: "2020-05-10", classApplied: "Class 1", mobile: "9000000077", email: null, number, sessionName: session, details: { fatherName: "Parent", motherName: null } }) as unknown as Parameters<typeof onAdmitted>[1];
    // Admitted on 26 Nov 2026 for 2027-28, and for the session under way.
    const at = new Date("2026-11-26T06:00:00Z");
    const noteNext = await db.transaction((tx) => onAdmitted(tx, application("KVA/ADM/2027-28/0901", "2027-28"), ACTOR, at));
    const noteNow = await db.transaction((tx) => onAdmitted(tx, application("KVA/ADM/2026-27/0902", SESSION), ACTOR, at));
    expect(noteNext.note).toMatch(/fees from April 2027\.$/);
    expect(noteNow.note).toMatch(/fees from November 2026\.$/);
    const next = (await db.select().from(students).where(eq(students.name, "Joiner KVA/ADM/2027-28/0901")))[0]!;
    const now = (await db.select().from(students).where(eq(students.name, "Joiner KVA/ADM/2026-27/0902")))[0]!;
    expect(next).toMatchObject({ joinedSession: "2027-28", joinedMonth: null });
    expect(now).toMatchObject({ joinedSession: SESSION, joinedMonth: "2026-11" });
    // Joining the roll is audited as done by whoever admitted the child.
    expect(await auditRows(db, "student.join", next.admissionNumber)).toEqual([
      expect.objectContaining({ ...byActor(ACTOR), entity: "student", before: null, after: { name: next.name, className: "Class 1", joinedSession: "2027-28", joinedMonth: null, application: "KVA/ADM/2027-28/0901" } }),
    ]);
    const book = (await bookFor(db, SESSION))!;
    expect((await accountOf(db, next, book, "tuition", "2026-11-26")).months).toEqual([]);
    const nowMonths = (await accountOf(db, now, book, "tuition", "2026-11-26")).months;
    expect(nowMonths.map((m) => m.month)).toEqual(["2026-11", "2026-12", "2027-01", "2027-02", "2027-03"]);
    expect(nowMonths[0]!.items.map((i) => i.head)).toEqual(["Tuition Fee", "Admission Fee"]);
    const list = await defaulters(db, SESSION, "2026-11-26");
    expect(list.find((d) => d.studentId === next.id)).toBeUndefined();
    expect(list.find((d) => d.studentId === now.id)?.months.map((m) => m.month)).toEqual(["2026-11"]);
    expect(await ledgerOf(db, next.id, SESSION, "tuition")).toEqual([]);
    expect(await collectAtOffice({ studentId: next.id, session: SESSION, purpose: "tuition", months: ["2026-04"], mode: "cash", today: "2026-11-26", actor: ACTOR }, db)).toMatchObject({ kind: "refused" });
  });

  it("each month of a family's fees paid online in turn is one payment, never flagged as paid twice", async () => {
    await saveBook(db, feeBookSchema.parse({ session: SESSION, dueDay: 10, structures: [{ classes: ["Class 5"], heads: [{ name: "Tuition Fee", kind: "tuition", period: "monthly", amountPaise: 1_500_00 }] }], bus: [], concessions: [], lateFee: { kind: "flat", amountPaise: 0, capPaise: 0 } }), ACTOR);
    const { id } = await db.transaction((tx) => createStudent(tx, { name: "Monthly Payer", dateOfBirth: "2015-01-01", className: "Class 5", mobile: "9000000000" }, 2093));
    clock = new Date("2026-04-02T06:00:00Z");
    const paidOrders = [];
    for (const month of sessionMonths(SESSION).slice(0, 4)) {
      const started = await service.start({ purpose: "tuition", payableKey: feePayableKey(id, SESSION), quote: feeQuote(id, SESSION, "tuition", [month], "2026-04-02") });
      if (started.kind !== "handoff") throw new Error(started.kind);
      await bankAnswers({ orderId: started.order.id, url: mock.handoff(started.order).url, answered: false }, "pay");
      paidOrders.push(started.order.id);
    }
    const orders = await db.select().from(paymentOrders).where(inArray(paymentOrders.id, paidOrders));
    expect(orders.map((o) => [o.status, o.flag])).toEqual(Array(4).fill(["paid", null]));
  });

  it("cancelling a fee receipt (a bounced cheque) reverses its payment: the months are owed again, in one transaction", async () => {
    await saveBook(db, feeBookSchema.parse({ session: SESSION, dueDay: 10, structures: [{ classes: ["Class 5"], heads: [{ name: "Tuition Fee", kind: "tuition", period: "monthly", amountPaise: 1_500_00 }] }], bus: [], concessions: [], lateFee: { kind: "flat", amountPaise: 0, capPaise: 0 } }), ACTOR);
    const { id } = await db.transaction((tx) => createStudent(tx, { name: "Bounced Cheque", dateOfBirth: "2015-01-01", className: "Class 5", mobile: "9000000000" }, 2094));
    const counter = { studentId: id, session: SESSION, purpose: "tuition" as const, months: ["2026-04"], mode: "cheque" as const, instrument: "No. 004512, State Bank of India, 2 Apr 2026", today: "2026-04-02", actor: ACTOR };
    const recorded = await collectAtOffice({ ...counter, expectedTotalPaise: 1_500_00 }, db);
    if (recorded.kind !== "recorded") throw new Error(recorded.kind);
    const student = (await studentById(db, id))!;
    // The collection is audited under the receipt's number: who, from where, what was taken, and
    // the account before → after (April no longer unpaid, nothing payable now).
    expect(await auditRows(db, "office_collection.create", recorded.receipt.number)).toEqual([
      expect.objectContaining({
        ...byActor(ACTOR),
        entity: "office_collection",
        before: { unpaidMonths: "April 2026 – March 2027 (12)", payableNowPaise: 1_500_00, student: null, purpose: null, session: null, months: null, mode: null, instrument: null, amountPaise: null },
        after: { unpaidMonths: "May 2026 – March 2027 (11)", payableNowPaise: 0, student: student.admissionNumber, purpose: "tuition", session: SESSION, months: ["April 2026"], mode: "cheque", instrument: counter.instrument, amountPaise: 1_500_00 },
      }),
    ]);
    const statusOfApril = async () => (await accountOf(db, student, (await bookFor(db, SESSION))!, "tuition", "2026-04-20")).months[0]!.status;
    expect(await statusOfApril()).toBe("paid");
    await expect(cancelReceiptWithLedger(recorded.receipt.id, "no", ACTOR, db)).rejects.toThrow(RangeError);
    expect(await cancelReceiptWithLedger(recorded.receipt.id, "Cheque bounced", ACTOR, db)).toMatchObject({ kind: "cancelled", reversedPayment: true });
    expect(await statusOfApril()).toBe("overdue");
    const [payment] = await db.select().from(feePayments).where(eq(feePayments.studentId, id));
    expect(payment).toMatchObject({ reversalReason: "Cheque bounced", reversedBy: ACTOR.email });
    expect(await cancelReceiptWithLedger(recorded.receipt.id, "Cheque bounced", ACTOR, db)).toMatchObject({ kind: "already_cancelled", reversedPayment: false });
    expect(balanceOf(entries(await ledgerOf(db, id, SESSION, "tuition")))).toBe(1_500_00);
    // One audit row, for the cancellation that happened (not for the refused reason nor the second try).
    expect(await auditRows(db, "receipt.cancel", recorded.receipt.number)).toEqual([
      expect.objectContaining({ ...byActor(ACTOR), entity: "receipt", before: { status: "issued", payment: "paid", reason: null }, after: { status: "cancelled", payment: "reversed", reason: "Cheque bounced" } }),
    ]);
  });

  it("a refund at the counter is audited in its transaction; a refund or a collection that rolls back leaves no audit row", async () => {
    await saveBook(db, feeBookSchema.parse({ session: SESSION, dueDay: 10, structures: [{ classes: ["Class 5"], heads: [{ name: "Tuition Fee", kind: "tuition", period: "monthly", amountPaise: 1_500_00 }] }], bus: [], concessions: [], lateFee: { kind: "flat", amountPaise: 0, capPaise: 0 } }), ACTOR);
    const { id } = await db.transaction((tx) => createStudent(tx, { name: "Counter Refund", dateOfBirth: "2015-01-01", className: "Class 5", mobile: "9000000000" }, 2096));
    const counter = { studentId: id, session: SESSION, purpose: "tuition" as const, mode: "cash" as const, today: "2026-04-02", actor: ACTOR, expectedTotalPaise: 1_500_00 };
    const april = await collectAtOffice({ ...counter, months: ["2026-04"] }, db);
    if (april.kind !== "recorded") throw new Error(april.kind);
    const [payment] = await db.select().from(feePayments).where(eq(feePayments.receiptId, april.receipt.id));
    const clerk = testActor("clerk@school.test");

    // Rolled back by the transaction around it: the payment, the receipt and the audit stay as they were.
    await expect(
      db.transaction(async (tx) => {
        expect(await refundFeePayment(payment!.id, "Paid twice by mistake", clerk, tx)).toBe("reversed");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await auditRows(db, "fee_payment.refund", april.receipt.number)).toEqual([]);
    expect((await db.select().from(receipts).where(eq(receipts.id, april.receipt.id)))[0]!.status).toBe("issued");

    expect(await refundFeePayment(payment!.id, "Paid twice by mistake", clerk, db)).toBe("reversed");
    expect(await refundFeePayment(payment!.id, "Paid twice by mistake", clerk, db)).toBe("already_reversed");
    expect(await auditRows(db, "fee_payment.refund", april.receipt.number)).toEqual([
      expect.objectContaining({ ...byActor(clerk), entity: "fee_payment", before: { status: "paid", receipt: "issued", reason: null }, after: { status: "reversed", receipt: "cancelled", reason: "Paid twice by mistake" } }),
    ]);

    // A collection rolled back with its transaction leaves no collection on the log either.
    const collections = (await db.select().from(feePayments)).length;
    const audited = (await auditRows(db, "office_collection.create")).length;
    await expect(
      db.transaction(async (tx) => {
        expect((await collectAtOffice({ ...counter, months: ["2026-04"] }, tx)).kind).toBe("recorded");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await db.select().from(feePayments)).length).toBe(collections);
    expect(await auditRows(db, "office_collection.create")).toHaveLength(audited);
  });

  it("a credit refunded at the counter is audited with the student's credit before and after", async () => {
    await saveBook(db, feeBookSchema.parse({ session: SESSION, dueDay: 10, structures: [{ classes: ["Class 5"], heads: [{ name: "Tuition Fee", kind: "tuition", period: "monthly", amountPaise: 1_200_00 }] }], bus: [], concessions: [], lateFee: { kind: "flat", amountPaise: 0, capPaise: 0 } }), ACTOR);
    const { id, admissionNumber } = await db.transaction((tx) => createStudent(tx, { name: "Credit Refund", dateOfBirth: "2015-01-01", className: "Class 5", mobile: "9000000000" }, 2097));
    clock = new Date("2026-04-03T06:00:00Z");
    // The parent holds an online order for April; the office takes April in cash; then the bank pays the order too: a credit.
    const online = await service.start({ purpose: "tuition", payableKey: feePayableKey(id, SESSION), quote: feeQuote(id, SESSION, "tuition", ["2026-04"], "2026-04-03") });
    if (online.kind !== "handoff") throw new Error(online.kind);
    const cash = await collectAtOffice({ studentId: id, session: SESSION, purpose: "tuition", months: ["2026-04"], mode: "cash", today: "2026-04-03", actor: ACTOR, expectedTotalPaise: 1_200_00, acknowledgedOrders: [online.order.reference], now: clock }, db);
    expect(cash.kind).toBe("recorded");
    await bankAnswers({ orderId: online.order.id, url: mock.handoff(online.order).url, answered: false }, "pay");
    expect(await creditOfStudent(db, id, SESSION, "tuition")).toEqual([{ month: "2026-04", head: "Tuition Fee", excessPaise: 1_200_00 }]);

    const principal = testActor("principal@school.test");
    expect(await refundStudentCredit({ studentId: id, session: SESSION, purpose: "tuition", reason: "Returned in cash", actor: principal }, db)).toMatchObject({ kind: "done", amountPaise: 1_200_00 });
    expect(await auditRows(db, "credit.refund", admissionNumber)).toEqual([
      expect.objectContaining({ ...byActor(principal), entity: "credit", before: { tuitionCreditPaise: 1_200_00, reason: null }, after: { tuitionCreditPaise: 0, reason: "Returned in cash" } }),
    ]);
    // Nothing left to refund: nothing done, nothing audited.
    expect(await refundStudentCredit({ studentId: id, session: SESSION, purpose: "tuition", reason: "Returned in cash", actor: principal }, db)).toEqual({ kind: "no_credit" });
    expect(await auditRows(db, "credit.refund", admissionNumber)).toHaveLength(1);
  });

  it("the roll is in class order: Nursery, LKG, UKG, Class 1 … Class 12, not Class 10 before Class 3", async () => {
    for (const className of ["Class 10", "Nursery", "Class 3", "UKG", "Class 12", "LKG"] as const) {
      await db.transaction((tx) => createStudent(tx, { name: `Sortcheck ${className}`, dateOfBirth: "2015-01-01", className, mobile: "9000000000" }, 2095));
    }
    const roll = (await listStudents(db, { q: "Sortcheck " })).map((s) => s.className);
    expect(roll).toEqual(["Nursery", "LKG", "UKG", "Class 3", "Class 10", "Class 12"]);
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
