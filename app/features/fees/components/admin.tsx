/**
 * The administrator's fee screens (issue 13): the roll, one student (edit, months, collect at
 * the office, payments with refund), the roll import, the fee book, collections and defaulters.
 * Plain forms posting to their own route; messages are announced (role="alert"/"status").
 */
import { Form, Link, useNavigation } from "react-router";
import { formatRupees } from "~/lib/money";
import type { MonthRow } from "../parent.server";
import type { RowProblem } from "../roster";

export const input = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2";
export const primary = "min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:bg-slate-500";
export const secondary = "inline-block min-h-11 rounded-lg border border-brand-700 px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50";

export function FeesNav() {
  const links = [
    ["/admin/fees", "Student roll"],
    ["/admin/fees/import", "Import roll (CSV)"],
    ["/admin/fees/book", "Fee book"],
    ["/admin/fees/collections", "Collections"],
    ["/admin/fees/defaulters", "Defaulters"],
  ] as const;
  return (
    <nav aria-label="Fees" className="mb-6 flex flex-wrap gap-2 print:hidden">
      {links.map(([to, label]) => (
        <Link key={to} to={to} className="rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 hover:border-brand-700">{label}</Link>
      ))}
    </nav>
  );
}

export function Notice({ message, tone }: { message: string | null | undefined; tone: "error" | "ok" }) {
  if (!message) return null;
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`my-4 rounded-lg border p-4 ${tone === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-900"}`}>{message}</p>
  );
}

export type RollRow = { id: number; admissionNumber: string; name: string; className: string; mobile: string; busStop: string | null; concessions: string[] };

