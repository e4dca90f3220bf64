/**
 * Every event enqueues its messages in its own transaction, on PGlite and on PostgreSQL
 * (scripts/ci/with-postgres.sh): an enquiry, an application paid and moved along, a fee paid
 * online (received, or confirmed later after a pending return) and at the office, the office's
 * payment flags (a credit, bad signatures at most once an hour) and the daily summary (right
 * counts for a seeded day, once a day however often the job runs) and the office's "Send fee
 * reminders now" (at any hour, once a family a day). A rolled-back event stores no message; a
 * replayed payment word stores no second one.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-events-"));

const { and, eq, inArray, like, sql } = await import("drizzle-orm");
const { getDatabase } = await import("~/db/client.server");
const { messages } = await import("~/db/schema/messages");
const { enquiries } = await import("~/db/schema/enquiries");
const { paymentOrders } = await import("~/db/schema/payments");
const { receipts } = await import("~/db/schema/receipts");
const { applicationStatusHistory } = await import("~/db/schema/admissions");
const { saveMessageSettings } = await import("~/core/messages/settings.server");
const { DEFAULT_MESSAGE_SETTINGS } = await import("~/core/messages/settings");
const { enqueue } = await import("~/core/messages/outbox.server");
const { MockGateway } = await import("~/core/payments/gateways/mock.server");
const { createPaymentService } = await import("~/core/payments/service.server");
const { istHourKey } = await import("~/lib/dates");
const { issueReceipt, cancelReceipt, receiptForOrder } = await import("~/core/receipts/issue.server");
const { collectionsOn } = await import("~/core/receipts/admin.server");
const { createStudent, studentById } = await import("~/core/students/roll.server");
const { createEnquiry } = await import("~/features/enquiries/enquiries.server");
const { feeBookSchema } = await import("~/features/fees/book");
const { accountOf, bookFor, quoteMonths, recordPayment, saveBook } = await import("~/features/fees/ledger.server");
const { collectAtOffice } = await import("~/features/fees/office.server");
const { feePayableKey, feePurpose, feeQuote } = await import("~/features/fees/payment.server");
const { createApplication, markApplicationPaid, moveApplication } = await import("~/features/admissions/applications.server");
const { applicationFeeStart } = await import("~/features/admissions/payment.server");
const { saveSessionSettings } = await import("~/features/admissions/sessions.server");
const { paymentPurposes } = await import("~/payment-purposes.server");
const { providersOf, runDailyMessages, sendFeeRemindersNow } = await import("./messages.server");
const { enqueueFeeReminders } = await import("~/features/fees/reminders.server");
const { getConfig } = await import("~/lib/config.server");
const { addDays, istDateTime } = await import("~/lib/dates");
const { auditRows, testActor } = await import("~/core/audit/testing.server");
const ACTOR = testActor();

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
type Service = ReturnType<typeof createPaymentService>;
let db: Db;
const mock = new MockGateway("test-auth-secret-0123456789abcdef");
let clock: Date | null = null;
const serviceWith = (purposes = paymentPurposes): Service =>
  createPaymentService({ getDb: async () => db, setup: () => ({ active: "mock", gateways: { mock }, problems: [], settings: [] }), purposes, log: () => {}, now: () => clock ?? new Date() });
let service: Service;
const run = Date.now().toString(36);
let n = 0;
const SESSION = "2026-27";

/** Messages whose idempotency key contains `part`, oldest first. */
async function messagesKeyed(part: string) {
  return db.select().from(messages).where(like(messages.idempotencyKey, `%${part}%`)).orderBy(messages.id);
}
async function messagesTo(recipients: string[]) {
  return db.select().from(messages).where(inArray(messages.recipient, recipients)).orderBy(messages.id);
}

/** A student with her own e-mail and mobile on the roll, and a fee book of ₹1,000 a month. */
async function student() {
  const email = `parent-${run}-${++n}@example.com`;
  const mobile = `9${String(Date.now() + n).slice(-9)}`;
  const { id } = await db.transaction((tx) => createStudent(tx, { name: `Riya Events ${n}`, dateOfBirth: "2015-01-01", className: "Class 5", mobile, email }, 2088));
  return { id, email, mobile };
}

