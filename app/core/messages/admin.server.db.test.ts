/**
 * The office's view of the outbox on the database: the list's filters and counts, resending a
 * failed message (queued again) and a sent one (copied, both kept), opt-outs by the office and
 * by a stop link (a forged or expired link stops nothing), and enqueue honouring them. What the
 * office does (resend, stop, restart) is audited in its transaction; a stop link is not.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-messages-admin-"));

const { openTestDatabase } = await import("~/db/test-database");
const { messages } = await import("~/db/schema/messages");
const { enqueue, stopUrl } = await import("./outbox.server");
const { deliverDue } = await import("./worker.server");
const { listMessages, messageByPublicId, optOutsOf, restartReminders, resend, statusCounts, stopReminders } = await import("./admin.server");
const { stopByLink, stopLinkOf } = await import("./stop.server");
const { TEMPLATES } = await import("./templates");
const { signToken } = await import("~/lib/signed-token.server");
const { getConfig } = await import("~/lib/config.server");
const { eq } = await import("drizzle-orm");
const { auditRows, byActor, testActor } = await import("~/core/audit/testing.server");

type Db = Awaited<ReturnType<typeof openTestDatabase>>["db"];
let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
let n = 0;
const fresh = () => `${++n}-${process.pid}-${Date.now()}`;
const payment = TEMPLATES.payment_received.sample;
const reminder = TEMPLATES.fee_reminder.sample;
const noChannels = { email: null, sms: null, attachments: {}, messageIdHost: "kva.test" };
const page = { number: 1, size: 50 };
const ACTOR = testActor("office@school.test");

beforeAll(async () => {
  // A database of its own: another file's worker run would otherwise take this file's messages.
  handle = await openTestDatabase();
  db = handle.db;
});
afterAll(() => handle.dispose());

async function paymentMessages(to: { email?: string; mobile?: string }) {
  const key = `order:${fresh()}`;
  return db.transaction((tx) => enqueue(tx, { kind: "payment_received", data: payment, to, key, related: `order:KVA-${n}` }));
}

describe("listMessages and statusCounts", () => {
  it("filters by state, kind, channel and a search on the recipient or what it is about", async () => {
    const email = `list-${fresh()}@example.com`;
    const [mail, sms] = await paymentMessages({ email, mobile: "+91 97777 12345" });
    const reference = `order:KVA-${n}`;
    await deliverDue(db, noChannels); // no providers: both held

    const byRecipient = await listMessages(db, { q: email.toUpperCase() }, page);
    expect(byRecipient.rows.map((r) => r.publicId)).toEqual([mail!.publicId]);
    expect(byRecipient.rows[0]).toMatchObject({ status: "held", kind: "payment_received", channel: "email", related: reference, tries: 0 });
    expect(byRecipient.rows[0]!.lastError).toContain("No SMTP server");

    expect((await listMessages(db, { q: "97777 12345" }, page)).rows.map((r) => r.publicId)).toEqual([sms!.publicId]);
    expect((await listMessages(db, { q: reference }, page)).total).toBe(2);
    expect((await listMessages(db, { q: reference, channel: "sms" }, page)).rows.map((r) => r.publicId)).toEqual([sms!.publicId]);
    expect((await listMessages(db, { q: reference, status: "sent" }, page)).total).toBe(0);
    expect((await listMessages(db, { q: reference, kind: "fee_reminder" }, page)).total).toBe(0);
    // A search with LIKE's wildcards matches them literally.
    expect((await listMessages(db, { q: "%" }, page)).total).toBe(0);

    const counts = await statusCounts(db, { q: reference, status: "sent" });
    expect(counts).toMatchObject({ held: 2, sent: 0, failed: 0 });
  });

  it("finds what was sent to a family by a child's name or admission number, and a mobile typed with +91", async () => {
    const { students } = await import("~/db/schema/fees");
    const mobile = `9${String(Date.now()).slice(-9)}`;
    const email = `family-${fresh()}@example.com`;
    const name = `Tanushree Search ${fresh()}`;
    const [child] = await db.insert(students).values({ admissionNumber: `MS/${fresh()}`, name, dateOfBirth: "2015-01-01", className: "Class 5", mobile, email }).returning();
    const [mail, sms] = await paymentMessages({ email, mobile });
    const ids = (r: { rows: { publicId: string }[] }) => r.rows.map((x) => x.publicId).sort();
    const both = [mail!.publicId, sms!.publicId].sort();
    expect(ids(await listMessages(db, { q: name.toLowerCase() }, page))).toEqual(both);
    expect(ids(await listMessages(db, { q: child!.admissionNumber }, page))).toEqual(both);
    expect(ids(await listMessages(db, { q: `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}` }, page))).toEqual([sms!.publicId]);
  });

  it("lists newest first and pages", async () => {
    const key = fresh();
    for (let i = 0; i < 3; i++) {
      await db.transaction((tx) => enqueue(tx, { kind: "payment_received", data: payment, to: { email: `page-${key}@example.com` }, key: `order:${key}:${i}`, now: new Date(Date.UTC(2026, 0, 1 + i)) }));
    }
    const first = await listMessages(db, { q: `page-${key}` }, { number: 1, size: 2 });
    const second = await listMessages(db, { q: `page-${key}` }, { number: 2, size: 2 });
    expect(first.total).toBe(3);
    expect(first.rows.map((r) => r.createdAt.toISOString())).toEqual(["2026-01-03T00:00:00.000Z", "2026-01-02T00:00:00.000Z"]);
    expect(second.rows.map((r) => r.createdAt.toISOString())).toEqual(["2026-01-01T00:00:00.000Z"]);
  });
});

describe("resend", () => {
  it("queues a failed message again with its error cleared; its earlier attempts stay", async () => {
    const [mail] = await paymentMessages({ email: `failed-${fresh()}@example.com` });
    const refusing = { send: async () => ({ ok: false as const, permanent: true, error: "550 No such mailbox" }), close() {} };
    await deliverDue(db, { ...noChannels, email: refusing });
    const failed = (await messageByPublicId(db, mail!.publicId))!;
    expect(failed).toMatchObject({ status: "failed", lastError: "550 No such mailbox", attempts: 1 });
    expect(failed.attemptRows.map((a) => a.outcome)).toEqual(["failed"]);

    const now = new Date();
    expect(await resend(db, mail!.publicId, now, ACTOR)).toEqual({ kind: "requeued", publicId: mail!.publicId });
    expect(await auditRows(db, "message.resend", mail!.publicId)).toEqual([expect.objectContaining({ ...byActor(ACTOR), entity: "message", before: { status: "failed" }, after: { status: "queued" } })]);
    const queued = (await messageByPublicId(db, mail!.publicId))!;
    expect(queued).toMatchObject({ status: "queued", lastError: null, attempts: 0 });
    expect(queued.nextAttemptAt.getTime()).toBe(now.getTime());
    expect(queued.attemptRows).toHaveLength(1);
    // Already waiting: a second click does nothing.
    expect(await resend(db, mail!.publicId, now, ACTOR)).toEqual({ kind: "pending" });
    expect(await auditRows(db, "message.resend", mail!.publicId)).toHaveLength(1);

    const accepting = { send: async () => ({ ok: true as const, providerMessageId: "250 ok" }), close() {} };
    await deliverDue(db, { ...noChannels, email: accepting });
    const sent = (await messageByPublicId(db, mail!.publicId))!;
    expect(sent.status).toBe("sent");
    expect(sent.attemptRows.map((a) => a.outcome)).toEqual(["failed", "sent"]);
    expect((await listMessages(db, { q: sent.recipient }, page)).rows[0]!.tries).toBe(2);
  });

  it("copies a sent message as a new one, keyed <key>:resend:<n>, so both stay on record", async () => {
    const [mail] = await paymentMessages({ email: `sent-${fresh()}@example.com` });
    await deliverDue(db, { ...noChannels, email: { send: async () => ({ ok: true as const, providerMessageId: "250 ok" }), close() {} } });
    const original = (await messageByPublicId(db, mail!.publicId))!;
    expect(original.status).toBe("sent");

    const first = await resend(db, mail!.publicId, new Date(), ACTOR);
    expect(first.kind).toBe("copied");
    const copy = (await messageByPublicId(db, (first as { publicId: string }).publicId))!;
    expect(copy.publicId).not.toBe(original.publicId);
    expect(copy).toMatchObject({ status: "queued", attempts: 0, idempotencyKey: `${original.idempotencyKey}:resend:1`, recipient: original.recipient, subject: original.subject, bodyHtml: original.bodyHtml, related: original.related });
    expect((await messageByPublicId(db, mail!.publicId))!.status).toBe("sent");

    // The copy is queued, so resending the original again makes a second copy, numbered on.
    const second = await resend(db, mail!.publicId, new Date(), ACTOR);
    const again = (await messageByPublicId(db, (second as { publicId: string }).publicId))!;
    expect(again.idempotencyKey).toBe(`${original.idempotencyKey}:resend:2`);
    // Each copy is on the log under the original, naming the copy.
    expect((await auditRows(db, "message.resend", original.publicId)).map((r) => r.after)).toEqual([{ copy: copy.publicId }, { copy: again.publicId }]);
  });

  it("tells a missing message apart", async () => {
    expect(await resend(db, "no-such-message-00000000", new Date(), ACTOR)).toEqual({ kind: "not_found" });
    expect(await messageByPublicId(db, "bad id!")).toBeNull();
  });
});

describe("opt-outs", () => {
  it("the office stops and restarts reminders to an address, however it is typed; enqueue honours it", async () => {
    const email = `optout-${fresh()}@example.com`;
    expect(await stopReminders(db, email.toUpperCase(), "office", new Date(), ACTOR)).toBe(true);
    expect(await stopReminders(db, email, "link")).toBe(false);
    expect((await optOutsOf(db, [email]))?.get(email)?.source).toBe("office");
    expect(await auditRows(db, "reminders.stop", email)).toEqual([expect.objectContaining({ ...byActor(ACTOR), entity: "reminders", before: { reminders: "sent" }, after: { reminders: "stopped" } })]);

    const skipped = await db.transaction((tx) => enqueue(tx, { kind: "fee_reminder", data: reminder, to: { email }, key: `family:${fresh()}` }));
    expect(skipped.map((m) => m.status)).toEqual(["skipped"]);
    // Receipts still go.
    expect((await paymentMessages({ email })).map((m) => m.status)).toEqual(["queued"]);

    // Restarting, undone by its transaction: still stopped, nothing on the log.
    await expect(
      db.transaction(async (tx) => {
        expect(await restartReminders(tx, email, ACTOR)).toBe(true);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await optOutsOf(db, [email])).has(email)).toBe(true);
    expect(await auditRows(db, "reminders.restart", email)).toEqual([]);
    expect(await restartReminders(db, ` ${email} `, ACTOR)).toBe(true);
    expect(await restartReminders(db, email, ACTOR)).toBe(false);
    expect(await auditRows(db, "reminders.restart", email)).toEqual([expect.objectContaining({ ...byActor(ACTOR), before: { reminders: "stopped (office)" }, after: { reminders: "sent" } })]);
    const sent = await db.transaction((tx) => enqueue(tx, { kind: "fee_reminder", data: reminder, to: { email }, key: `family:${fresh()}` }));
    expect(sent.map((m) => m.status)).toEqual(["queued"]);
  });

  it("a stop link names its message's address (masked) and stops reminders to it; a forged or expired link does nothing", async () => {
    const email = `link-${fresh()}@example.com`;
    const [mail] = await db.transaction((tx) => enqueue(tx, { kind: "fee_reminder", data: reminder, to: { email }, key: `family:${fresh()}` }));
    const [row] = await db.select().from(messages).where(eq(messages.publicId, mail!.publicId));
    const link = /^<(.+)>$/.exec(row!.headers["List-Unsubscribe"] ?? "")![1]!;
    expect(link.startsWith(stopUrl(mail!.publicId, new Date()).split(".")[0]!)).toBe(true);
    const token = link.split("/messages/stop/")[1]!;

    expect(await stopLinkOf(db, token)).toEqual({ recipient: email, masked: expect.stringMatching(/^l\*+@e\*+\.com$/), stopped: false });
    expect(await stopLinkOf(db, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
    const expired = signToken(getConfig().authSecret, "kva-messages-stop", mail!.publicId, 1_000, new Date(Date.now() - 60_000));
    expect(await stopByLink(db, expired)).toBeNull();
    const otherPurpose = signToken(getConfig().authSecret, "kva-receipt-download", mail!.publicId, 60_000);
    expect(await stopByLink(db, otherPurpose)).toBeNull();
    expect((await optOutsOf(db, [email])).size).toBe(0);

    expect(await stopByLink(db, token)).toMatchObject({ recipient: email, stopped: true });
    expect((await optOutsOf(db, [email])).get(email)?.source).toBe("link");
    // A parent's own stop is no staff member's change: not audited.
    expect(await auditRows(db, "reminders.stop", email)).toEqual([]);
    // Twice is fine.
    expect(await stopByLink(db, token)).toMatchObject({ stopped: true });
    // A token for a message that does not exist names nobody.
    expect(await stopLinkOf(db, signToken(getConfig().authSecret, "kva-messages-stop", "no-such-message", 60_000))).toBeNull();
  });
});
