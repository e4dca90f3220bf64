/**
 * The outbox's worker (docs/decisions/022-messages.md): runs as the "messages" background job,
 * so one at a time across processes (app/db/exclusive-jobs.server.ts). Each run:
 * 1. gives back messages a stopped worker left "sending" (their attempt's outcome is unknown: they
 *    are sent again, so a crash between the provider's answer and our commit can send twice; the
 *    stable Message-ID lets the receiver and the fault test count it);
 * 2. holds messages whose channel has no provider (and SMS whose kind has no DLT template id),
 *    and releases held ones of the last 7 days once there is one;
 * 3. takes due messages ten at a time (so few wait as "sending"), sends four at once, and records each attempt and its
 *    outcome: sent; failed for good (a 5xx, an invalid number: never retried); or queued again
 *    after a backoff (10 s doubling to 30 min, or the provider's Retry-After), until
 *    MAX_ATTEMPTS tries have failed.
 */
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { messageAttempts, messages, type MessageChannel } from "~/db/schema/messages";
import { messageOf } from "~/lib/errors";
import type { EmailSender, SendResult, SmsProvider } from "./channel";
import { messageSettings } from "./settings.server";
import type { MessageSettings } from "./settings";
import { templateOf, type MessageKind } from "./templates";

/** Tries before a message that keeps failing temporarily is marked failed (about 2.5 h of backoff). */
export const MAX_ATTEMPTS = 10;
/** Held messages older than this (ms) stay held when a provider appears: old news is resent by hand. */
export const RELEASE_HELD_WITHIN_MS = 7 * 86_400_000;

export type Attachment = { content: Buffer; contentType: string };
/** Makes an attachment from its reference id (a receipt id…), or null when it no longer exists. */
export type AttachmentResolver = (db: Database, id: string) => Promise<Attachment | null>;

export type WorkerDeps = {
  /** Null: no SMTP server configured. */
  email: EmailSender | null;
  /** Null: no SMS provider configured. */
  sms: SmsProvider | null;
  attachments: Record<string, AttachmentResolver>;
  /** Host for Message-IDs ("<publicId@host>"). */
  messageIdHost: string;
  now?: () => Date;
  batchSize?: number;
  /** Messages in flight at once. */
  concurrency?: number;
  /** Stop taking new batches after this long (ms); the next run goes on. */
  budgetMs?: number;
};

export type DeliveryReport = { sent: number; retried: number; failed: number; held: number; released: number; recovered: number };

type MessageRow = typeof messages.$inferSelect;

/** The wait (ms) before try `attempt` + 1: 10 s × 2^(attempt − 1), at most 30 min, ±20 % so retries spread. */
export function backoffMs(attempt: number, random = Math.random()): number {
  const base = Math.min(10_000 * 2 ** Math.max(0, attempt - 1), 30 * 60_000);
  return Math.round(base * (0.8 + 0.4 * random));
}

const HELD_REASON: Record<MessageChannel, string> = {
  email: "No SMTP server is configured (SMTP_URL): kept, and sent once one is.",
  sms: "No SMS provider is configured (SMS_PROVIDER and MSG91_*): kept, and sent once one is.",
};

async function recover(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const stuck = await tx.update(messages).set({ status: "queued", nextAttemptAt: now, updatedAt: now }).where(eq(messages.status, "sending")).returning({ id: messages.id });
    if (stuck.length === 0) return 0;
    await tx
      .update(messageAttempts)
      .set({ outcome: "unknown", finishedAt: now, error: "The worker stopped before the provider answered: sent again, so it may arrive twice." })
      .where(and(inArray(messageAttempts.messageId, stuck.map((s) => s.id)), eq(messageAttempts.outcome, "sending")));
    return stuck.length;
  });
}

/** Holds what cannot go now and releases what can; returns [held, released]. */
type SmsTemplateIds = MessageSettings["smsTemplateIds"];

/** Why a held status update is not sent when its channel can send again. */
export const SUPERSEDED = "Not sent: a newer status update of this application was written while this one waited.";

/**
 * Held messages that are stale before they could leave (a channel without a provider, an SMS
 * without its template id): a status update of an application followed by a newer one to the
 * same person on the same channel becomes "skipped" (SUPERSEDED), so the backlog never tells a
 * parent "Under review" after "Admitted". Receipts of cancelled payments are withdrawn when
 * they are cancelled (withdrawMessages). Returns how many were skipped.
 */
