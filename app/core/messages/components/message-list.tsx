/**
 * /admin/messages: every e-mail and SMS the school sends, newest first, with filters (state,
 * kind, channel, recipient or related search), a count per state, and each message's state,
 * tries and last error (a table on wide screens, cards on phones).
 */
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { Button, ButtonLink } from "~/components/button";
import { DenseField, TextInput } from "~/components/field";
import { FilterForm } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { Select } from "~/components/select";
import { MESSAGE_CHANNELS, MESSAGE_STATUSES, type MessageChannel, type MessageStatus } from "~/db/message-values";
import { messageSearch, type MessageFilters } from "../list-query";
import { MESSAGE_KINDS, TEMPLATES } from "../templates";
import { CHANNEL_LABELS, MESSAGE_STATUS_LABELS, MessageStatusBadge } from "./message-status";

export type MessageRowView = {
  publicId: string;
  kindLabel: string;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  related: { label: string; href: string | null } | null;
  status: MessageStatus;
  tries: number;
  lastError: string | null;
  created: string;
  sent: string | null;
};

type Props = {
  rows: MessageRowView[];
  total: number;
  counts: Record<MessageStatus, number>;
  page: number;
  pageCount: number;
  filters: MessageFilters;
  /** May press "Send fee reminders now" (messages.manage). */
  canSend: boolean;
  /** What the last press did, in words; null before one. */
  remindersNotice: string | null;
  busy: boolean;
};

/** "Send fee reminders now", with what the last press did beside the button, focused so it is read. */
function SendReminders({ notice, busy }: { notice: string | null; busy: boolean }) {
  const result = useRef<HTMLParagraphElement>(null);
  useEffect(() => result.current?.focus(), [notice]);
  return (
    <Form method="post" id="send-reminders" className="mt-4 rounded-2xl border border-slate-200 bg-white p-4">
      <input type="hidden" name="intent" value="send-reminders" />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button size="sm" variant="secondary" disabled={busy} aria-describedby="send-reminders-hint">Send fee reminders now</Button>
        <p id="send-reminders-hint" className="min-w-0 flex-1 basis-64 text-sm text-slate-700">
          A reminder to every family with fees past their due date, whatever the schedule's days and hour; a family reminded today already is not reminded again.
        </p>
      </div>
      {notice && (
        <p ref={result} tabIndex={-1} role="status" className="mt-3 rounded-xl border border-emerald-300 bg-emerald-50 p-3 text-sm font-semibold text-emerald-900 outline-none" data-testid="reminders-notice">
          {notice}
        </p>
      )}
    </Form>
  );
}

function Related({ related }: { related: MessageRowView["related"] }) {
  if (!related) return null;
  return related.href ? <Link className="text-brand-700 underline" to={related.href}>{related.label}</Link> : <span>{related.label}</span>;
}

