/**
 * E-mail over SMTP with nodemailer (DESIGN.md §2): one pooled transport, at most `ratePerSecond`
 * messages a second (the provider's limit), a stable Message-ID per message so a receiver (and
 * our tests) can tell a resend from a new mail. SMTP's own words decide retries (RFC 5321 §4.2.1):
 * a 5xx reply is permanent (an address that does not exist), a 4xx reply or a lost connection
 * is temporary.
 */
import nodemailer from "nodemailer";
import { school } from "#content/school";
import type { EmailMessage, EmailSender, SendResult } from "./channel";

export type SmtpOptions = {
  /** "smtp://user:pass@host:587" or "smtps://…:465". */
  url: string;
  /** The From header; default the school's name and first address. */
  from?: string;
  ratePerSecond: number;
  /** Longest wait for the server to answer a connection or a command (ms). */
  timeoutMs?: number;
};

type NodemailerError = Error & { code?: string; responseCode?: number; response?: string };

/** Whether trying again can help, from nodemailer's error (RFC 5321: 5xx permanent, 4xx transient). */
export function classifySmtpError(error: unknown): SendResult & { ok: false } {
  const e = error as NodemailerError;
  const reply = e.response ? ` (${e.response.slice(0, 300)})` : "";
  if (typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600) {
    return { ok: false, permanent: true, error: `The mail server refused it: ${e.responseCode}${reply}` };
  }
  if (typeof e.responseCode === "number") return { ok: false, permanent: false, error: `The mail server said try later: ${e.responseCode}${reply}` };
  return { ok: false, permanent: false, error: `The mail server could not be reached: ${e.code ?? ""} ${e.message}`.trim().slice(0, 500) };
}

/** The default From: "Kharagpur Vidya Academy <info@…>". */
export function defaultFrom(): string {
  return `"${school.name}" <${school.emails[0]}>`;
}

/** An EmailSender for `options`; `close()` ends the pool. Never throws from `send`. */
export function smtpSender(options: SmtpOptions): EmailSender {
  // nodemailer's pool counts `rateLimit` messages per `rateDelta` ms.
  const rateLimit = Math.max(1, Math.round(options.ratePerSecond));
  const timeout = options.timeoutMs ?? 20_000;
  const transport = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: 3,
    rateLimit,
    rateDelta: Math.round((1000 * rateLimit) / options.ratePerSecond),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 3,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const from = options.from ?? defaultFrom();
  return {
    async send(message: EmailMessage): Promise<SendResult> {
      try {
        const info = await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          headers: message.headers,
          attachments: message.attachments,
        });
        if (info.rejected.length > 0) return { ok: false, permanent: true, error: `The mail server refused ${info.rejected.join(", ")}` };
        return { ok: true, providerMessageId: message.messageId };
      } catch (error) {
        return classifySmtpError(error);
      }
    },
    close() {
      transport.close();
    },
  };
}