/** Starts a tuition order for `months` of the student; answers the test gateway with `decision`; returns the order and the return's fields. */
async function pay(studentId: number, months: string[], decision: "pay" | "pending", svc = service) {
  const started = await svc.start({ purpose: "tuition", payableKey: feePayableKey(studentId, SESSION), quote: feeQuote(studentId, SESSION, "tuition", months, "2026-04-02") });
  if (started.kind !== "handoff") throw new Error(started.kind);
  const checkout = mock.checkout(new URL(mock.handoff(started.order).url, "http://x").searchParams)!;
  const answer = mock.decide(checkout, decision);
  if (!("returnUrl" in answer) || !answer.returnUrl) throw new Error("no return");
  return { order: started.order, checkout, fields: Object.fromEntries(new URL(answer.returnUrl, "http://x").searchParams) };
}

beforeAll(async () => {
  db = (await getDatabase()).db;
  await saveMessageSettings(db, DEFAULT_MESSAGE_SETTINGS, ACTOR);
  service = serviceWith();
  await saveBook(
    db,
    feeBookSchema.parse({ session: SESSION, dueDay: 10, structures: [{ classes: ["Class 5"], heads: [{ name: "Tuition Fee", kind: "tuition", period: "monthly", amountPaise: 1_000_00 }] }], bus: [], concessions: [], lateFee: { kind: "flat", amountPaise: 0, capPaise: 0 } }),
    ACTOR,
  );
});
afterAll(async () => {
  await (await getDatabase()).close();
});

describe("an enquiry", () => {
  it("stores enquiry_new for the office and an acknowledgement for a parent who gave an e-mail, in its transaction", async () => {
    const email = `enquirer-${run}@example.com`;
    const id = await createEnquiry(db, { name: `Anita ${run}`, phone: "9876543210", class: "Class 1", email });
    const rows = await messagesKeyed(`:enquiry:${id}:`);
    expect(rows.map((r) => [r.kind, r.channel, r.recipient, r.audience])).toEqual([
      ["enquiry_new", "email", getConfig().mail.officeEmail, "office"],
      ["enquiry_acknowledgement", "email", email, "parent"],
    ]);
    expect(rows[0]!.bodyText).toContain(`Anita ${run}`);
    expect(rows[0]!.bodyText).toContain("9876543210");
    expect(rows[1]!.bodyText).toContain("Class 1");

    const silent = await createEnquiry(db, { name: `No mail ${run}`, phone: "9876543211", class: "LKG" });
    expect((await messagesKeyed(`:enquiry:${silent}:`)).map((r) => r.kind)).toEqual(["enquiry_new"]);
  });

  it("is not stored when its message cannot be (one transaction): the parent is told of the failure, nothing half-done", async () => {
    const marker = `Failmarker${run}`;
    await db.execute(sql.raw(`CREATE OR REPLACE FUNCTION test_refuse_message() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.body_text LIKE '%${marker}%' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`));
    await db.execute(sql.raw("CREATE TRIGGER test_refuse_message BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION test_refuse_message()"));
    try {
      await expect(createEnquiry(db, { name: marker, phone: "9876543212", class: "UKG" })).rejects.toThrow();
    } finally {
      await db.execute(sql.raw("DROP TRIGGER test_refuse_message ON messages"));
      await db.execute(sql.raw("DROP FUNCTION test_refuse_message()"));
    }
    expect(await db.select().from(enquiries).where(eq(enquiries.name, marker))).toHaveLength(0);
  });
});