export function RollList({ rows, q, className, classes }: { rows: RollRow[]; q: string; className: string; classes: readonly string[] }) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-brand-800">Student roll</h1>
      <FeesNav />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="min-w-0 flex-1">
          <span className="font-semibold">Name or admission number</span>
          <input name="q" defaultValue={q} className={input} />
        </label>
        <label>
          <span className="font-semibold">Class</span>
          <select name="class" defaultValue={className} className={input}>
            <option value="">All classes</option>
            {classes.map((c) => <option key={c}>{c}</option>)}
          </select>
        </label>
        <button type="submit" className={primary}>Search</button>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-5">No students {q || className ? "match this search" : "on the roll yet"}. <Link to="/admin/fees/import" className="font-semibold text-brand-700 underline">Import the roll from CSV</Link>.</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Students</caption>
            <thead className="bg-slate-50"><tr><th className="p-2">Admission no.</th><th className="p-2">Name</th><th className="p-2">Class</th><th className="p-2">Mobile</th><th className="p-2">Bus</th><th className="p-2">Concessions</th></tr></thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-200">
                  <td className="p-2 font-mono"><Link to={`/admin/fees/students/${r.id}`} className="font-semibold text-brand-700 underline">{r.admissionNumber}</Link></td>
                  <td className="p-2">{r.name}</td>
                  <td className="p-2">{r.className}</td>
                  <td className="p-2">{r.mobile}</td>
                  <td className="p-2">{r.busStop ?? "—"}</td>
                  <td className="p-2">{r.concessions.join(", ") || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function ProblemTable({ problems }: { problems: RowProblem[] }) {
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-red-300 bg-white">
      <table className="w-full text-left text-sm" data-testid="rejected-rows">
        <caption className="p-2 text-left font-semibold text-red-900">Rejected rows ({problems.length}): nothing was imported</caption>
        <thead className="bg-red-50"><tr><th className="p-2">Line</th><th className="p-2">Admission no.</th><th className="p-2">Reasons</th></tr></thead>
        <tbody>
          {problems.map((p) => (
            <tr key={`${p.line}-${p.admissionNumber}`} className="border-t border-slate-200">
              <td className="p-2">{p.line}</td>
              <td className="p-2 font-mono">{p.admissionNumber || "—"}</td>
              <td className="p-2"><ul>{p.reasons.map((r) => <li key={r}>{r}</li>)}</ul></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ImportPage({ result }: { result: { kind: "imported"; count: number } | { kind: "rejected"; problems: RowProblem[] } | { kind: "error"; message: string } | null }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h1 className="text-2xl font-bold text-brand-800">Import the student roll</h1>
      <FeesNav />
      <p>Upload a CSV file with the template's columns. Every row is checked; if any row is wrong, nothing is imported and each wrong row is listed with its reasons.</p>
      <p className="mt-2"><a href="/admin/fees/template.csv" download className={secondary}>Download the template (CSV)</a></p>
      <Form method="post" encType="multipart/form-data" className="mt-6 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <label className="min-w-0 flex-1">
          <span className="font-semibold">Roll CSV file</span>
          <input type="file" name="file" accept=".csv,text/csv" required className={input} />
        </label>
        <button type="submit" disabled={busy} className={primary}>{busy ? "Importing..." : "Import"}</button>
      </Form>
      {result?.kind === "error" && <Notice tone="error" message={result.message} />}
      {result?.kind === "imported" && <Notice tone="ok" message={`Imported ${result.count} students.`} />}
      {result?.kind === "rejected" && <ProblemTable problems={result.problems} />}
    </div>
  );
}

const STATUS_TEXT: Record<string, string> = { paid: "Paid", due: "Due", overdue: "Overdue", upcoming: "Upcoming" };

/** One purpose's months for the office: status, amount, and checkboxes to collect. */
export function OfficeCollect({ purpose, title, months, busy }: { purpose: "tuition" | "bus"; title: string; months: MonthRow[]; busy: boolean }) {
  const open = months.some((m) => m.status !== "paid");
  return (
    <Form method="post" className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <input type="hidden" name="intent" value="collect" />
      <input type="hidden" name="purpose" value={purpose} />
      <fieldset>
        <legend className="text-lg font-bold text-brand-800">{title}</legend>
        {months.length === 0 && <p>Nothing is charged.</p>}
        <ul className="mt-2 divide-y divide-slate-200">
          {months.map((m) => (
            <li key={m.month} className="flex flex-wrap items-center gap-3 py-2" data-testid={`${purpose}-${m.month}`}>
              {m.status !== "paid" ? <input id={`${purpose}-${m.month}`} type="checkbox" name="month" value={m.month} className="size-5" /> : <span className="size-5" aria-hidden="true" />}
              <label htmlFor={m.status !== "paid" ? `${purpose}-${m.month}` : undefined} className="min-w-32 flex-1 font-semibold">{m.label}</label>
              <span className="text-sm">{STATUS_TEXT[m.status]}</span>
              <span className="min-w-40 text-right text-sm">{m.status === "paid" ? "" : `${formatRupees(m.payablePaise)}${m.lateFeePaise ? ` (late fee ${formatRupees(m.lateFeePaise)})` : ""}`}</span>
            </li>
          ))}
        </ul>
      </fieldset>
      {open && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <label>
            <span className="font-semibold">Mode</span>
            <select name="mode" className={input} defaultValue="cash">
              <option value="cash">Cash</option>
              <option value="cheque">Cheque</option>
              <option value="dd">Demand draft</option>
              <option value="upi">UPI</option>
              <option value="neft">NEFT</option>
            </select>
          </label>
          <label>
            <span className="font-semibold">Cheque/DD number</span>
            <input name="instrumentNumber" maxLength={20} className={input} />
          </label>
          <label>
            <span className="font-semibold">Bank (cheque/DD)</span>
            <input name="bank" maxLength={80} className={input} />
          </label>
          <label>
            <span className="font-semibold">Cheque/DD date</span>
            <input name="instrumentDate" type="date" className={input} />
          </label>
          <label>
            <span className="font-semibold">UTR (UPI/NEFT)</span>
            <input name="utr" maxLength={30} className={input} />
          </label>
          <div className="flex items-end"><button type="submit" disabled={busy} className={primary}>Record payment and issue receipt</button></div>
        </div>
      )}
    </Form>
  );
}

export type PaymentRow = { id: number; paidAt: string; purpose: string; mode: string; amountPaise: number; receiptId: number | null; reversed: string | null };

export function PaymentsTable({ rows, busy }: { rows: PaymentRow[]; busy: boolean }) {
  if (rows.length === 0) return <p className="mt-2">No payments yet.</p>;
  return (
    <ul className="mt-2 space-y-3">
      {rows.map((p) => (
        <li key={p.id} className="rounded-lg border border-slate-200 bg-white p-3">
          <p>
            <strong>{formatRupees(p.amountPaise)}</strong> · {p.purpose} · {p.mode} · {p.paidAt}
            {p.receiptId && <> · <a href={`/admin/receipts/${p.receiptId}`} download className="font-semibold text-brand-700 underline">Receipt PDF</a></>}
          </p>
          {p.reversed ? (
            <p className="mt-1 text-sm text-red-900">{p.reversed}</p>
          ) : (
            <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="refund" />
              <input type="hidden" name="paymentId" value={p.id} />
              <label className="min-w-0 flex-1 text-sm">
                <span className="font-semibold">Reason for refund or cancellation</span>
                <input name="reason" minLength={3} maxLength={500} required className={input} />
              </label>
              <button type="submit" disabled={busy} className={secondary}>Refund / cancel</button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}
