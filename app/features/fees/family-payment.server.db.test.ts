/**
 * One payment for a family's fees, on PGlite and on PostgreSQL (DATABASE_URL): two siblings
 * sharing a mobile (written two ways), school and bus months, one order through the payment
 * core and the test gateway → every chosen month paid, one receipt per child and fee, a replay
 * of the paid word changes nothing; a single child's order and a family's order are never both
 * open for one fee (in turn and at once); a throw inside onPaid leaves nothing behind; reminders
 * skip what is paid or being paid.
 */
import { randomInt } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-family-"));

const { getDatabase } = await import("~/db/client.server");
const { feeLedger, feePayments, students } = await import("~/db/schema/fees");
const { paymentEvents, paymentOrders } = await import("~/db/schema/payments");
const { receiptCounters, receipts } = await import("~/db/schema/receipts");
const { MockGateway } = await import("~/core/payments/gateways/mock.server");
const { createPaymentService } = await import("~/core/payments/service.server");
const { orderReceiptLinks, receiptForOrderPublicId } = await import("~/core/receipts/issue.server");
const { paymentPurposes } = await import("~/payment-purposes.server");
const { saveBook } = await import("./ledger.server");
const { sampleFeeBook } = await import("./sample");
const { familyDues, familyReminders } = await import("./family.server");
const { FAMILY_REFUSALS, familyFeesPurpose, familyPayableKey, familyQuote } = await import("./family-payment.server");
const { feePayableKey, feeQuote } = await import("./payment.server");
const { familyPageData, familyPayStep } = await import("./family-page.server");
const { monthPick } = await import("./family");
const { familyPayToken } = await import("./family-link.server");

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
type Service = ReturnType<typeof createPaymentService>;
let db: Db;
const mock = new MockGateway("test-auth-secret-0123456789abcdef");
const clock = new Date("2026-05-20T06:00:00Z");
const TODAY = "2026-05-20";
const SESSION = "2026-27";
const serviceWith = (purposes = paymentPurposes): Service =>
  createPaymentService({ getDb: async () => db, setup: () => ({ active: "mock", gateways: { mock }, problems: [], settings: [] }), purposes, log: () => {}, now: () => clock });
let service: Service;

beforeAll(async () => {
  db = (await getDatabase()).db;
  service = serviceWith();
  await saveBook(db, sampleFeeBook(SESSION), ACTOR);
});

let n = 0;
/** This run's part of every mobile: on PostgreSQL the files share one database, and another file's student on the family's mobile would join the family. */
const RUN = String(randomInt(10_000)).padStart(4, "0");
/** Two siblings (the elder with a bus stop) on one mobile written two ways, and a stranger; returns their ids and the mobile. */
async function family() {
  n++;
  const mobile = `96${RUN}${String(n).padStart(4, "0")}`;
  const base = { dateOfBirth: "2016-01-01", section: "A", fatherName: "Suresh Mahato", motherName: null, email: `family${n}@example.com`, concessions: [], joinedSession: null, joinedMonth: null };
  const rows = await db
    .insert(students)
    .values([
      { ...base, admissionNumber: `FAM/${n}/1`, name: "Arjun Mahato", className: "Class 4", mobile: `+91 ${mobile.slice(0, 5)}-${mobile.slice(5)}`, busStop: "R1" },
      { ...base, admissionNumber: `FAM/${n}/2`, name: "Priya Mahato", className: "Class 1", mobile: `0${mobile}`, busStop: null, email: null },
      { ...base, admissionNumber: `FAM/${n}/3`, name: "Riya Kumari", className: "Class 5", mobile: `97${RUN}${String(n).padStart(4, "0")}`, busStop: null },
    ])
    .returning({ id: students.id });
  return { mobile, arjun: rows[0]!.id, priya: rows[1]!.id, stranger: rows[2]!.id };
}

const choicesOf = (f: Awaited<ReturnType<typeof family>>) => [
  { studentId: f.arjun, purpose: "tuition" as const, months: ["2026-04", "2026-05"] },
  { studentId: f.arjun, purpose: "bus" as const, months: ["2026-04"] },
  { studentId: f.priya, purpose: "tuition" as const, months: ["2026-04"] },
];

