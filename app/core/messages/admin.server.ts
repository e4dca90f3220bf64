/**
 * The office's view of the outbox (/admin/messages): every message with its state, tries and
 * last error; one message with its attempts; resend; and the reminder opt-outs the office
 * records or lifts. Every function takes the database; throws only what the driver throws.
 */
import { and, count, desc, eq, ilike, inArray, like, or, sql, type SQL } from "drizzle-orm";
import { recordAudit, type Actor } from "~/core/audit/audit.server";
import type { Database } from "~/db/client.server";
import { messageAttempts, messageOptOuts, messages, MESSAGE_STATUSES, type MessageStatus } from "~/db/schema/messages";
import { randomBytes } from "node:crypto";
import type { MessageFilters } from "./list-query";
import { normaliseRecipient } from "./recipient";
import { hideSecrets } from "./templates";
import { containsPattern, escapeLike, typedMobile } from "~/lib/search";
import { students } from "~/db/schema/fees";

export type MessageListRow = {
  publicId: string;
  kind: string;
  channel: "email" | "sms";
  recipient: string;
  subject: string | null;
  related: string | null;
  status: MessageStatus;
  /** Tries recorded for it (attempt rows), across resends. */
  tries: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

/** The WHERE clause of the filters; `withStatus: false` leaves the status out (for the counts). */
function whereOf(f: MessageFilters, withStatus = true): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (withStatus && f.status) parts.push(eq(messages.status, f.status));
  if (f.kind) parts.push(eq(messages.kind, f.kind));
  if (f.channel) parts.push(eq(messages.channel, f.channel));
  const q = f.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    const mobile = typedMobile(q);
    // A child's name or admission number finds what was sent to the parent's mobile and e-mail on the roll.
    const family = sql`SELECT right(regexp_replace(${students.mobile}, '[^0-9]', '', 'g'), 10) FROM ${students} WHERE ${students.name} ILIKE ${containsPattern(q)} OR ${students.admissionNumber} ILIKE ${containsPattern(q)}
      UNION SELECT lower(trim(${students.email})) FROM ${students} WHERE ${students.email} IS NOT NULL AND (${students.name} ILIKE ${containsPattern(q)} OR ${students.admissionNumber} ILIKE ${containsPattern(q)})`;
    parts.push(
      or(
        like(messages.recipient, pattern),
        ilike(messages.related, containsPattern(q)),
        ilike(messages.subject, containsPattern(q)),
        // A mobile typed with spaces or +91 still finds the stored 10 digits.
        mobile ? like(messages.recipient, `%${mobile}%`) : undefined,
        sql`${messages.recipient} IN (${family})`,
      ),
    );
  }
  return parts.length ? and(...parts) : undefined;
}

// Qualified by hand: in a select list Drizzle writes columns unqualified, and "id" would then be the attempt's own.
const triesOf = sql<number>`(select count(*)::int from "message_attempts" where "message_attempts"."message_id" = "messages"."id")`;

/** One page of messages matching `filters`, newest first, and how many match in all. */
export async function listMessages(db: Database, filters: MessageFilters, page: { number: number; size: number }): Promise<{ rows: MessageListRow[]; total: number }> {
  const where = whereOf(filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        publicId: messages.publicId,
        kind: messages.kind,
        channel: messages.channel,
        recipient: messages.recipient,
        subject: messages.subject,
        related: messages.related,
        status: messages.status,
        tries: triesOf,
        lastError: messages.lastError,
        createdAt: messages.createdAt,
        sentAt: messages.sentAt,
      })
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    db.select({ n: sql<number>`count(*)::int` }).from(messages).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, tries: Number(r.tries) })), total: Number(totals?.n ?? 0) };
}

/** How many messages are in each state, for every filter but the state itself. */
export async function statusCounts(db: Database, filters: MessageFilters): Promise<Record<MessageStatus, number>> {
  const rows = await db.select({ status: messages.status, n: count() }).from(messages).where(whereOf(filters, false)).groupBy(messages.status);
  const counts = Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as Record<MessageStatus, number>;
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

export type MessageDetail = typeof messages.$inferSelect & { attemptRows: (typeof messageAttempts.$inferSelect)[] };

/**
 * A message by its public id with its attempts, oldest first; null when there is none. A
 * set-password link in it is hidden (templates.ts `hideSecrets`): whoever may read messages must
 * not be able to take over the account it was sent to.
 */
export async function messageByPublicId(db: Database, publicId: string): Promise<MessageDetail | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(publicId)) return null;
  const [message] = await db.select().from(messages).where(eq(messages.publicId, publicId));
  if (!message) return null;
  const attemptRows = await db.select().from(messageAttempts).where(eq(messageAttempts.messageId, message.id)).orderBy(messageAttempts.startedAt, messageAttempts.id);
  const hidden = { bodyText: hideSecrets(message.kind, message.bodyText), bodyHtml: message.bodyHtml === null ? null : hideSecrets(message.kind, message.bodyHtml) };
  return { ...message, ...hidden, attemptRows };
}

