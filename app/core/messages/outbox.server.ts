/**
 * The outbox (issue 26; docs/decisions/022-messages.md): `enqueue` writes a message in the
 * transaction of the event that causes it, rendered now from its template (what is stored is
 * what is sent), never sent from inside that transaction. If the transaction rolls back the
 * message was never there; once it commits the message cannot be lost: the worker
 * (./worker.server.ts) sends it later, however the process ends.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { messageOptOuts, messages, type AttachmentRef, type MessageChannel, type MessageStatus } from "~/db/schema/messages";
import { getConfig } from "~/lib/config.server";
import { MOBILE_PATTERN, normaliseMobile } from "~/lib/phone";
import { signToken } from "~/lib/signed-token.server";
import { and, eq, inArray } from "drizzle-orm";
import { renderEmail, renderSms } from "./render";
import type { MessageSettings } from "./settings";
import { messageSettings } from "./settings.server";
import { TEMPLATES, type MessageKind, type Template, type TemplateData } from "./templates";

/** How long a stop-reminders link works (ms): a year, longer than any reminder is kept. */
export const STOP_LINK_MS = 365 * 86_400_000;

export type EnqueueInput<K extends MessageKind> = {
  kind: K;
  data: TemplateData<K>;
  /** The parent's addresses (either may be missing); ignored for the office's kinds. */
  to?: { email?: string | null; mobile?: string | null };
  /**
   * What caused it, unique per event: "order:123", "application:…:admitted". With the kind and
   * channel it is the message's idempotency key: enqueueing one event twice stores one message.
   */
  key: string;
  attachments?: AttachmentRef[];
  /** What it is about, for the admin list ("order:KVA-…"). */
  related?: string;
  now?: Date;
  /**
   * The office's messages settings, when the caller read them in `tx` already: a paying
   * transaction reads them before it takes a receipt number, whose counter row stays locked from
   * then to the commit (docs/decisions/039-a-short-receipt-counter-lock.md).
   */
  settings?: MessageSettings;
};

export type Enqueued = { publicId: string; channel: MessageChannel; status: MessageStatus };

let nudge: (() => void) | null = null;

/** Lets the worker be woken soon after a message is enqueued in this process (set once by the server). */
export function onEnqueued(wake: () => void): void {
  nudge = wake;
}

const emailSchema = z.email();

/** A message's random public id: 16 bytes, base64url (22 characters). */
function newMessageId(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * Withdraws the messages about `related` ("receipt:KVA/2026-27/00042") that have not left yet
 * (queued or held): they become "skipped" with `reason` as their last error, so a receipt
 * cancelled before its "we received" message went out is never announced. In `tx`, the
 * transaction that made them stale. Returns how many were withdrawn.
 */
export async function withdrawMessages(tx: Database, related: string, reason: string): Promise<number> {
  const rows = await tx
    .update(messages)
    .set({ status: "skipped", lastError: reason.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(messages.related, related), inArray(messages.status, ["queued", "held"])))
    .returning({ id: messages.id });
  return rows.length;
}

/** The absolute stop-reminders link of message `publicId`. */
export function stopUrl(publicId: string, now: Date): string {
  const config = getConfig();
  return `${config.publicSiteUrl}/messages/stop/${signToken(config.authSecret, "kva-messages-stop", publicId, STOP_LINK_MS, now)}`;
}

type Row = typeof messages.$inferInsert;

/**
 * Stores the messages of `input.kind` for `input.data`: one per channel its template has and
 * the recipient has an address for (office kinds: an e-mail to the office). Switched-off kinds
 * and opted-out parents are stored as "skipped", malformed addresses as "failed" with the
 * reason, so nothing is dropped without a trace. Returns what was stored now (empty when the
 * event had been enqueued before). Use the event's transaction as `tx`. Throws what the driver
 * throws, or when the template and its data disagree.
 */
export async function enqueue<K extends MessageKind>(tx: Database, input: EnqueueInput<K>): Promise<Enqueued[]> {
  const template = TEMPLATES[input.kind] as unknown as Template<TemplateData<K>>;
  const now = input.now ?? new Date();
  const config = getConfig();
  const settings = input.settings ?? (await messageSettings(tx));
  const off = settings.off.includes(input.kind);

  type Target = { channel: MessageChannel; recipient: string; problem: string | null };
  const targets: Target[] = [];
  if (template.audience === "office") {
    targets.push({ channel: "email", recipient: config.mail.officeEmail, problem: null });
  } else {
    const email = input.to?.email?.trim().toLowerCase();
    if (template.email && email) targets.push({ channel: "email", recipient: email, problem: emailSchema.safeParse(email).success ? null : "Not a valid e-mail address" });
    const mobile = input.to?.mobile ? normaliseMobile(input.to.mobile) : "";
    if (template.sms && mobile) targets.push({ channel: "sms", recipient: mobile, problem: MOBILE_PATTERN.test(mobile) ? null : "Not a valid 10-digit mobile number" });
  }
  if (targets.length === 0) return [];

  const optedOut = template.optional
    ? new Set((await tx.select({ recipient: messageOptOuts.recipient }).from(messageOptOuts).where(inArray(messageOptOuts.recipient, targets.map((t) => t.recipient)))).map((r) => r.recipient))
    : new Set<string>();

  const rows: Row[] = targets.map((target) => {
    const publicId = newMessageId();
    const status: MessageStatus = off ? "skipped" : optedOut.has(target.recipient) ? "skipped" : target.problem ? "failed" : "queued";
    const lastError = off ? "This kind of message is switched off in Messages." : optedOut.has(target.recipient) ? "The parent stopped fee reminders." : target.problem;
    const base = {
      publicId,
      idempotencyKey: `${input.kind}:${input.key}:${target.channel}`,
      kind: input.kind,
      channel: target.channel,
      audience: template.audience,
      recipient: target.recipient,
      related: input.related ?? null,
      status,
      lastError,
      createdAt: now,
      updatedAt: now,
      nextAttemptAt: now,
    };
    if (target.channel === "email") {
      const stop = template.optional ? stopUrl(publicId, now) : null;
      const email = renderEmail(template.email!(input.data), { siteUrl: config.publicSiteUrl, stopUrl: stop });
      return {
        ...base,
        subject: email.subject,
        bodyText: email.text,
        bodyHtml: email.html,
        attachments: input.attachments ?? [],
        // RFC 8058 one-click stop for mail programs that offer it.
        headers: (stop ? { "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {}) as Record<string, string>,
      };
    }
    const sms = renderSms({ text: template.sms!.text, values: template.sms!.values(input.data) }, config.publicSiteUrl);
    return { ...base, bodyText: sms.text, smsVariables: sms.variables };
  });

  const stored = await tx
    .insert(messages)
    .values(rows)
    .onConflictDoNothing({ target: messages.idempotencyKey })
    .returning({ publicId: messages.publicId, channel: messages.channel, status: messages.status });
  if (stored.some((m) => m.status === "queued")) setTimeout(() => nudge?.(), 250).unref();
  return stored;
}
