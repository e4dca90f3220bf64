/**
 * The outbox on the database: a message exists exactly when its event's transaction committed,
 * once per event; office kinds go to the office; bad addresses, switched-off kinds and stopped
 * reminders are kept with their reason; the worker sends, retries with backoff, gives up, holds
 * what has no provider and releases it, gives back what a stopped worker left "sending", and
 * sends a real e-mail (parts, attachment, Message-ID) to an SMTP server. The office's settings
 * are audited as it changes them.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-outbox-"));

const { openTestDatabase } = await import("~/db/test-database");
const { messages, messageAttempts, messageOptOuts } = await import("~/db/schema/messages");
const { enqueue } = await import("./outbox.server");
const { deliverDue, MAX_ATTEMPTS, SUPERSEDED } = await import("./worker.server");
const { saveMessageSettings } = await import("./settings.server");
const { DEFAULT_MESSAGE_SETTINGS } = await import("./settings");
const { TEMPLATES } = await import("./templates");
const { smtpSender } = await import("./email.server");
const { startSmtpFake } = await import("../../../tests/fakes/smtp");
const { getConfig } = await import("~/lib/config.server");
const { eq, inArray } = await import("drizzle-orm");
const { auditRows, byActor, testActor } = await import("~/core/audit/testing.server");
import type { EmailMessage, EmailSender, SendResult, SmsMessage, SmsProvider } from "./channel";

type Db = Awaited<ReturnType<typeof openTestDatabase>>["db"];
let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
let n = 0;
const fresh = () => `${++n}-${process.pid}-${Date.now()}`;
const payment = TEMPLATES.payment_received.sample;
const ACTOR = testActor("office@school.test");

/** An e-mail channel answering from a list (default: accepted), recording what it got. */
function stubEmail(answers: SendResult[] = []): EmailSender & { got: EmailMessage[] } {
  const got: EmailMessage[] = [];
  return { got, send: async (m) => (got.push(m), answers.shift() ?? { ok: true, providerMessageId: m.messageId }), close() {} };
}
function stubSms(): SmsProvider & { got: SmsMessage[] } {
  const got: SmsMessage[] = [];
  return { name: "stub", got, send: async (m) => (got.push(m), { ok: true, providerMessageId: `sms-${m.reference}` }) };
}
const deps = (over: Partial<Parameters<typeof deliverDue>[1]> = {}) => ({ email: stubEmail(), sms: null, attachments: {}, messageIdHost: "kva.test", ...over });

async function rowsOf(publicIds: string[]) {
  return db.select().from(messages).where(inArray(messages.publicId, publicIds));
}

beforeAll(async () => {
  // A database of its own: another file's worker run would otherwise take this file's messages.
  handle = await openTestDatabase();
  db = handle.db;
  await saveMessageSettings(db, DEFAULT_MESSAGE_SETTINGS, ACTOR);
});
afterAll(() => handle.dispose());

