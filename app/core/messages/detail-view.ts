/** What the admin's message page shows of a stored message, with times in IST (12-hour). Pure. */
import { formatDateTime } from "~/lib/dates";
import type { MessageDetail } from "./admin.server";
import type { MessageDetailView } from "./components/message-detail";
import { relatedHref } from "./list-query";
import { templateOf } from "./templates";

/** The page's view of `m`: its HTML served from `/admin/messages/<id>/html`, resend offered unless queued or sending. */
export function messageDetailView(m: MessageDetail): MessageDetailView {
  const time = (d: Date | null) => (d ? formatDateTime(d) : null);
  return {
    publicId: m.publicId,
    kindLabel: templateOf(m.kind)?.label ?? m.kind,
    channel: m.channel,
    audience: m.audience,
    recipient: m.recipient,
    status: m.status,
    subject: m.subject,
    bodyText: m.bodyText,
    htmlHref: m.bodyHtml ? `/admin/messages/${m.publicId}/html` : null,
    attachments: m.attachments.map((a) => a.filename),
    related: m.related ? { label: m.related, href: relatedHref(m.related) } : null,
    created: formatDateTime(m.createdAt),
    sent: time(m.sentAt),
    lastError: m.lastError,
    providerMessageId: m.providerMessageId,
    attempts: m.attemptRows.map((a) => ({ started: formatDateTime(a.startedAt), finished: time(a.finishedAt), outcome: a.outcome, error: a.error, providerMessageId: a.providerMessageId })),
    resendLabel: m.status === "queued" || m.status === "sending" ? null : m.status === "sent" ? "Send a copy" : "Send again",
  };
}