describe("a fee paid online", () => {
  it("paid on the parent's return: payment_received by e-mail with the receipt PDF and by SMS, once however often the return is replayed", async () => {
    const s = await student();
    const { order, fields } = await pay(s.id, ["2026-04"], "pay");
    await Promise.all(Array.from({ length: 5 }, () => service.handleReturn(fields)));
    const receipt = (await receiptForOrder(db, order.id))!;
    const rows = await messagesTo([s.email, s.mobile]);
    expect(rows.map((r) => [r.kind, r.channel])).toEqual([
      ["payment_received", "email"],
      ["payment_received", "sms"],
    ]);
    const [email, sms] = rows;
    expect(email!.idempotencyKey).toBe(`payment_received:receipt:${receipt.id}:email`);
    expect(email!.attachments).toEqual([{ kind: "receipt", id: String(receipt.id), filename: `receipt-${receipt.number.replaceAll("/", "-")}.pdf` }]);
    expect(email!.attachments[0]!.filename).toMatch(/^receipt-KVA-\d{4}-\d{2}-\d{6}\.pdf$/);
    expect(email!.bodyText).toContain(receipt.number);
    expect(email!.bodyText).toContain("₹1,000");
    expect(email!.bodyText).toContain(`/verify-receipt/${receipt.verificationHash}`);
    expect(email!.bodyText).toContain("Online, Test gateway");
    expect(sms!.recipient).toBe(s.mobile);
    expect(sms!.smsVariables).toMatchObject({ receipt: receipt.number, student: receipt.student.name, link: `${getConfig().publicSiteUrl}/verify-receipt/${receipt.verificationHash}` });
  });

  it("confirmed later (the return said pending, the bank's answer paid it): payment_confirmed, not payment_received", async () => {
    const s = await student();
    const { order, checkout, fields } = await pay(s.id, ["2026-04"], "pending");
    await service.handleReturn(fields);
    expect((await db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id)))[0]!.status).toBe("pending");
    expect(await messagesTo([s.email, s.mobile])).toHaveLength(0);
    mock.decide(checkout, "approve");
    await service.checkOrder(order.reference, ACTOR);
    const rows = await messagesTo([s.email, s.mobile]);
    expect(rows.map((r) => [r.kind, r.channel])).toEqual([
      ["payment_confirmed", "email"],
      ["payment_confirmed", "sms"],
    ]);
    expect(rows[0]!.subject).toMatch(/^Payment confirmed/);
    expect(rows[0]!.attachments).toHaveLength(1);
  });

  it("paid by the bank's answer with no return at all: payment_received", async () => {
    const s = await student();
    const { order } = await pay(s.id, ["2026-04"], "pay"); // the browser never came back
    await service.checkOrder(order.reference, ACTOR);
    expect((await messagesTo([s.email])).map((r) => r.kind)).toEqual(["payment_received"]);
  });

  it("stores no message when the paying transaction rolls back (a handler that throws after the receipt)", async () => {
    const s = await student();
    const real = feePurpose("tuition");
    const failing = serviceWith({
      ...paymentPurposes,
      tuition: {
        ...real,
        onPaid: async (tx, order, how) => {
          await real.onPaid!(tx, order, how);
          throw new Error("the ledger refused");
        },
      },
    });
    const { order, fields } = await pay(s.id, ["2026-04"], "pay", failing);
    await expect(failing.handleReturn(fields)).rejects.toThrow("the ledger refused");
    expect((await db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id)))[0]!.status).not.toBe("paid");
    expect(await receiptForOrder(db, order.id)).toBeNull();
    expect(await messagesTo([s.email, s.mobile])).toHaveLength(0);
  });
});

describe("the office counter", () => {
  it("every mode sends payment_received with the receipt, in the collecting transaction", async () => {
    for (const [mode, label] of [["cash", "Cash"], ["upi", "UPI"]] as const) {
      const s = await student();
      const counter = { studentId: s.id, session: SESSION, purpose: "tuition" as const, months: ["2026-04"], mode, bankReference: mode === "upi" ? "UTR123456789" : null, today: "2026-04-02", actor: ACTOR };
      const shown = await collectAtOffice(counter, db);
      expect(await messagesTo([s.email, s.mobile])).toHaveLength(0); // only shown, nothing recorded
      const done = await collectAtOffice({ ...counter, expectedTotalPaise: shown.kind === "confirm" ? shown.totalPaise : 0 }, db);
      if (done.kind !== "recorded") throw new Error(done.kind);
      const rows = await messagesTo([s.email, s.mobile]);
      expect(rows.map((r) => [r.kind, r.channel])).toEqual([
        ["payment_received", "email"],
        ["payment_received", "sms"],
      ]);
      expect(rows[0]!.attachments).toEqual([{ kind: "receipt", id: String(done.receipt.id), filename: `receipt-${done.receipt.number.replaceAll("/", "-")}.pdf` }]);
      expect(rows[0]!.bodyText).toContain(`Mode: ${label}`);
    }
  });
});

