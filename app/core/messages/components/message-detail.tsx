/**
 * /admin/messages/{publicId}: one message as it is (or was) sent: who to, its state and last
 * error, the subject, the plain-text part (or the SMS), the HTML part in a sandboxed iframe, its
 * attachments, every attempt (time, outcome, error, provider id), and Send again (for someone
 * who may: `canResend`).
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/button";
import { PageHeader } from "~/components/page-header";
import type { MessageAudience, MessageChannel, MessageStatus } from "~/db/message-values";
import { CHANNEL_LABELS, MessageStatusBadge } from "./message-status";

export type MessageDetailView = {
  publicId: string;
  kindLabel: string;
  channel: MessageChannel;
  audience: MessageAudience;
  recipient: string;
  status: MessageStatus;
  subject: string | null;
  bodyText: string;
  htmlHref: string | null;
  attachments: string[];
  related: { label: string; href: string | null } | null;
  created: string;
  sent: string | null;
  lastError: string | null;
  providerMessageId: string | null;
  attempts: { started: string; finished: string | null; outcome: string; error: string | null; providerMessageId: string | null }[];
  /** "Send again" (failed, held, skipped), "Send a copy" (sent), or null while queued or sending. */
  resendLabel: string | null;
};

export type ResendNotice = { ok: boolean; message: string; href?: string };

const OUTCOMES: Record<string, string> = { sending: "Sending", sent: "Sent", retry: "Will retry", failed: "Failed", unknown: "Unknown (worker stopped)" };

export function MessageDetail({ m, notice, busy, canResend }: { m: MessageDetailView; notice: ResendNotice | undefined; busy: boolean; canResend: boolean }) {
  const facts: [string, ReactNode][] = [
    ["To", <span key="to" className="break-all">{m.recipient} ({m.audience === "office" ? "the office" : m.audience === "staff" ? "staff" : "parent"})</span>],
    ["Channel", CHANNEL_LABELS[m.channel]],
    ["State", <MessageStatusBadge key="s" status={m.status} />],
    ["Created (IST)", m.created],
    ["Sent (IST)", m.sent ?? "—"],
    ["Provider id", m.providerMessageId ?? "—"],
  ];
  if (m.related) facts.push(["About", m.related.href ? <Link key="r" to={m.related.href} className="text-brand-700 underline">{m.related.label}</Link> : m.related.label]);
  if (m.attachments.length) facts.push(["Attachments", m.attachments.join(", ")]);
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm"><Link to="/admin/messages" className="font-semibold text-brand-700 underline">← All messages</Link></p>
        <PageHeader
          title={m.kindLabel}
          actions={
            canResend && m.resendLabel && (
              <Form method="post">
                <input type="hidden" name="intent" value="resend" />
                <Button size="sm" disabled={busy}>{m.resendLabel}</Button>
              </Form>
            )
          }
        />
      </div>
      {notice && (
        <p role={notice.ok ? "status" : "alert"} className={`rounded-xl border p-3 text-sm font-semibold ${notice.ok ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900"}`}>
          {notice.message} {notice.href && <Link to={notice.href} className="underline">Open the copy</Link>}
        </p>
      )}
      {m.lastError && (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="last-error">
          <strong>Last error:</strong> {m.lastError}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:gap-x-6">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-700">{label}</dt>
            <dd className="min-w-0">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="content-heading" className="space-y-3">
        <h2 id="content-heading" className="text-xl font-bold text-brand-800">{m.channel === "email" ? "The e-mail" : "The SMS"}</h2>
        {m.subject && <p className="text-sm"><span className="font-semibold">Subject:</span> <span data-testid="message-subject">{m.subject}</span></p>}
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <div className="min-w-0">
            <h3 className="mb-1 text-sm font-semibold text-slate-700">{m.channel === "email" ? "Plain-text part" : "Text"}</h3>
            <pre className="max-h-[640px] overflow-auto rounded-xl border border-slate-200 bg-white p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="message-text">{m.bodyText}</pre>
          </div>
          {m.htmlHref && (
            <div className="min-w-0">
              <h3 className="mb-1 text-sm font-semibold text-slate-700">HTML part</h3>
              <iframe src={m.htmlHref} sandbox="" title={`The e-mail's HTML part: ${m.subject ?? m.kindLabel}`} className="h-[640px] w-full rounded-xl border border-slate-200 bg-white" />
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="attempts-heading">
        <h2 id="attempts-heading" className="text-xl font-bold text-brand-800">Attempts</h2>
        {m.attempts.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No attempt yet.</p>
        ) : (
          <ol className="mt-2 space-y-2">
            {m.attempts.map((a, i) => (
              <li key={i} className="rounded-xl border border-slate-200 bg-white p-3 text-sm" data-testid="attempt">
                <p><span className="font-semibold">{OUTCOMES[a.outcome] ?? a.outcome}</span> · {a.started}{a.finished && a.finished !== a.started ? ` to ${a.finished}` : ""}</p>
                {a.error && <p className="text-slate-800">{a.error}</p>}
                {a.providerMessageId && <p className="text-xs break-all text-slate-700">Provider id {a.providerMessageId}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