export type ResendResult =
  /** The same message is queued again (it had failed, was held or skipped). */
  | { kind: "requeued"; publicId: string }
  /** It had been sent: a copy is queued, so both stay on record. */
  | { kind: "copied"; publicId: string }
  /** Queued or being sent now: nothing to do. */
  | { kind: "pending" }
  | { kind: "not_found" };

/** `<key>:resend:<n>` keys of copies are made from the original's key, however often it was copied. */
function baseKey(key: string): string {
  return key.replace(/(?::resend:\d+)+$/, "");
}

/**
 * Sends message `publicId` again. A failed, held or skipped message is queued again now with
 * its error cleared and a fresh round of tries (its earlier attempts stay listed). A sent one is
 * copied as a new message (new public id, idempotency key `<key>:resend:<n>`) so the first
 * stays on record as sent; a copy's stop link still names the first message, whose recipient is
 * the same. Done by `actor`, with the audit row (`message.resend`, by public id) in the same
 * transaction.
 */
export async function resend(db: Database, publicId: string, now: Date, actor: Actor): Promise<ResendResult> {
  return db.transaction(async (tx) => {
    const [message] = await tx.select().from(messages).where(eq(messages.publicId, publicId)).for("update");
    if (!message) return { kind: "not_found" } as const;
    if (message.status === "queued" || message.status === "sending") return { kind: "pending" } as const;
    if (message.status !== "sent") {
      await tx.update(messages).set({ status: "queued", nextAttemptAt: now, lastError: null, attempts: 0, updatedAt: now }).where(eq(messages.id, message.id));
      await recordAudit(tx, { actor, action: "message.resend", entity: "message", entityId: publicId, before: { status: message.status }, after: { status: "queued" } });
      return { kind: "requeued", publicId } as const;
    }
    const base = baseKey(message.idempotencyKey);
    const [copies] = await tx.select({ n: sql<number>`count(*)::int` }).from(messages).where(like(messages.idempotencyKey, `${escapeLike(base)}:resend:%`));
    const copy = randomBytes(16).toString("base64url");
    await tx.insert(messages).values({
      publicId: copy,
      idempotencyKey: `${base}:resend:${Number(copies?.n ?? 0) + 1}`,
      kind: message.kind,
      channel: message.channel,
      audience: message.audience,
      recipient: message.recipient,
      subject: message.subject,
      bodyText: message.bodyText,
      bodyHtml: message.bodyHtml,
      smsVariables: message.smsVariables,
      attachments: message.attachments,
      headers: message.headers,
      related: message.related,
      status: "queued",
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, { actor, action: "message.resend", entity: "message", entityId: publicId, before: { copy: null }, after: { copy } });
    return { kind: "copied", publicId: copy } as const;
  });
}

export type OptOut = { recipient: string; source: string; createdAt: Date };

/** The opt-outs among `addresses` (normalised before comparing), by normalised address. */
export async function optOutsOf(db: Database, addresses: string[]): Promise<Map<string, OptOut>> {
  const keys = [...new Set(addresses.filter(Boolean).map(normaliseRecipient))];
  if (keys.length === 0) return new Map();
  const rows = await db.select().from(messageOptOuts).where(inArray(messageOptOuts.recipient, keys));
  return new Map(rows.map((r) => [r.recipient, r]));
}

/**
 * Stops fee reminders to `address` ("link", "sms" or "office"). Returns false when they were
 * already stopped (the first record, and its source, is kept). The office's stop names the staff
 * member (`actor`), audited (`reminders.stop`, by the normalised address) in the same transaction.
 */
export async function stopReminders(db: Database, address: string, source: "link" | "sms" | "office", now = new Date(), actor?: Actor): Promise<boolean> {
  const recipient = normaliseRecipient(address);
  return db.transaction(async (tx) => {
    const stored = await tx.insert(messageOptOuts).values({ recipient, source, createdAt: now }).onConflictDoNothing().returning({ recipient: messageOptOuts.recipient });
    if (stored.length > 0 && actor) await recordAudit(tx, { actor, action: "reminders.stop", entity: "reminders", entityId: recipient, before: { reminders: "sent" }, after: { reminders: "stopped" } });
    return stored.length > 0;
  });
}

/**
 * Sends fee reminders to `address` again, on behalf of `actor` (audited: `reminders.restart`,
 * by the normalised address, in the same transaction). Returns false when they had not been stopped.
 */
export async function restartReminders(db: Database, address: string, actor: Actor): Promise<boolean> {
  const recipient = normaliseRecipient(address);
  return db.transaction(async (tx) => {
    const removed = await tx.delete(messageOptOuts).where(eq(messageOptOuts.recipient, recipient)).returning({ recipient: messageOptOuts.recipient, source: messageOptOuts.source });
    if (removed.length > 0) await recordAudit(tx, { actor, action: "reminders.restart", entity: "reminders", entityId: recipient, before: { reminders: `stopped (${removed[0]!.source})` }, after: { reminders: "sent" } });
    return removed.length > 0;
  });
}
