/**
 * The fee book in the admin area: the session's heads per class group, bus stops,
 * concessions and the late fee rule as tables, and an editor for the whole book (JSON, checked
 * with the same rules as the server; the error names the field), for those who may edit it
 * (`canEdit`; others read who may: `need`). Saving never touches the ledger.
 */
import { Form, Link, useNavigation } from "react-router";
import { ReadOnlyNote } from "~/components/read-only-note";
import { formatRupees } from "~/lib/money";
import { HEAD_PERIOD_LABELS, type FeeBook } from "../book";
import { FeesNav, Notice, primary } from "./admin";

const th = "p-2 text-left";

export function FeeBookPage({ book, session, sessions, text, error, ok, canEdit, need }: { book: FeeBook | null; session: string; sessions: readonly string[]; text: string; error: string | null; ok: string | null; canEdit: boolean; need: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h1 className="text-2xl font-bold text-brand-800">Fee book {session}</h1>
      <FeesNav />
      <p className="mb-4 flex flex-wrap gap-4 text-sm">
        {sessions.map((s, i) =>
          s === session ? (
            <span key={s} className="font-semibold">Session {s}</span>
          ) : (
            <Link key={s} to={i === 0 ? "/admin/fees/book" : `/admin/fees/book?session=${s}`} className="text-brand-700 underline">
              Session {s}
            </Link>
          ),
        )}
      </p>
      <Notice tone="error" message={error} />
      <Notice tone="ok" message={ok} />
      {!book ? (
        <p>No fee book for {session} yet{canEdit ? ": write one below" : ""}.</p>
      ) : (
        <div className="space-y-6">
          <p>Each period falls due on day {book.dueDay} of its month (quarterly in April, July, October, January; annual and one-time in April). Late fee: {book.lateFee.kind === "flat" ? `${formatRupees(book.lateFee.amountPaise)} once` : `${formatRupees(book.lateFee.amountPaise)} a day`} after the due date, at most {formatRupees(book.lateFee.capPaise)} a month. {book.bounceChargePaise > 0 ? `A returned cheque or demand draft may be charged ${formatRupees(book.bounceChargePaise)} ("bounceChargePaise").` : 'No charge for a returned cheque or demand draft ("bounceChargePaise": 0).'}</p>
          {book.structures.map((s) => (
            <div key={s.classes.join()} className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className="w-full text-sm">
                <caption className="p-2 text-left font-semibold">{s.classes.join(", ")}</caption>
                <thead className="bg-slate-50"><tr><th className={th}>Head</th><th className={th}>Period</th><th className="p-2 text-right">Amount</th></tr></thead>
                <tbody>{s.heads.map((h) => <tr key={h.name} className="border-t border-slate-200"><td className="p-2">{h.name}</td><td className="p-2">{HEAD_PERIOD_LABELS[h.period]}</td><td className="p-2 text-right">{formatRupees(h.amountPaise)}</td></tr>)}</tbody>
              </table>
            </div>
          ))}
          <div className="grid gap-6 lg:grid-cols-2">
            <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
              <caption className="p-2 text-left font-semibold">Bus, per month</caption>
              <tbody>{book.bus.map((b) => <tr key={b.code} className="border-t border-slate-200"><td className="p-2 font-mono">{b.code}</td><td className="p-2">{b.name}</td><td className="p-2 text-right">{formatRupees(b.monthlyPaise)}</td></tr>)}</tbody>
            </table>
            <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
              <caption className="p-2 text-left font-semibold">Concessions</caption>
              <tbody>{book.concessions.map((c) => <tr key={c.code} className="border-t border-slate-200"><td className="p-2 font-mono">{c.code}</td><td className="p-2">{c.name}</td><td className="p-2">{c.kind === "percent" ? `${c.percent}%` : formatRupees(c.amountPaise ?? 0)} of {c.heads.join(", ")}</td></tr>)}</tbody>
            </table>
          </div>
        </div>
      )}
      {canEdit ? (
        <Form method="post" className="mt-8">
          <label className="block">
            <span className="text-lg font-bold text-brand-800">Edit the fee book</span>
            <span className="block text-sm text-slate-700">Amounts are in paise (₹1 = 100). Changes apply to dues posted from now on; what families have been charged or have paid stays as it is.</span>
            <textarea key={session} name="book" rows={18} spellCheck={false} defaultValue={text} className="mt-2 block w-full rounded-lg border border-slate-400 bg-white p-3 font-mono text-xs" />
          </label>
          <button type="submit" disabled={busy} className={`${primary} mt-3`}>Save fee book</button>
        </Form>
      ) : (
        <ReadOnlyNote need={need} className="mt-8" />
      )}
    </div>
  );
}