async function startFamily(s: Service, mobile: string, choices: ReturnType<typeof choicesOf>) {
  const q = familyQuote(mobile, SESSION, choices, TODAY);
  const result = await s.start({ purpose: "family_fees", payableKey: familyPayableKey(mobile, SESSION), quote: q.quote });
  return { result, refusal: q.refusal() };
}

/** The bank pays the order's hand-off; returns the signed return's fields. */
async function bankPays(publicId: string): Promise<Record<string, string>> {
  const found = await service.handoffFor(publicId);
  if (found?.handoff?.kind !== "link") throw new Error("no hand-off link");
  const answer = mock.decide(mock.checkout(new URL(found.handoff.url, "http://x").searchParams)!, "pay");
  if (!("returnUrl" in answer) || !answer.returnUrl) throw new Error("no return");
  return Object.fromEntries(new URL(answer.returnUrl, "http://x").searchParams);
}

const countOf = async (q: Promise<{ n: number }[]>) => Number((await q)[0]!.n);

describe("a family's order", () => {
  it("pays both children's school and bus months in one payment: one receipt per child and fee, a replay changes nothing", async () => {
    const f = await family();
    const before = await familyDues(db, f.mobile, TODAY);
    expect(before!.children.map((c) => c.name)).toEqual(["A**** M*****", "P**** M*****"]);
    const { result } = await startFamily(service, f.mobile, choicesOf(f));
    if (result.kind !== "handoff") throw new Error(`expected a hand-off, got ${result.kind}`);
    const order = result.order;
    expect(order.purpose).toBe("family_fees");
    // Re-priced from the ledger: April is overdue (its late fee), May 5 days late too.
    const expected = before!.children[0]!.fees[0]!.months.reduce((s, m) => s + m.totalPaise, 0) + before!.children[0]!.fees[1]!.months[0]!.totalPaise + before!.children[1]!.fees[0]!.months[0]!.totalPaise;
    expect(order.amountPaise).toBe(expected);

    const fields = await bankPays(order.publicId);
    expect((await service.handleReturn(fields))?.location).toBe(`/payment-success?order=${order.publicId}`);
    await service.handleReturn(fields);
    const [paid] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(paid).toMatchObject({ status: "paid", flag: null });

    const issued = await db.select().from(receipts).where(eq(receipts.orderId, order.id)).orderBy(receipts.id);
    expect(issued.map((r) => [r.student.name, r.purpose, r.orderPart])).toEqual([
      ["Arjun Mahato", "School fee", `${f.arjun}:tuition`],
      ["Arjun Mahato", "Bus fee", `${f.arjun}:bus`],
      ["Priya Mahato", "School fee", `${f.priya}:tuition`],
    ]);
    expect(issued.reduce((s, r) => s + r.totalPaise, 0)).toBe(order.amountPaise);
    // Each receipt lists its own child's lines only; tuition on its own line (s.80C).
    expect(issued[0]!.lines.filter((l) => l.kind === "tuition").map((l) => l.period)).toEqual(["April 2026", "May 2026"]);
    expect(issued[2]!.lines.some((l) => l.head === "Bus Fee")).toBe(false);
    const payments = await db.select().from(feePayments).where(eq(feePayments.orderId, order.id)).orderBy(feePayments.id);
    expect(payments.map((p) => [p.studentId, p.purpose, p.receiptId])).toEqual([[f.arjun, "tuition", issued[0]!.id], [f.arjun, "bus", issued[1]!.id], [f.priya, "tuition", issued[2]!.id]]);

    const after = await familyDues(db, f.mobile, TODAY);
    expect(after!.children[0]!.fees.flatMap((fee) => fee.months.map((m) => `${fee.purpose} ${m.month}`))).toEqual(["bus 2026-05"]);
    expect(after!.children[1]!.fees.flatMap((fee) => fee.months.map((m) => m.month))).toEqual(["2026-05"]);

    // The success page and the administrator's order page link every receipt.
    const links = await orderReceiptLinks(db, paid!);
    expect(links.map((l) => l.label)).toEqual(["Download receipt: Arjun Mahato, School fee", "Download receipt: Arjun Mahato, Bus fee", "Download receipt: Priya Mahato, School fee"]);
    expect(links.map((l) => l.href)).toEqual([`/receipts/order/${order.publicId}`, `/receipts/order/${order.publicId}/2`, `/receipts/order/${order.publicId}/3`]);
    expect((await receiptForOrderPublicId(db, order.publicId, 3))?.id).toBe(issued[2]!.id);
    expect(await receiptForOrderPublicId(db, order.publicId, 4)).toBeNull();

    // The paid word again, straight into the paying transaction and through a status check: nothing new.
    await service.handleReturn(fields);
    await service.checkOrder(order.reference, ACTOR);
    expect(await countOf(db.select({ n: sql<number>`count(*)::int` }).from(receipts).where(eq(receipts.orderId, order.id)))).toBe(3);
    expect(await countOf(db.select({ n: sql<number>`count(*)::int` }).from(feePayments).where(eq(feePayments.orderId, order.id)))).toBe(3);
    // Calling the handler again (as a broken core would) cannot pay twice: the database refuses.
    await expect(db.transaction((tx) => familyFeesPurpose.onPaid!(tx, paid!, { confirmedLater: false }))).rejects.toThrow();
    expect(await countOf(db.select({ n: sql<number>`count(*)::int` }).from(feePayments).where(eq(feePayments.orderId, order.id)))).toBe(3);
  });

  it("refuses while a child's own order is open, and a child's order is refused while the family's is open", async () => {
    const f = await family();
    const single = await service.start({ purpose: "tuition", payableKey: feePayableKey(f.arjun, SESSION), quote: feeQuote(f.arjun, SESSION, "tuition", ["2026-04"], TODAY) });
    expect(single.kind).toBe("handoff");
    const refused = await startFamily(service, f.mobile, choicesOf(f));
    expect(refused.result.kind).toBe("nothing_due");
    expect(refused.refusal).toBe(FAMILY_REFUSALS.singleOpen("A**** M*****"));
    // Without Arjun's school fee the family may pay the rest.
    const rest = await startFamily(service, f.mobile, choicesOf(f).slice(1));
    expect(rest.result.kind).toBe("handoff");
    // Now Arjun's bus fee is in the family's open order: his own bus order is refused.
    const bus = await service.start({ purpose: "bus", payableKey: feePayableKey(f.arjun, SESSION), quote: feeQuote(f.arjun, SESSION, "bus", ["2026-04"], TODAY) });
    expect(bus.kind).toBe("nothing_due");
    expect(await db.select().from(paymentOrders).where(eq(paymentOrders.payableKey, feePayableKey(f.arjun, SESSION)))).toHaveLength(1);
    // The page leaves the months being paid out, and marks the fees in progress.
    const dues = await familyDues(db, f.mobile, TODAY);
    expect(dues!.children[0]!.fees.map((fee) => [fee.purpose, fee.inProgress, fee.months.map((m) => m.month)])).toEqual([["tuition", true, ["2026-05"]], ["bus", true, ["2026-05"]]]);
  });

  it("at once: a family's order and a child's order for the same month, one of them is created", async () => {
    const f = await family();
    const other = serviceWith();
    const [fam, single] = await Promise.all([
      startFamily(service, f.mobile, choicesOf(f)),
      other.start({ purpose: "tuition", payableKey: feePayableKey(f.arjun, SESSION), quote: feeQuote(f.arjun, SESSION, "tuition", ["2026-04"], TODAY) }),
    ]);
    expect([fam.result.kind, single.kind].filter((k) => k === "handoff")).toHaveLength(1);
    const open = await db.select().from(paymentOrders).where(and(inArray(paymentOrders.payableKey, [familyPayableKey(f.mobile, SESSION), feePayableKey(f.arjun, SESSION)]), inArray(paymentOrders.status, ["created", "pending"])));
    expect(open).toHaveLength(1);
  });

  it("refuses students who are not of the family, and months out of order", async () => {
    const f = await family();
    const stranger = await startFamily(service, f.mobile, [{ studentId: f.stranger, purpose: "tuition", months: ["2026-04"] }]);
    expect(stranger.refusal).toBe(FAMILY_REFUSALS.notFamily);
    const gap = await startFamily(service, f.mobile, [{ studentId: f.priya, purpose: "tuition", months: ["2026-05"] }]);
    expect(gap.refusal).toMatch(/^P\*\*\*\* M\*\*\*\*\*: Pay the oldest unpaid month first/);
    expect(await db.select().from(paymentOrders).where(eq(paymentOrders.payableKey, familyPayableKey(f.mobile, SESSION)))).toHaveLength(0);
  });

  it("the family's page pays the months ticked for each child, not every fee: a gap or a stale total is sent back with the ticks kept", async () => {
    const f = await family();
    // The link is read at the real time (the post's), the dues on the test's day.
    const token = familyPayToken(f.mobile, new Date(Date.now() + 86_400_000));
    const page = await familyPageData(db, token, TODAY);
    if (page.kind !== "dues") throw new Error("no dues");
    // Every owed month ticked at first, one box each.
    expect(page.chosen).toEqual([`${f.arjun}:tuition:2026-04`, `${f.arjun}:tuition:2026-05`, `${f.arjun}:bus:2026-04`, `${f.arjun}:bus:2026-05`, `${f.priya}:tuition:2026-04`, `${f.priya}:tuition:2026-05`]);
    const post = (months: string[], extra: Record<string, string> = {}) => {
      const form = new FormData();
      for (const m of months) form.append("month", m);
      for (const [k, v] of Object.entries(extra)) form.set(k, v);
      return familyPayStep(db, token, form, TODAY);
    };
    const priceOf = (k: string) => page.children.flatMap((c) => c.fees.flatMap((fee) => fee.months.map((m) => [monthPick(c.studentId, fee.purpose, m.month), m.totalPaise] as const))).find(([p]) => p === k)![1];

    // May without April: the oldest first, as on /fees; the ticks come back as they were.
    const gap = await post([monthPick(f.arjun, "tuition", "2026-05"), monthPick(f.priya, "tuition", "2026-04")], { intent: "pay", seenTotal: "1" });
    if (gap.kind !== "show" || gap.data.kind !== "dues") throw new Error("expected the page again");
    expect(gap.data.message).toBe("A**** M*****: Pay the oldest unpaid month first: choose months in order, without leaving a gap.");
    expect(gap.data.chosen).toEqual([monthPick(f.arjun, "tuition", "2026-05"), monthPick(f.priya, "tuition", "2026-04")]);

    // April of Arjun's school fee and Priya's: "See the total" prices just those.
    const chosen = [monthPick(f.arjun, "tuition", "2026-04"), monthPick(f.priya, "tuition", "2026-04")];
    const total = await post(chosen, { intent: "total" });
    if (total.kind !== "show" || total.data.kind !== "dues") throw new Error("expected the total");
    expect(total.data.totalPaise).toBe(priceOf(chosen[0]!) + priceOf(chosen[1]!));
    const stale = await post(chosen, { intent: "pay", seenTotal: String(total.data.totalPaise + 100) });
    expect(stale.kind === "show" && stale.data.kind === "dues" && stale.data.message).toBe("The total changed with your choice: check it and pay again.");

    const step = await post(chosen, { intent: "pay", seenTotal: String(total.data.totalPaise) });
    if (step.kind !== "pay") throw new Error("expected a payment");
    const result = await service.start(step.start);
    if (result.kind !== "handoff") throw new Error(`expected a hand-off, got ${result.kind}`);
    expect(result.order.amountPaise).toBe(total.data.totalPaise);
    // The parent's pages and the gateway see the masked names, as the family's page does.
    expect(result.order.description).toBe("Family fees: A**** M*****, P**** M*****");
    expect(result.order.lines.map((l) => l.label.split(" — ")[0])).toEqual(expect.arrayContaining(["A**** M*****: Tuition Fee", "P**** M*****: Tuition Fee"]));
    await service.handleReturn(await bankPays(result.order.publicId));
    const after = await familyDues(db, f.mobile, TODAY);
    expect(after!.children[0]!.fees.flatMap((fee) => fee.months.map((m) => `${fee.purpose} ${m.month}`))).toEqual(["tuition 2026-05", "bus 2026-04", "bus 2026-05"]);
    expect(after!.children[1]!.fees.flatMap((fee) => fee.months.map((m) => m.month))).toEqual(["2026-05"]);
  });

  it("a throw inside onPaid rolls everything back: the order stays unpaid, no ledger line, payment, receipt or number; the next word pays it", async () => {
    const f = await family();
    const { result } = await startFamily(service, f.mobile, choicesOf(f));
    if (result.kind !== "handoff") throw new Error(result.kind);
    const crashing = serviceWith({
      ...paymentPurposes,
      family_fees: {
        ...familyFeesPurpose,
        onPaid: async (tx, order, how) => {
          await familyFeesPurpose.onPaid!(tx, order, how);
          throw new Error("the server died after the receipts");
        },
      },
    });
    const counters = async () => db.select().from(receiptCounters).orderBy(receiptCounters.series);
    const numbersBefore = await counters();
    const fields = await bankPays(result.order.publicId);
    await expect(crashing.handleReturn(fields)).rejects.toThrow("the server died after the receipts");
    expect((await db.select().from(paymentOrders).where(eq(paymentOrders.id, result.order.id)))[0]!.status).toBe("created");
    expect(await db.select().from(receipts).where(eq(receipts.orderId, result.order.id))).toHaveLength(0);
    expect(await db.select().from(feePayments).where(eq(feePayments.orderId, result.order.id))).toHaveLength(0);
    expect(await db.select().from(feeLedger).where(and(inArray(feeLedger.studentId, [f.arjun, f.priya]), eq(feeLedger.kind, "payment")))).toHaveLength(0);
    expect(await db.select().from(paymentEvents).where(and(eq(paymentEvents.orderId, result.order.id), eq(paymentEvents.kind, "return")))).toHaveLength(0);
    expect(await counters()).toEqual(numbersBefore);
    // The same word again (the gateway retries; reconciliation asks): paid, receipts issued once.
    await service.handleReturn(fields);
    expect((await db.select().from(paymentOrders).where(eq(paymentOrders.id, result.order.id)))[0]!.status).toBe("paid");
    expect(await db.select().from(receipts).where(eq(receipts.orderId, result.order.id))).toHaveLength(3);
  });

  it("keeps the credit flag when a month was paid meanwhile by the child's own order", async () => {
    const f = await family();
    const fam = await startFamily(service, f.mobile, [{ studentId: f.priya, purpose: "tuition", months: ["2026-04"] }]);
    if (fam.result.kind !== "handoff") throw new Error(fam.result.kind);
    const familyReturn = await bankPays(fam.result.order.publicId);
    // The family's order lapses unpaid; Priya's April is then paid on /fees ...
    await db.update(paymentOrders).set({ status: "expired" }).where(eq(paymentOrders.id, fam.result.order.id));
    const single = await service.start({ purpose: "tuition", payableKey: feePayableKey(f.priya, SESSION), quote: feeQuote(f.priya, SESSION, "tuition", ["2026-04"], TODAY) });
    if (single.kind !== "handoff") throw new Error(single.kind);
    await service.handleReturn(await bankPays(single.order.publicId));
    // ... and the bank pays the family's lapsed order late: the money is recorded, as a credit.
    await service.handleReturn(familyReturn);
    const [late] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, fam.result.order.id));
    expect(late).toMatchObject({ status: "paid", flag: "credit" });
    expect(late!.flagDetail).toMatch(/^Paid Priya Mahato: Tuition Fee, April 2026.* again: ₹[\d,]+ is a credit on each student's fees page/);
  });
});

