/**
 * What the outbox (DESIGN.md §2, messages row) hands a text-message provider, and what it gets
 * back. One interface for every provider: the outbox decides when to send and when to retry; a
 * provider only speaks its own HTTP API and says which kind of failure it met.
 * Implementations: msg91.server.ts.
 */

/**
 * A text message ready for a provider: `to` is a 10-digit Indian mobile; `templateId` the DLT
 * template id registered with the provider (for MSG91, the id MSG91 gave the DLT-verified template); `variables` the template's values in order of their
 * names; `text` the rendered text (for logs/admin); `reference` our message's id, unique, used for
 * the provider's idempotency where it has one.
 */
export type SmsMessage = { to: string; templateId: string; variables: Record<string, string>; text: string; reference: string };

/**
 * The outcome of one send: sent (with the provider's id), or not: `permanent` true means never
 * retry (an invalid number, a rejected template); false means try again later, after
 * `retryAfterMs` when the provider said so (rate limit).
 */
export type SendResult = { ok: true; providerMessageId: string | null } | { ok: false; permanent: boolean; error: string; retryAfterMs?: number };

/**
 * A text-message provider. `name` is stored with each attempt (e.g. "msg91"). `send` never
 * throws: every failure, the network's included, comes back as a `SendResult`.
 */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<SendResult>;
}

/** An e-mail ready for SMTP: one recipient, both parts, attachments made, a stable Message-ID ("<id@host>"). */
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
  attachments: { filename: string; content: Buffer; contentType: string }[];
};

/** An e-mail channel: `send` never throws (every failure is a `SendResult`); `close` ends its connections. */
export interface EmailSender {
  send(message: EmailMessage): Promise<SendResult>;
  close(): void;
}