describe("payment flags to the office", () => {
  it("a credit (the office took the month, then the bank paid the online order) reaches the office once, and the parent still gets the receipt", async () => {
    const s = await student();
    const { order, fields } = await pay(s.id, ["2026-04"], "pay");
    // The office collects April while the online order is open, then the return arrives.
    const counter = { studentId: s.id, session: SESSION, purpose: "tuition" as const, months: ["2026-04"], mode: "cash" as const, today: "2026-04-02", actor: ACTOR, expectedTotalPaise: 1_000_00, acknowledgedOrders: [order.reference] };
    expect((await collectAtOffice(counter, db)).kind).toBe("recorded");
    await service.handleReturn(fields);
    await service.handleReturn(fields);
    await service.checkOrder(order.reference, ACTOR);
    const flags = await messagesKeyed(`payment_flag:order:${order.id}:`);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ recipient: getConfig().mail.officeEmail, audience: "office" });
    expect(flags[0]!.idempotencyKey).toMatch(new RegExp(`^payment_flag:order:${order.id}:credit:event:\\d+:email$`));
    expect(flags[0]!.subject).toBe(`Payment ${order.reference} needs attention: credit`);
    expect(flags[0]!.bodyText).toContain("is a credit");
    expect(flags[0]!.bodyText).toContain(`/admin/payments/${order.reference}`);
    expect((await messagesTo([s.email])).map((r) => r.kind)).toEqual(["payment_received", "payment_received"]);
  });

  it("bad signatures reach the office at most once an IST hour, with or without an order of ours", async () => {
    const at = new Date(`2071-0${1 + (Number.parseInt(run, 36) % 9)}-15T04:40:00Z`); // 10:10 IST
    clock = at;
    try {
      const s = await student();
      const { order, fields } = await pay(s.id, ["2026-04"], "pending");
      const forged = (i: number, reference = fields.mock_reference!) => ({ ...fields, mock_reference: reference, mock_signature: `forged-${run}-${i}` });
      await service.handleReturn(forged(1));
      await service.handleReturn(forged(2, "ZZZZ2345ZZZZ"));
      await service.handleReturn(forged(3, "ZZZZ2345ZZZY"));
      const key = `payment_flag:bad_signature:${istHourKey(at)}:email`;
      expect(istHourKey(at)).toMatch(/^2071-\d{2}-15T10$/);
      const first = await db.select().from(messages).where(eq(messages.idempotencyKey, key));
      expect(first).toHaveLength(1);
      expect(first[0]!.recipient).toBe(getConfig().mail.officeEmail);
      expect(first[0]!.bodyText).toContain("did not pass its signature check");
      expect(first[0]!.subject).toBe(`Payment ${order.reference} needs attention: bad signature`);
      // The next hour, the next one is told again.
      clock = new Date(at.getTime() + 3_600_000);
      await service.handleReturn(forged(4, "ZZZZ2345ZZZX"));
      expect(await db.select().from(messages).where(eq(messages.idempotencyKey, `payment_flag:bad_signature:${istHourKey(clock)}:email`))).toHaveLength(1);
      expect(await db.select().from(messages).where(eq(messages.idempotencyKey, key))).toHaveLength(1);
    } finally {
      clock = null;
    }
  });
});