describe("familyReminders", () => {
  it("reminds each family once, with its dues, skipping months paid or being paid", async () => {
    const f = await family();
    const overdue = await familyReminders(db, "2026-05-16", { daysBefore: [7, 2] });
    const mine = overdue.find((r) => r.mobile === f.mobile)!;
    expect(mine).toMatchObject({ email: `family${n}@example.com`, reminder: { kind: "overdue", daysOverdue: 1, step: 1, steps: 3 } });
    expect(mine.dues.children).toHaveLength(2);
    expect(overdue.filter((r) => r.mobile === f.mobile)).toHaveLength(1);
    expect(mine.dues.lateFeeRule).toMatch(/late fee/);
    // Everything owed paid, or in an open order: no reminder for this family.
    const { result } = await startFamily(service, f.mobile, [
      { studentId: f.arjun, purpose: "tuition", months: ["2026-04", "2026-05"] },
      { studentId: f.arjun, purpose: "bus", months: ["2026-04", "2026-05"] },
      { studentId: f.priya, purpose: "tuition", months: ["2026-04", "2026-05"] },
    ]);
    if (result.kind !== "handoff") throw new Error(result.kind);
    expect((await familyReminders(db, "2026-05-16", { daysBefore: [7, 2] })).find((r) => r.mobile === f.mobile)).toBeUndefined();
    await service.handleReturn(await bankPays(result.order.publicId));
    expect((await familyReminders(db, "2026-05-16", { daysBefore: [7, 2] })).find((r) => r.mobile === f.mobile)).toBeUndefined();
    // June falls due on the 15th: 7 days before, the family is reminded of June only.
    const june = (await familyReminders(db, "2026-06-08", { daysBefore: [7, 2] })).find((r) => r.mobile === f.mobile)!;
    expect(june.reminder).toEqual({ kind: "before", daysLeft: 7 });
    expect(june.dues.children.flatMap((c) => c.fees.flatMap((fee) => fee.months.map((m) => m.month)))).toEqual(["2026-06", "2026-06", "2026-06"]);
    await expect(familyReminders(db, "2026-06-08", { daysBefore: [40] })).rejects.toThrow();
  });
});