describe("enqueue", () => {
  it("stores nothing when the event's transaction rolls back, and once when it commits, however often it is enqueued", async () => {
    const key = `order:${fresh()}`;
    const to = { email: `parent-${fresh()}@example.com`, mobile: "98765 43210" };
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, { kind: "payment_received", data: payment, to, key });
        throw new Error("the payment's transaction failed");
      }),
    ).rejects.toThrow("the payment's transaction failed");
    expect(await db.select().from(messages).where(eq(messages.idempotencyKey, `payment_received:${key}:email`))).toHaveLength(0);

    const first = await db.transaction((tx) => enqueue(tx, { kind: "payment_received", data: payment, to, key }));
    const again = await db.transaction((tx) => enqueue(tx, { kind: "payment_received", data: payment, to, key }));
    expect(first.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    expect(again).toEqual([]);
    const rows = await rowsOf(first.map((m) => m.publicId));
    const sms = rows.find((r) => r.channel === "sms")!;
    expect(sms.recipient).toBe("9876543210");
    expect(sms.bodyText).toContain("KVA/2026-27/000123");
    expect(sms.smsVariables?.link).toBe(`${getConfig().publicSiteUrl}/verify-receipt/sample`);
    const email = rows.find((r) => r.channel === "email")!;
    expect(email.recipient).toBe(to.email);
    expect(email.bodyHtml).toContain("Verify the receipt");
  });

  it("sends the office's kinds to the office address, whatever parent address is given", async () => {
    const [m] = await enqueue(db, { kind: "enquiry_new", data: TEMPLATES.enquiry_new.sample, to: { email: "someone@example.com" }, key: fresh() });
    const [row] = await rowsOf([m!.publicId]);
    expect(row!.recipient).toBe(getConfig().mail.officeEmail);
    expect(row!.audience).toBe("office");
  });

  it("keeps a malformed address as failed with its reason, and an escaped name in the HTML", async () => {
    const stored = await enqueue(db, { kind: "enquiry_acknowledgement", data: { name: "<script>alert(1)</script>", className: "Class 1" }, to: { email: "not-an-address" }, key: fresh() });
    const [row] = await rowsOf(stored.map((m) => m.publicId));
    expect(row).toMatchObject({ status: "failed", lastError: "Not a valid e-mail address" });
    expect(row!.bodyHtml).not.toContain("<script>");
    expect(row!.bodyHtml).toContain("&lt;script&gt;");
  });

  it("keeps switched-off kinds and stopped reminders as skipped; a stopped parent still gets receipts", async () => {
    const email = `family-${fresh()}@example.com`;
    await db.insert(messageOptOuts).values({ recipient: email, source: "link" });
    const reminder = await enqueue(db, { kind: "fee_reminder", data: TEMPLATES.fee_reminder.sample, to: { email }, key: fresh() });
    const receipt = await enqueue(db, { kind: "payment_received", data: payment, to: { email }, key: fresh() });
    const [r] = await rowsOf(reminder.map((m) => m.publicId));
    expect(r).toMatchObject({ status: "skipped", lastError: "The parent stopped fee reminders." });
    expect(r!.bodyText).toContain("/messages/stop/");
    expect(r!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect((await rowsOf(receipt.map((m) => m.publicId)))[0]!.status).toBe("queued");

    const audited = (await auditRows(db, "settings.messages")).length;
    // The defaults saved as they are (beforeAll) changed nothing: no row.
    expect(audited).toBe(0);
    await saveMessageSettings(db, { ...DEFAULT_MESSAGE_SETTINGS, off: ["enquiry_new"] }, ACTOR);
    // The switch is on the log alone, as the office turned it.
    expect((await auditRows(db, "settings.messages")).slice(audited)).toEqual([expect.objectContaining({ ...byActor(ACTOR), entity: "settings", entityId: "messages", before: { off: [] }, after: { off: ["enquiry_new"] } })]);
    try {
      const off = await enqueue(db, { kind: "enquiry_new", data: TEMPLATES.enquiry_new.sample, key: fresh() });
      expect((await rowsOf(off.map((m) => m.publicId)))[0]).toMatchObject({ status: "skipped", lastError: "This kind of message is switched off in Messages." });
    } finally {
      await saveMessageSettings(db, DEFAULT_MESSAGE_SETTINGS, ACTOR);
    }
  });

  it("uses the settings a paying transaction read before its receipt's number, not another read", async () => {
    const given = await enqueue(db, { kind: "enquiry_new", data: TEMPLATES.enquiry_new.sample, key: fresh(), settings: { ...DEFAULT_MESSAGE_SETTINGS, off: ["enquiry_new"] } });
    expect((await rowsOf(given.map((m) => m.publicId)))[0]).toMatchObject({ status: "skipped" });
    const read = await enqueue(db, { kind: "enquiry_new", data: TEMPLATES.enquiry_new.sample, key: fresh() });
    expect((await rowsOf(read.map((m) => m.publicId)))[0]).toMatchObject({ status: "queued" });
  });
});