describe("an application", () => {
  it("paid: application_new to the office and application_received with the acknowledgement and the receipt to the parent; no payment_received", async () => {
    const session = await saveSessionSettings(db, { name: "2043-44", openClasses: ["Class 1"], applicationFeePaise: 500_00, ageCutOff: "2043-03-31" }, ACTOR);
    const email = `applicant-${run}@example.com`;
    const input = { childName: "Ananya Roy", dateOfBirth: "2037-05-10", gender: "Girl", classApplied: "Class 1", nationality: "Indian", motherTongue: "Bengali", category: "General", fatherName: "Subrata Roy", mobile: "9876500001", email, address: "12 Station Road", city: "Kharagpur", state: "West Bengal", pinCode: "721301", consent: "yes", birthCertificateLater: "yes" };
    const application = await createApplication(db, session, input as never, []);
    const started = await service.start(applicationFeeStart(application));
    if (started.kind !== "handoff") throw new Error(started.kind);
    const answer = mock.decide(mock.checkout(new URL(mock.handoff(started.order).url, "http://x").searchParams)!, "pay");
    if (!("returnUrl" in answer) || !answer.returnUrl) throw new Error("no return");
    await service.handleReturn(Object.fromEntries(new URL(answer.returnUrl, "http://x").searchParams));
    const receipt = (await receiptForOrder(db, started.order.id))!;

    const rows = await messagesKeyed(`:application:${application.publicId}:`);
    expect(rows.map((r) => [r.kind, r.channel, r.recipient])).toEqual([
      ["application_new", "email", getConfig().mail.officeEmail],
      ["application_received", "email", email],
      ["application_received", "sms", "9876500001"],
    ]);
    expect(rows[0]!.bodyText).toContain(`/admin/applications/${application.publicId}`);
    expect(rows[1]!.attachments).toEqual([
      { kind: "application_acknowledgement", id: application.publicId, filename: `application-${application.number.replaceAll("/", "-")}.pdf` },
      { kind: "receipt", id: String(receipt.id), filename: `receipt-${receipt.number.replaceAll("/", "-")}.pdf` },
    ]);
    expect(rows[2]!.smsVariables).toMatchObject({ number: application.number, link: `${getConfig().publicSiteUrl}/admissions/status` });
    expect(await messagesTo([email]).then((r) => r.filter((m) => m.kind.startsWith("payment_")))).toEqual([]);

    // Each decision of the school tells the parent, with the message written to them (never the office's internal note) and the admin's label; the key is the history row.
    expect((await moveApplication(db, { publicId: application.publicId, to: "under_review", note: "Called the mother; campus visit on Saturday 5 December.", actor: ACTOR }, async () => undefined)).ok).toBe(true);
    expect((await moveApplication(db, { publicId: application.publicId, to: "rejected", note: "Sibling rule does not apply.", message: "The class is full.", actor: ACTOR }, async () => undefined)).ok).toBe(true);
    const history = await db.select().from(applicationStatusHistory).where(and(eq(applicationStatusHistory.applicationId, application.id), eq(applicationStatusHistory.toStatus, "rejected")));
    const status = await messagesKeyed(`application_status:application:${application.publicId}:status:`);
    expect(status.map((r) => [r.channel, r.subject])).toEqual([
      ["email", `Application ${application.number}: Under review`],
      ["sms", null],
      ["email", `Application ${application.number}: Not admitted`],
      ["sms", null],
    ]);
    expect(status[2]!.idempotencyKey).toBe(`application_status:application:${application.publicId}:status:${history[0]!.id}:email`);
    expect(status[2]!.bodyText).toContain("A message from the school: The class is full.");
    expect(status[2]!.bodyText).not.toContain("Sibling rule");
    expect(status[0]!.bodyText).not.toContain("Called the mother");
    expect(status[0]!.bodyText).not.toContain("A message from the school");
    expect(history[0]!.note).toBe("Sibling rule does not apply. — Message to the parent: The class is full.");
    expect(status[3]!.smsVariables).toMatchObject({ status: "Not admitted" });
    // A refused move tells nobody.
    expect((await moveApplication(db, { publicId: application.publicId, to: "admitted", note: null, actor: ACTOR }, async () => undefined)).ok).toBe(false);
    expect(await messagesKeyed(`application_status:application:${application.publicId}:status:`)).toHaveLength(4);
  });
});