export function MessageList({ rows, total, counts, page, pageCount, filters, canSend, remindersNotice, busy }: Props) {
  const number = new Intl.NumberFormat("en-IN");
  const countHref = (status: MessageStatus) => `/admin/messages${messageSearch({ ...filters, status })}`;
  return (
    <>
      <PageHeader
        title="Messages"
        actions={
          <ButtonLink to="/admin/messages/templates" variant="neutral" size="xs">
            Templates, switches and schedule
          </ButtonLink>
        }
      />
      <p className="mt-1 max-w-3xl text-sm text-slate-700">
        Every e-mail and SMS the site sends, with its state. Held messages wait for a provider to be configured (or an SMS template id); failed ones can be sent again.
      </p>
      {canSend && <SendReminders notice={remindersNotice} busy={busy} />}

      <FilterForm columns={6} clearHref="/admin/messages">
        <DenseField label="Recipient, child, admission number, order or application" className="lg:col-span-3">
          <TextInput look="dense" type="search" name="q" defaultValue={filters.q ?? ""} />
        </DenseField>
        <DenseField label="State">
          <Select look="dense" name="status" defaultValue={filters.status ?? ""}>
            <option value="">All</option>
            {MESSAGE_STATUSES.map((s) => <option key={s} value={s}>{MESSAGE_STATUS_LABELS[s]}</option>)}
          </Select>
        </DenseField>
        <DenseField label="Kind">
          <Select look="dense" name="kind" defaultValue={filters.kind ?? ""}>
            <option value="">All</option>
            {MESSAGE_KINDS.map((k) => <option key={k} value={k}>{TEMPLATES[k].label}</option>)}
          </Select>
        </DenseField>
        <DenseField label="Channel">
          <Select look="dense" name="channel" defaultValue={filters.channel ?? ""}>
            <option value="">All</option>
            {MESSAGE_CHANNELS.map((c) => <option key={c} value={c}>{CHANNEL_LABELS[c]}</option>)}
          </Select>
        </DenseField>
      </FilterForm>

      <section aria-labelledby="counts-heading" className="mt-5">
        <h2 id="counts-heading" className="sr-only">Messages per state</h2>
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
          {MESSAGE_STATUSES.map((status) => (
            <li key={status}>
              <Link to={countHref(status)} className={`block rounded-xl border bg-white p-3 hover:border-brand-700 ${filters.status === status ? "border-brand-700" : "border-slate-200"}`} data-testid={`count-${status}`}>
                <span className="block text-xs font-semibold tracking-wide text-slate-700 uppercase">{MESSAGE_STATUS_LABELS[status]}</span>
                <span className="block text-lg font-bold tabular-nums">{number.format(counts[status])}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <p className="mt-4 text-sm text-slate-700" data-testid="message-count">
        {number.format(total)} {total === 1 ? "message" : "messages"}
      </p>

      {rows.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">No messages match these filters.</p>
      ) : (
        <>
          <table className="mt-3 hidden w-full overflow-hidden rounded-2xl border border-slate-200 bg-white text-left text-sm md:table">
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">Created (IST)</th>
                <th scope="col" className="px-3 py-2">Message</th>
                <th scope="col" className="px-3 py-2">To</th>
                <th scope="col" className="px-3 py-2">State</th>
                <th scope="col" className="px-3 py-2 text-right">Tries</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.publicId} className="border-t border-slate-200 align-top" data-testid="message-row">
                  <td className="px-3 py-3 whitespace-nowrap">{r.created}</td>
                  <td className="px-3 py-3">
                    <Link className="font-semibold text-brand-700 underline" to={`/admin/messages/${r.publicId}`}>{r.kindLabel}</Link>
                    <span className="block text-xs text-slate-700">{CHANNEL_LABELS[r.channel]}{r.subject ? ` · ${r.subject}` : ""}</span>
                    {r.related && <span className="block text-xs"><Related related={r.related} /></span>}
                  </td>
                  <td className="px-3 py-3 break-all">{r.recipient}</td>
                  <td className="px-3 py-3">
                    <MessageStatusBadge status={r.status} />
                    {r.sent && <span className="mt-1 block text-xs text-slate-700">Sent {r.sent}</span>}
                    {r.lastError && <span className="mt-1 block max-w-md text-xs text-slate-800" data-testid="message-error">{r.lastError}</span>}
                  </td>
                  <td className="px-3 py-3 text-right tabular-nums">{r.tries}</td>
                </tr>
              ))}
            </tbody>
          </table>

          <ul className="mt-3 space-y-3 md:hidden">
            {rows.map((r) => (
              <li key={r.publicId} className="rounded-2xl border border-slate-200 bg-white p-4">
                <div className="flex items-start justify-between gap-2">
                  <Link className="font-semibold text-brand-700 underline" to={`/admin/messages/${r.publicId}`}>{r.kindLabel}</Link>
                  <MessageStatusBadge status={r.status} />
                </div>
                <p className="mt-1 text-sm break-all">{CHANNEL_LABELS[r.channel]} to {r.recipient}</p>
                <p className="text-sm text-slate-700">{r.created}{r.sent ? ` · sent ${r.sent}` : ""} · {r.tries} {r.tries === 1 ? "try" : "tries"}</p>
                {r.related && <p className="text-sm"><Related related={r.related} /></p>}
                {r.lastError && <p className="mt-1 text-sm text-slate-800">{r.lastError}</p>}
              </li>
            ))}
          </ul>
        </>
      )}

      <Pager page={page} pageCount={pageCount} searchOf={(p) => messageSearch(filters, p)} />
    </>
  );
}