describe("the worker", () => {
  it("sends, records the attempt, and never sends a sent message again", async () => {
    const [m] = await enqueue(db, { kind: "enquiry_acknowledgement", data: { name: "Anita", className: "Class 2" }, to: { email: `a-${fresh()}@example.com` }, key: fresh() });
    const email = stubEmail();
    await deliverDue(db, deps({ email }));
    const [row] = await rowsOf([m!.publicId]);
    expect(row).toMatchObject({ status: "sent", attempts: 1, providerMessageId: `<${m!.publicId}@kva.test>` });
    expect(email.got.find((g) => g.messageId === `<${m!.publicId}@kva.test>`)).toBeTruthy();
    const attempts = await db.select().from(messageAttempts).where(eq(messageAttempts.messageId, row!.id));
    expect(attempts.map((a) => a.outcome)).toEqual(["sent"]);
    const second = stubEmail();
    await deliverDue(db, deps({ email: second }));
    expect(second.got.some((g) => g.messageId.includes(m!.publicId))).toBe(false);
  });

  it("retries a temporary failure after a backoff, fails a permanent one at once, and gives up after MAX_ATTEMPTS", async () => {
    const to = (s: string) => ({ email: `${s}-${fresh()}@example.com` });
    const [temp] = await enqueue(db, { kind: "enquiry_acknowledgement", data: { name: "T", className: "Class 1" }, to: to("temp"), key: fresh() });
    const t0 = new Date();
    // Everything else due answers fine; ours first fails for a while.
    const failing: EmailSender = { send: async (m) => (m.messageId.includes(temp!.publicId) ? { ok: false, permanent: false, error: "451 try later" } : { ok: true, providerMessageId: null }), close() {} };
    await deliverDue(db, deps({ email: failing, now: () => t0 }));
    let [row] = await rowsOf([temp!.publicId]);
    expect(row).toMatchObject({ status: "queued", attempts: 1, lastError: "451 try later" });
    const wait = row!.nextAttemptAt.getTime() - t0.getTime();
    expect(wait).toBeGreaterThanOrEqual(8_000);
    expect(wait).toBeLessThanOrEqual(12_000);
    // Not due yet: nothing happens.
    await deliverDue(db, deps({ email: failing, now: () => t0 }));
    expect((await rowsOf([temp!.publicId]))[0]!.attempts).toBe(1);
    // Time passes: every try fails until the last.
    let at = t0.getTime();
    for (let i = 2; i <= MAX_ATTEMPTS; i++) {
      at += 3_600_000;
      await deliverDue(db, deps({ email: failing, now: () => new Date(at) }));
    }
    [row] = await rowsOf([temp!.publicId]);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(row!.lastError).toBe(`Gave up after ${MAX_ATTEMPTS} tries: 451 try later`);

    const [perm] = await enqueue(db, { kind: "enquiry_acknowledgement", data: { name: "P", className: "Class 1" }, to: to("perm"), key: fresh() });
    const refusing: EmailSender = { send: async (m) => (m.messageId.includes(perm!.publicId) ? { ok: false, permanent: true, error: "550 no such user" } : { ok: true, providerMessageId: null }), close() {} };
    await deliverDue(db, deps({ email: refusing }));
    expect((await rowsOf([perm!.publicId]))[0]).toMatchObject({ status: "failed", attempts: 1, lastError: "550 no such user" });
  });

  it("holds e-mail with no SMTP and SMS with no provider or template id, then sends them once there is one", async () => {
    const [email, sms] = await enqueue(db, { kind: "payment_received", data: payment, to: { email: `h-${fresh()}@example.com`, mobile: "9123456789" }, key: fresh() }).then((s) => [s.find((m) => m.channel === "email")!, s.find((m) => m.channel === "sms")!]);
    await deliverDue(db, deps({ email: null, sms: null }));
    let rows = await rowsOf([email!.publicId, sms!.publicId]);
    expect(rows.map((r) => r.status)).toEqual(["held", "held"]);
    expect(rows.find((r) => r.channel === "email")!.lastError).toContain("SMTP_URL");

    const provider = stubSms();
    await deliverDue(db, deps({ sms: provider }));
    rows = await rowsOf([email!.publicId, sms!.publicId]);
    expect(rows.find((r) => r.channel === "email")!.status).toBe("sent");
    expect(rows.find((r) => r.channel === "sms")).toMatchObject({ status: "held" });
    expect(rows.find((r) => r.channel === "sms")!.lastError).toContain("No DLT template id is registered");

    const settings = { ...DEFAULT_MESSAGE_SETTINGS, smsTemplateIds: { payment_received: "66b74800d6fc0500aa112233" } };
    const audited = (await auditRows(db, "settings.messages")).length;
    // Saved in a transaction that rolls back: neither the id nor its audit row is kept.
    await expect(
      db.transaction(async (tx) => {
        await saveMessageSettings(tx, settings, ACTOR);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await auditRows(db, "settings.messages")).toHaveLength(audited);
    await saveMessageSettings(db, settings, ACTOR);
    expect((await auditRows(db, "settings.messages")).slice(audited).map((r) => [r.before, r.after])).toEqual([[{ "smsTemplateIds.payment_received": null }, { "smsTemplateIds.payment_received": "66b74800d6fc0500aa112233" }]]);
    try {
      await deliverDue(db, deps({ sms: provider }));
      expect((await rowsOf([sms!.publicId]))[0]!.status).toBe("sent");
      const got = provider.got.find((g) => g.reference === sms!.publicId)!;
      expect(got).toMatchObject({ to: "9123456789", templateId: "66b74800d6fc0500aa112233" });
      expect(got.variables.receipt).toBe("KVA/2026-27/000123");
    } finally {
      await saveMessageSettings(db, DEFAULT_MESSAGE_SETTINGS, ACTOR);
    }
  });

  it("the backlog of a day with no provider never tells a parent an old status: a status update followed by a newer one is skipped, the newest goes", async () => {
    const application = `application:${fresh()}`;
    const to = { email: `st-${fresh()}@example.com` };
    const status = TEMPLATES.application_status.sample;
    const [review] = await enqueue(db, { kind: "application_status", data: { ...status, status: "under_review", statusLabel: "Under review" }, to, key: fresh(), related: application });
    const [other] = await enqueue(db, { kind: "application_status", data: { ...status, status: "under_review", statusLabel: "Under review" }, to: { email: `other-${fresh()}@example.com` }, key: fresh(), related: `application:${fresh()}` });
    await deliverDue(db, deps({ email: null }));
    const [admitted] = await enqueue(db, { kind: "application_status", data: status, to, key: fresh(), related: application });
    await deliverDue(db, deps({ email: null }));
    // Still no provider: the older one is skipped as soon as the newer one waits with it.
    const waiting = new Map((await rowsOf([review!.publicId, admitted!.publicId, other!.publicId])).map((r) => [r.publicId, r.status]));
    expect([waiting.get(review!.publicId), waiting.get(admitted!.publicId), waiting.get(other!.publicId)]).toEqual(["skipped", "held", "held"]);

    const email = stubEmail();
    await deliverDue(db, deps({ email }));
    const rows = await rowsOf([review!.publicId, admitted!.publicId, other!.publicId]);
    const byId = new Map(rows.map((r) => [r.publicId, r]));
    expect(byId.get(review!.publicId)).toMatchObject({ status: "skipped", lastError: SUPERSEDED });
    expect(byId.get(admitted!.publicId)!.status).toBe("sent");
    // Another application's only update is not anyone's older one.
    expect(byId.get(other!.publicId)!.status).toBe("sent");
    expect(email.got.filter((m) => m.to === to.email)).toHaveLength(1);
  });

  it("gives back a message a stopped worker left sending, marking that attempt's outcome unknown", async () => {
    const [m] = await enqueue(db, { kind: "enquiry_acknowledgement", data: { name: "K", className: "Class 3" }, to: { email: `k-${fresh()}@example.com` }, key: fresh() });
    const [row] = await rowsOf([m!.publicId]);
    await db.update(messages).set({ status: "sending", attempts: 1 }).where(eq(messages.id, row!.id));
    await db.insert(messageAttempts).values({ messageId: row!.id, startedAt: new Date() });
    const report = await deliverDue(db, deps());
    expect(report.recovered).toBeGreaterThanOrEqual(1);
    expect((await rowsOf([m!.publicId]))[0]).toMatchObject({ status: "sent", attempts: 2 });
    const attempts = await db.select().from(messageAttempts).where(eq(messageAttempts.messageId, row!.id)).orderBy(messageAttempts.id);
    expect(attempts.map((a) => a.outcome)).toEqual(["unknown", "sent"]);
  });
});

describe("a real SMTP server", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
  beforeAll(async () => {
    smtp = await startSmtpFake();
  });
  afterAll(() => smtp.stop());

  it("receives both parts, the attachment made at send time and the stable Message-ID; a 550 fails the message for good", async () => {
    const address = `mail-${fresh()}@example.com`;
    const [m] = await enqueue(db, { kind: "payment_received", data: payment, to: { email: address }, key: fresh(), attachments: [{ kind: "receipt", id: "7", filename: "receipt-KVA-2026-27-000123.pdf" }] });
    const sender = smtpSender({ url: `smtp://127.0.0.1:${smtp.port}`, ratePerSecond: 50 });
    const pdf = Buffer.from("%PDF-1.4 sample");
    const bad = `nobody-${fresh()}@example.com`;
    smtp.refuseRecipient(bad, 550);
    const [refused] = await enqueue(db, { kind: "enquiry_acknowledgement", data: { name: "X", className: "Class 1" }, to: { email: bad }, key: fresh() });
    try {
      await deliverDue(db, deps({ email: sender, attachments: { receipt: async (_db, id) => (id === "7" ? { content: pdf, contentType: "application/pdf" } : null) } }));
    } finally {
      sender.close();
    }
    const mail = await smtp.waitFor((x) => x.to.includes(address));
    expect(mail.messageId).toBe(`<${m!.publicId}@kva.test>`);
    expect(mail.subject).toBe("Payment received: Tuition fee, Riya Kumari");
    expect(mail.text).toContain("Receipt number: KVA/2026-27/000123");
    expect(mail.html).toContain("Verify the receipt");
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: "receipt-KVA-2026-27-000123.pdf", contentType: "application/pdf" });
    expect(Buffer.compare(mail.attachments[0]!.content, pdf)).toBe(0);
    expect((await rowsOf([refused!.publicId]))[0]).toMatchObject({ status: "failed" });
    expect((await rowsOf([refused!.publicId]))[0]!.lastError).toContain("550");
  });
});