describe("the daily summary", () => {
  it("counts a seeded day right, waits for 07:00 IST, and is stored once however often the job runs", async () => {
    const day = addDays("2060-01-01", Number.parseInt(run, 36) % 3000);
    const at = (time: string) => new Date(istDateTime(day, time));
    const secret = getConfig().receiptSecret;
    const facts = (amountPaise: number) => ({ series: "KVA/TEST", purpose: "Tuition fee", student: { name: "Day Child", className: "Class 5", section: null, admissionNumber: null, applicationNumber: null, parentName: null, mobile: null, session: SESSION }, lines: [{ kind: "tuition" as const, head: "Tuition Fee", period: null, amountPaise }] });
    const office = (mode: string, amountPaise: number, time: string) => issueReceipt(db, { ...facts(amountPaise), paidAt: at(time), payment: { mode, gatewayReference: null, bankReference: null, instrument: null } }, { secret, now: at(time) });
    await office("Cash", 1_000_00, "00:10:00");
    await office("Cash", 2_500_00, "23:50:00");
    await office("UPI", 700_00, "12:00:00");
    const cancelled = await office("Cash", 9_999_00, "13:00:00");
    await cancelReceipt(db, cancelled.id, "Wrong entry", "test");
    await office("Cash", 5_000_00, "23:59:59.999");
    const online = await service.start({ purpose: "tuition", payableKey: `test:day:${run}`, quote: async () => ({ description: "x", lines: [{ label: "x", amountPaise: 1_200_00 }] }) });
    if (online.kind !== "handoff") throw new Error(online.kind);
    await issueReceipt(db, { ...facts(1_200_00), orderId: online.order.id, paidAt: at("09:00:00"), payment: { mode: "Online, Test gateway (UPI)", gatewayReference: "x", bankReference: null, instrument: null } }, { secret, now: at("09:00:00") });
    // The days around it do not count.
    await issueReceipt(db, { ...facts(4_400_00), paidAt: at("00:00:00"), payment: { mode: "Cash", gatewayReference: null, bankReference: null, instrument: null } }, { secret, now: new Date(at("00:00:00").getTime() - 1) });
    await issueReceipt(db, { ...facts(4_400_00), paidAt: at("00:00:00"), payment: { mode: "Cash", gatewayReference: null, bankReference: null, instrument: null } }, { secret, now: new Date(istDateTime(addDays(day, 1), "00:00:00")) });

    expect(await collectionsOn(db, day)).toEqual([
      { mode: "Cash", count: 3, amountPaise: 8_500_00 },
      { mode: "Online", count: 1, amountPaise: 1_200_00 },
      { mode: "UPI", count: 1, amountPaise: 700_00 },
    ]);

    await db.insert(enquiries).values([
      { name: "Day enquiry 1", phone: "9876543210", class: "LKG", createdAt: at("08:00:00") },
      { name: "Day enquiry 2", phone: "9876543210", class: "LKG", createdAt: at("22:00:00") },
      { name: "Next day", phone: "9876543210", class: "LKG", createdAt: new Date(istDateTime(addDays(day, 1), "00:00:00")) },
    ]);
    const session = await saveSessionSettings(db, { name: "2044-45", openClasses: ["Class 1"], applicationFeePaise: 500_00, ageCutOff: "2044-03-31" }, ACTOR);
    const input = { childName: "Day Applicant", dateOfBirth: "2038-05-10", gender: "Girl", classApplied: "Class 1", nationality: "Indian", motherTongue: "Bengali", category: "General", fatherName: "Parent", mobile: "9876500002", address: "12 Station Road", city: "Kharagpur", state: "West Bengal", pinCode: "721301", consent: "yes", birthCertificateLater: "yes" };
    const paidThatDay = await createApplication(db, session, input as never, []);
    await createApplication(db, session, input as never, []); // never paid
    await db.transaction((tx) => markApplicationPaid(tx, paidThatDay.publicId, "TESTREF", at("11:00:00")));
    await enqueue(db, { kind: "enquiry_acknowledgement", data: { name: "x", className: "LKG" }, to: { email: "not-an-address" }, key: `day-failed:${run}`, now: at("10:00:00") });

    const summaries = () => db.select().from(messages).where(eq(messages.idempotencyKey, `daily_summary:daily_summary:${day}:email`));
    const nextDay = addDays(day, 1);
    let reminderRuns = 0;
    const hooks = { reminders: async () => (reminderRuns++, 0) };
    expect(await runDailyMessages(db, new Date(istDateTime(nextDay, "06:59:59")), hooks)).toBe("");
    expect(await summaries()).toHaveLength(0);
    expect(reminderRuns).toBe(0);
    expect(await runDailyMessages(db, new Date(istDateTime(nextDay, "07:00:00")), hooks)).toContain(day);
    for (const time of ["07:00:00", "08:00:00", "23:59:00"]) expect(await runDailyMessages(db, new Date(istDateTime(nextDay, time)), hooks)).toBe("");
    expect(reminderRuns).toBe(4);
    const [summary, ...more] = await summaries();
    expect(more).toHaveLength(0);
    expect(summary).toMatchObject({ kind: "daily_summary", recipient: getConfig().mail.officeEmail });
    expect(summary!.subject).toContain("₹10,400 collected");
    expect(summary!.bodyText).toContain("Cash (3): ₹8,500");
    expect(summary!.bodyText).toContain("Online (1): ₹1,200");
    expect(summary!.bodyText).toContain("UPI (1): ₹700");
    expect(summary!.bodyText).toContain("Applications: 1");
    expect(summary!.bodyText).toContain("Enquiries: 2");
    expect(summary!.bodyText).toContain("Messages not sent: 1");
    expect(await db.select().from(receipts).where(eq(receipts.id, cancelled.id)).then((r) => r[0]!.status)).toBe("cancelled");
  });
});