export async function skipSuperseded(db: Database, now: Date): Promise<number> {
  // Spelled out: the outer row's columns must be qualified, or they would name the inner row's.
  const newer = sql.raw(`EXISTS (SELECT 1 FROM messages AS n WHERE n.kind = messages.kind AND n.related = messages.related AND n.channel = messages.channel AND n.recipient = messages.recipient AND n.id > messages.id)`);
  const rows = await db
    .update(messages)
    .set({ status: "skipped", lastError: SUPERSEDED, updatedAt: now })
    .where(and(eq(messages.status, "held"), eq(messages.kind, "application_status"), newer))
    .returning({ id: messages.id });
  return rows.length;
}

async function holdAndRelease(db: Database, deps: WorkerDeps, ids: SmsTemplateIds, now: Date): Promise<[number, number]> {
  await skipSuperseded(db, now);
  let held = 0;
  let released = 0;
  const recent = gt(messages.createdAt, new Date(now.getTime() - RELEASE_HELD_WITHIN_MS));
  const hold = async (where: ReturnType<typeof and>, reason: string) => {
    held += (await db.update(messages).set({ status: "held", lastError: reason, updatedAt: now }).where(and(eq(messages.status, "queued"), where)).returning({ id: messages.id })).length;
  };
  const release = async (where: ReturnType<typeof and>) => {
    released += (await db.update(messages).set({ status: "queued", nextAttemptAt: now, lastError: null, updatedAt: now }).where(and(eq(messages.status, "held"), recent, where)).returning({ id: messages.id })).length;
  };
  if (deps.email) await release(eq(messages.channel, "email"));
  else await hold(eq(messages.channel, "email"), HELD_REASON.email);
  if (!deps.sms) {
    await hold(eq(messages.channel, "sms"), HELD_REASON.sms);
    return [held, released];
  }
  const registered = Object.keys(ids);
  if (registered.length) await release(and(eq(messages.channel, "sms"), inArray(messages.kind, registered)));
  const waiting = await db.selectDistinct({ kind: messages.kind }).from(messages).where(and(inArray(messages.status, ["queued", "held"]), eq(messages.channel, "sms")));
  for (const { kind } of waiting) {
    if (ids[kind as MessageKind]) continue;
    const reason = `No DLT template id is registered for “${templateOf(kind)?.label ?? kind}” (Messages, SMS templates): kept, and sent once one is.`;
    const ofKind = and(eq(messages.channel, "sms"), eq(messages.kind, kind));
    await hold(ofKind, reason);
    // Held before there was a provider: now the template id is what is missing.
    await db.update(messages).set({ lastError: reason }).where(and(eq(messages.status, "held"), ofKind, eq(messages.lastError, HELD_REASON.sms)));
  }
  return [held, released];
}

/** Takes up to `limit` due messages (status "sending", one more attempt each) with their attempt rows. */
async function claim(db: Database, limit: number, now: Date): Promise<{ message: MessageRow; attemptId: number }[]> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.status, "queued"), lt(messages.nextAttemptAt, new Date(now.getTime() + 1))))
      .orderBy(messages.nextAttemptAt, messages.id)
      .limit(limit)
      .for("update", { skipLocked: true });
    const taken = await tx
      .update(messages)
      .set({ status: "sending", attempts: sql`${messages.attempts} + 1`, updatedAt: now })
      .where(inArray(messages.id, due))
      .returning();
    if (taken.length === 0) return [];
    const attempts = await tx
      .insert(messageAttempts)
      .values(taken.map((m) => ({ messageId: m.id, startedAt: now })))
      .returning({ id: messageAttempts.id, messageId: messageAttempts.messageId });
    const byMessage = new Map(attempts.map((a) => [a.messageId, a.id]));
    return taken.sort((a, b) => a.id - b.id).map((message) => ({ message, attemptId: byMessage.get(message.id)! }));
  });
}