const { enqueueFeeReminders } = await import("./reminders.server");
const { messages } = await import("~/db/schema/messages");
const { readFamilyPayToken } = await import("./family-link.server");
const ACTOR = (await import("~/core/audit/testing.server")).testActor();

describe("enqueueFeeReminders", () => {
  // 2026-05-16 09:30 IST: the office's default hour (9) has come; May fell due on the 15th.
  const morning = new Date("2026-05-16T04:00:00Z");

  it("reminds a family once a day, both channels, with masked names and a link that opens its dues; not before the hour", async () => {
    const f = await family();
    const mine = async () => (await db.select().from(messages).where(and(eq(messages.kind, "fee_reminder"), eq(messages.related, `family:${f.mobile}`)))).sort((a, b) => a.channel.localeCompare(b.channel));
    expect(await enqueueFeeReminders(db, new Date("2026-05-16T02:00:00Z"))).toBe(0);
    expect(await mine()).toHaveLength(0);
    expect(await enqueueFeeReminders(db, morning)).toBeGreaterThanOrEqual(1);
    await enqueueFeeReminders(db, new Date(morning.getTime() + 3_600_000));
    const [email, sms] = await mine();
    expect([email?.channel, sms?.channel]).toEqual(["email", "sms"]);
    expect(email!.bodyText).toContain("A**** M*****");
    expect(email!.bodyText).not.toContain("Arjun");
    expect(email!.subject).toMatch(/^Fees overdue: ₹/);
    const token = /\/fees\/family\/([^\s"<]+)/.exec(email!.bodyText)![1]!;
    expect(readFamilyPayToken(token, undefined, morning)).toBe(f.mobile);
    expect(sms!.bodyText).toContain("/fees/family/");
  });
});