describe("Send fee reminders now", () => {
  // 02:00 IST on 11 May 2026, long before the office's reminder hour (9): May fell due on the
  // 10th, so each Class 5 student's family is one day overdue, the first overdue reminder.
  const night = new Date(istDateTime("2026-05-11", "02:00:00"));

  it("reminds the schedule's families at once, whatever the hour; once a family a day; nothing while fee reminders are off", async () => {
    const mine = await student();
    const reminders = () => db.select().from(messages).where(and(eq(messages.kind, "fee_reminder"), inArray(messages.recipient, [mine.email, mine.mobile]))).orderBy(messages.channel);
    // The hourly job waits for the hour; the office's button does not.
    expect(await enqueueFeeReminders(db, night)).toBe(0);
    expect(await reminders()).toHaveLength(0);

    await saveMessageSettings(db, { ...DEFAULT_MESSAGE_SETTINGS, off: ["fee_reminder"] }, ACTOR);
    expect(await sendFeeRemindersNow(db, night, ACTOR)).toEqual({ off: true });
    expect(await reminders()).toHaveLength(0);
    await saveMessageSettings(db, DEFAULT_MESSAGE_SETTINGS, ACTOR);

    const first = await sendFeeRemindersNow(db, night, ACTOR);
    expect(first.off === false && first.queued).toBeGreaterThanOrEqual(1);
    const providers = providersOf(getConfig());
    expect(first).toMatchObject({ held: !providers.email && !providers.sms });
    const sent = await reminders();
    expect(sent.map((m) => [m.channel, m.recipient])).toEqual([["email", mine.email], ["sms", mine.mobile]]);
    expect(sent[0]!.subject).toMatch(/^Fees overdue: ₹/);
    expect(sent[0]!.idempotencyKey).toContain(`family:${mine.mobile}:2026-05-11`);

    // Pressed again the same day, or the hourly job at the hour: every family has had today's.
    expect(await sendFeeRemindersNow(db, new Date(night.getTime() + 60_000), ACTOR)).toMatchObject({ off: false, queued: 0 });
    expect(await enqueueFeeReminders(db, new Date(istDateTime("2026-05-11", "09:00:00")))).toBe(0);
    expect(await reminders()).toHaveLength(2);
    // The press that reminded families is on the audit log; the ones that reminded nobody are not.
    const pressed = (await auditRows(db, "reminders.send_now")).filter((r) => r.actorEmail === ACTOR.email);
    expect(pressed.at(-1)).toMatchObject({ entity: "reminders", after: { familiesReminded: first.off === false ? first.queued : -1 } });
  });

  it("on a day that is no reminder day, reminds every family owing fees past their due date, and none that owes only what falls due later", async () => {
    const late = await student();
    const paidUp = await student();
    // 14 May: May fell due on the 10th, 4 days ago; 4 is not among the schedule's days (1, 8, 15).
    const day = new Date(istDateTime("2026-05-14", "02:00:00"));
    const today = "2026-05-14";
    const book = (await bookFor(db, SESSION))!;
    const owed = async (id: number) => (await accountOf(db, (await studentById(db, id))!, book, "tuition", today)).months.filter((m) => m.status === "overdue").map((m) => m.month);
    const months = await owed(paidUp.id);
    expect(months.length).toBeGreaterThan(0);
    await db.transaction(async (tx) => {
      const quote = await quoteMonths(tx, paidUp.id, SESSION, "tuition", months, today);
      if (!quote.ok) throw new Error(quote.problem.message);
      await recordPayment(tx, { studentId: paidUp.id, session: SESSION, purpose: "tuition", lines: quote.lines, mode: "cash", paidAt: day });
    });
    const of = (s: { email: string; mobile: string }) => db.select().from(messages).where(and(eq(messages.kind, "fee_reminder"), inArray(messages.recipient, [s.email, s.mobile])));
    expect(await enqueueFeeReminders(db, new Date(istDateTime(today, "10:00:00")))).toBe(0);
    const pressed = await sendFeeRemindersNow(db, day, ACTOR);
    expect(pressed.off === false && pressed.queued).toBeGreaterThanOrEqual(1);
    expect((await of(late)).map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    expect(await of(paidUp)).toEqual([]);
  });
});
