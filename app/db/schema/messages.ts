/**
 * The messages outbox (docs/decisions/022-messages.md): every e-mail and SMS the school sends is
 * a `messages` row written in the transaction of the event that causes it (an order paid, an
 * application submitted, an enquiry stored), and sent afterwards by one worker at a time
 * (app/core/messages/worker.server.ts). Each try is a `message_attempts` row. Parents who stop
 * reminders are rows of `message_opt_outs`.
 */
import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { MESSAGE_AUDIENCES, MESSAGE_CHANNELS, MESSAGE_STATUSES, type MessageChannel, type MessageStatus } from "../message-values";

export { MESSAGE_CHANNELS, MESSAGE_STATUSES, type MessageChannel, type MessageStatus };

/** A document attached to an e-mail, made when it is sent: a receipt by id, an acknowledgement by application public id. */
export type AttachmentRef = { kind: string; id: string; filename: string };

export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Random, URL-safe; the local part of the e-mail's Message-ID and the SMS reference. */
    publicId: text("public_id").notNull(),
    /** `<event key>:<channel>`: enqueueing one event twice (a replay) stores one message. */
    idempotencyKey: text("idempotency_key").notNull(),
    kind: text("kind").notNull(),
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull(),
    audience: text("audience", { enum: MESSAGE_AUDIENCES }).notNull(),
    /** An e-mail address (lower-cased) or a 10-digit mobile. */
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    bodyText: text("body_text").notNull(),
    bodyHtml: text("body_html"),
    /** An SMS template's values by name, in the template's order. */
    smsVariables: jsonb("sms_variables").$type<Record<string, string>>(),
    attachments: jsonb("attachments").$type<AttachmentRef[]>().notNull().default([]),
    /** Extra e-mail headers (List-Unsubscribe on reminders). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /** What it is about, for the admin list: "order:KVA-…", "application:2026/0001". */
    related: text("related"),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("messages_public_id_idx").on(t.publicId),
    uniqueIndex("messages_idempotency_key_idx").on(t.idempotencyKey),
    index("messages_due_idx").on(t.nextAttemptAt, t.id).where(sql`status = 'queued'`),
    // The worker's every-run look at what is waiting, in flight or held stays small as sent mail grows.
    index("messages_open_idx").on(t.status, t.channel, t.kind).where(sql`status IN ('queued', 'sending', 'held')`),
    index("messages_created_at_idx").on(t.createdAt),
    index("messages_recipient_idx").on(t.recipient, t.createdAt),
    check("messages_status_known", sql`status IN ('queued', 'sending', 'sent', 'failed', 'held', 'skipped')`),
  ],
);

export const messageAttempts = pgTable(
  "message_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => messages.id),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** `sent`, `retry` (a temporary failure), `failed` (for good), `unknown` (the worker stopped mid-send). */
    outcome: text("outcome", { enum: ["sending", "sent", "retry", "failed", "unknown"] }).notNull().default("sending"),
    error: text("error"),
    providerMessageId: text("provider_message_id"),
  },
  (t) => [index("message_attempts_message_idx").on(t.messageId, t.startedAt)],
);

/** A parent who stopped reminders: an address (e-mail lower-cased, or 10-digit mobile). Receipts and replies still go. */
export const messageOptOuts = pgTable("message_opt_outs", {
  recipient: text("recipient").primaryKey(),
  /** "link" (the e-mail's stop link), "sms" (STOP), "office". */
  source: text("source").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