async function sendOne(db: Database, deps: WorkerDeps, ids: SmsTemplateIds, message: MessageRow): Promise<SendResult> {
  if (message.channel === "email") {
    if (!deps.email) return { ok: false, permanent: false, error: HELD_REASON.email };
    const attachments = [];
    for (const ref of message.attachments) {
      const resolve = deps.attachments[ref.kind];
      if (!resolve) return { ok: false, permanent: true, error: `No way to make a “${ref.kind}” attachment` };
      const made = await resolve(db, ref.id);
      if (!made) return { ok: false, permanent: true, error: `The ${ref.kind} ${ref.id} to attach no longer exists` };
      attachments.push({ filename: ref.filename, content: made.content, contentType: made.contentType });
    }
    return deps.email.send({
      to: message.recipient,
      subject: message.subject ?? "",
      text: message.bodyText,
      html: message.bodyHtml ?? "",
      messageId: `<${message.publicId}@${deps.messageIdHost}>`,
      headers: message.headers,
      attachments,
    });
  }
  if (!deps.sms) return { ok: false, permanent: false, error: HELD_REASON.sms };
  const templateId = ids[message.kind as MessageKind];
  if (!templateId) return { ok: false, permanent: false, error: "No DLT template id is registered for this message" };
  return deps.sms.send({ to: message.recipient, templateId, variables: message.smsVariables ?? {}, text: message.bodyText, reference: message.publicId });
}

/** Records one attempt's outcome on the message and the attempt row, in one transaction. */
async function record(db: Database, message: MessageRow, attemptId: number, result: SendResult, now: Date): Promise<"sent" | "retried" | "failed"> {
  const outcome = result.ok ? "sent" : result.permanent || message.attempts >= MAX_ATTEMPTS ? "failed" : "retried";
  const error = result.ok ? null : outcome === "failed" && !result.permanent ? `Gave up after ${message.attempts} tries: ${result.error}` : result.error;
  await db.transaction(async (tx) => {
    await tx
      .update(messageAttempts)
      .set({ outcome: outcome === "retried" ? "retry" : outcome, finishedAt: now, error: result.ok ? null : result.error.slice(0, 1000), providerMessageId: result.ok ? result.providerMessageId : null })
      .where(eq(messageAttempts.id, attemptId));
    await tx
      .update(messages)
      .set({
        status: outcome === "retried" ? "queued" : outcome,
        updatedAt: now,
        lastError: error?.slice(0, 1000) ?? null,
        ...(result.ok ? { sentAt: now, providerMessageId: result.providerMessageId } : {}),
        ...(outcome === "retried" ? { nextAttemptAt: new Date(now.getTime() + Math.max(result.ok ? 0 : (result.retryAfterMs ?? 0), backoffMs(message.attempts))) } : {}),
      })
      .where(and(eq(messages.id, message.id), eq(messages.status, "sending")));
  });
  return outcome;
}

/**
 * One run of the worker over `db` (see the module's notes). Returns what it did. Throws only
 * what the database throws (a provider's failure is an outcome, not an error); a message whose
 * outcome could not be recorded stays "sending" and is given back by the next run.
 */
export async function deliverDue(db: Database, deps: WorkerDeps): Promise<DeliveryReport> {
  const now = deps.now ?? (() => new Date());
  const started = Date.now();
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, held: 0, released: 0, recovered: await recover(db, now()) };
  // The office's SMS template ids, read once a run: a change applies from the next run (≤ 5 s).
  const ids: SmsTemplateIds = deps.sms ? (await messageSettings(db)).smsTemplateIds : {};
  [report.held, report.released] = await holdAndRelease(db, deps, ids, now());
  const batchSize = deps.batchSize ?? 10;
  const concurrency = deps.concurrency ?? 4;
  for (;;) {
    const batch = await claim(db, batchSize, now());
    let next = 0;
    const lane = async () => {
      while (next < batch.length) {
        const { message, attemptId } = batch[next++]!;
        let result: SendResult;
        try {
          result = await sendOne(db, deps, ids, message);
        } catch (error) {
          result = { ok: false, permanent: false, error: messageOf(error) };
        }
        report[await record(db, message, attemptId, result, now())]++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, lane));
    if (batch.length < batchSize || Date.now() - started > (deps.budgetMs ?? 50_000)) return report;
  }
}

/** A log line for a run's report, or null when it did nothing. */
export function reportLine(report: DeliveryReport): string | null {
  const parts = Object.entries(report).filter(([, n]) => n > 0);
  return parts.length ? `messages: ${parts.map(([k, n]) => `${n} ${k}`).join(", ")}` : null;
}
