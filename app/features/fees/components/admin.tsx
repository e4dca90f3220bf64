/**
 * The administrator's fee screens: the roll, one student (edit, months, collect at
 * the office, payments with refund), the roll import, the fee book, collections and defaulters.
 * Plain forms posting to their own route; messages are announced (role="alert"/"status").
 */
import { Form, Link, useNavigation } from "react-router";
import { formatRupees } from "~/lib/money";
import { REASON_MAX, REASON_MIN } from "~/lib/reason";
import type { MonthRow } from "../parent.server";
import type { RowProblem } from "~/core/students/roster";
import { buttonClass } from "~/components/button";
import { inputClass } from "~/components/field";
import { ReadOnlyNote } from "~/components/read-only-note";
import { useFocusOn } from "~/lib/use-focus-on";

export const input = inputClass("base");
export const primary = buttonClass({ size: "touch" });
export const secondary = buttonClass({ variant: "secondary", size: "touch-narrow", className: "inline-block" });

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

/** An action's result, focused when it appears so it is seen and read (useFocusOn). */
export function Notice({ message, tone, link }: { message: string | null | undefined; tone: "error" | "ok"; link?: { label: string; href: string } | null }) {
  const ref = useFocusOn<HTMLParagraphElement>(message);
  if (!message) return null;
  return (
    <p ref={ref} tabIndex={-1} role={tone === "error" ? "alert" : "status"} className={`my-4 rounded-lg border p-4 ${tone === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-900"}`}>
      {message}
      {link && <> <a href={link.href} download className="font-semibold underline">{link.label}</a></>}
    </p>
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
          <span className="font-semibold">Name, parent, admission number or mobile</span>
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

type ImportResult = { kind: "imported"; count: number } | { kind: "rejected"; problems: RowProblem[] } | { kind: "error"; message: string };

/** The roll's import: the template and the upload; for someone who may not import (`canImport` false), the template and a note saying who may (`need`). */
export function ImportPage({ result, canImport, need }: { result: ImportResult | null; canImport: boolean; need: string }) {
  const busy = useNavigation().state === "submitting";
  const template = <a href="/admin/fees/template.csv" download className={secondary}>Download the template (CSV)</a>;
  if (!canImport) {
    return (
      <div>
        <h1 className="text-2xl font-bold text-brand-800">Import the student roll</h1>
        <FeesNav />
        <ReadOnlyNote need={need} />
        <p className="mt-3">{template}</p>
      </div>
    );
  }
  return (
    <div>
      <h1 className="text-2xl font-bold text-brand-800">Import the student roll</h1>
      <FeesNav />
      <p>Upload a CSV file with the template's columns. Every row is checked; if any row is wrong, nothing is imported and each wrong row is listed with its reasons.</p>
      <p className="mt-2">{template}</p>
      <Form method="post" encType="multipart/form-data" className="mt-6 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <label className="min-w-0 flex-1">
          <span className="font-semibold">Roll CSV file</span>
          <input type="file" name="file" accept=".csv,text/csv" required className={input} />
        </label>
        <button type="submit" disabled={busy} className={primary}>{busy ? "Importing..." : "Import"}</button>
      </Form>
      {result?.kind === "error" && <Notice tone="error" message={result.message} />}
      {result?.kind === "imported" && <Notice tone="ok" message={`Imported ${result.count} ${result.count === 1 ? "student" : "students"}.`} />}
      {result?.kind === "rejected" && <ProblemTable problems={result.problems} />}
    </div>
  );
}

const STATUS_TEXT: Record<string, string> = { paid: "Paid", due: "Due", overdue: "Overdue", upcoming: "Upcoming" };

/** One purpose's months as a reader sees them: status and amount, nothing to tick. */
function MonthList({ purpose, title, months }: { purpose: "tuition" | "bus"; title: string; months: MonthRow[] }) {
  return (
    <div className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="text-lg font-bold text-brand-800">{title}</h3>
      {months.length === 0 && <p>Nothing is charged.</p>}
      <ul className="mt-2 divide-y divide-slate-200">
        {months.map((m) => (
          <li key={m.month} className="flex flex-wrap items-center gap-3 py-2" data-testid={`${purpose}-${m.month}`}>
            <span className="min-w-32 flex-1 font-semibold">{m.label}</span>
            <span className="text-sm">{STATUS_TEXT[m.status]}</span>
            {/* A paid month's empty amount keeps the statuses in one column on wide screens only. */}
            <span className={`ml-auto min-w-40 text-right text-sm ${m.status === "paid" ? "max-sm:hidden" : ""}`}>{m.status === "paid" ? "" : `${formatRupees(m.payablePaise)}${m.lateFeePaise ? ` (late fee ${formatRupees(m.lateFeePaise)})` : ""}`}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One purpose's months for the office: status, amount, and checkboxes to collect; for someone
 * who may not collect (`canChange` false), the months alone.
 */
export function OfficeCollect({ purpose, title, months, busy, canChange }: { purpose: "tuition" | "bus"; title: string; months: MonthRow[]; busy: boolean; canChange: boolean }) {
  if (!canChange) return <MonthList purpose={purpose} title={title} months={months} />;
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
          <div className="flex items-end"><button type="submit" disabled={busy} className={primary}>See the total</button></div>
        </div>
      )}
    </Form>
  );
}

/** What the counter asks the office to confirm before recording (collectAtOffice's `confirm`). */
export type OfficeConfirm = {
  purpose: "tuition" | "bus";
  title: string;
  total: string;
  totalPaise: number;
  months: string[];
  mode: string;
  message: string | null;
  openOrder: { reference: string; status: string; description: string; amount: string; created: string } | null;
  /** The counter form's fields as posted, sent again with the confirmation. */
  fields: [string, string][];
};

/** An open order's status in the office's words. */
function openOrderState(status: string): string {
  return status === "pending" ? "the bank is confirming it" : "not paid yet";
}

/** The office confirms the total (and any open online order) before a payment is recorded. */
export function OfficeConfirmPanel({ confirm, busy }: { confirm: OfficeConfirm; busy: boolean }) {
  const ref = useFocusOn<HTMLElement>(confirm);
  return (
    <section ref={ref} tabIndex={-1} aria-labelledby="confirm-heading" className="my-4 rounded-lg border-2 border-amber-400 bg-amber-50 p-4" data-testid="office-confirm">
      <h2 id="confirm-heading" className="text-lg font-bold text-amber-950">Record {confirm.mode} of {confirm.total}?</h2>
      <p className="mt-1">{confirm.title}: {confirm.months.join(", ")}.</p>
      {confirm.message && <p role="alert" className="mt-2 font-semibold text-amber-950">{confirm.message}</p>}
      <Form method="post" className="mt-3">
        {confirm.fields.map(([name, value], i) => <input key={`${name}-${i}`} type="hidden" name={name} value={value} />)}
        <input type="hidden" name="expectedTotal" value={confirm.totalPaise} />
        {confirm.openOrder && (
          <div className="mb-3 rounded-lg border border-amber-300 bg-white p-3">
            <p>
              Open online order <a href={`/admin/payments/${confirm.openOrder.reference}`} className="font-mono font-semibold text-brand-700 underline">{confirm.openOrder.reference}</a> ({openOrderState(confirm.openOrder.status)}, opened {confirm.openOrder.created}): {confirm.openOrder.description}, {confirm.openOrder.amount}.
            </p>
            <label className="mt-2 flex items-start gap-2 font-semibold">
              <input type="checkbox" name="acknowledged" value={confirm.openOrder.reference} required className="mt-1 size-5" />
              I have asked the parent: record this payment anyway
            </label>
          </div>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="collect" disabled={busy} className={primary}>Confirm: record {confirm.total} and issue receipt</button>
          <a href="?" className={secondary}>Cancel</a>
        </div>
      </Form>
    </section>
  );
}

/** A head and month paid more than charged, as the office sees it. */
export type CreditRow = { label: string; amount: string };

/**
 * A student's credit for one fee: what was paid twice, refunded or applied to the next months
 * (the forms only for someone who may: `canChange`).
 */
export function CreditPanel({ purpose, title, credits, total, busy, canChange }: { purpose: "tuition" | "bus"; title: string; credits: CreditRow[]; total: string; busy: boolean; canChange: boolean }) {
  if (credits.length === 0) return null;
  return (
    <section aria-labelledby={`credit-${purpose}`} className="mt-4 rounded-lg border-2 border-red-300 bg-red-50 p-4" data-testid={`credit-${purpose}`}>
      <h3 id={`credit-${purpose}`} className="text-lg font-bold text-red-900">{title}: credit {total}, paid twice</h3>
      <ul className="mt-1 list-disc pl-5">{credits.map((c) => <li key={c.label}>{c.label}: {c.amount}</li>)}</ul>
      {canChange && (
        <div className="mt-3 grid gap-4 sm:grid-cols-[auto_1fr] sm:items-end">
          <Form method="post">
            <input type="hidden" name="purpose" value={purpose} />
            <button type="submit" name="intent" value="apply_credit" disabled={busy} className={primary}>Apply to the next months</button>
          </Form>
          <Form method="post" className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
            <input type="hidden" name="purpose" value={purpose} />
            <label className="text-sm">
              <span className="font-semibold">Refund reason (how it was given back)</span>
              <input name="reason" minLength={REASON_MIN} maxLength={REASON_MAX} required className={input} />
            </label>
            <button type="submit" name="intent" value="refund_credit" disabled={busy} className={secondary}>Refund the credit</button>
          </Form>
        </div>
      )}
    </section>
  );
}

/** Online orders of the student the bank may still take, shown before anything is collected. */
export function OpenOrders({ orders }: { orders: { reference: string; title: string; status: string; description: string; amount: string; created: string }[] }) {
  if (orders.length === 0) return null;
  return (
    <div role="note" className="my-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="open-orders">
      <p className="font-semibold">Online payment open: the parent may still pay it at the bank. Ask the parent before collecting the same months.</p>
      <ul className="mt-1 list-disc pl-5">
        {orders.map((o) => (
          <li key={o.reference}>{o.title}: <a href={`/admin/payments/${o.reference}`} className="font-mono font-semibold text-brand-700 underline">{o.reference}</a> ({openOrderState(o.status)}, opened {o.created}), {o.description}, {o.amount}</li>
        ))}
      </ul>
    </div>
  );
}

export type PaymentRow = { id: number; paidAt: string; purpose: string; mode: string; amountPaise: number; receiptId: number | null; reversed: string | null; refunded: string | null; pending: boolean; cleared: string | null };

/** A returned cheque or DD, before it is recorded (BounceConfirm of the student page's action). */
export type BounceAsk = { paymentId: number; what: string; amount: string; months: string; charge: string | null };

/**
 * A student's payments, each with its receipt. A cheque or DD awaiting the bank says so, with
 * "Mark cleared" and "Returned unpaid…" (asked in place before anything is recorded); every
 * payment not reversed has Refund / cancel with a reason. Forms only for someone who may (`canChange`).
 */
export function PaymentsTable({ rows, busy, canChange, bounce }: { rows: PaymentRow[]; busy: boolean; canChange: boolean; bounce?: BounceAsk | null }) {
  if (rows.length === 0) return <p className="mt-2">No payments yet.</p>;
  return (
    <ul className="mt-2 space-y-3">
      {rows.map((p) => (
        <li key={p.id} className="rounded-lg border border-slate-200 bg-white p-3" data-testid={`payment-${p.id}`}>
          <p>
            <strong>{formatRupees(p.amountPaise)}</strong> · {p.purpose} · {p.mode} · {p.paidAt}
            {p.receiptId && <> · <a href={`/admin/receipts/${p.receiptId}`} download className="font-semibold text-brand-700 underline">Receipt PDF</a></>}
          </p>
          {p.pending && <p className="mt-1 text-sm font-semibold text-amber-900">Awaiting the bank: received subject to realisation.</p>}
          {p.cleared && <p className="mt-1 text-sm text-slate-700">{p.cleared}</p>}
          {p.refunded && <p className="mt-1 text-sm text-slate-700">{p.refunded}</p>}
          {p.reversed ? (
            <p className="mt-1 text-sm text-red-900">{p.reversed}</p>
          ) : !canChange ? null : (
            <>
              {p.pending && (bounce?.paymentId === p.id ? <BounceConfirmPanel ask={bounce} busy={busy} /> : (
                <Form method="post" className="mt-2 flex flex-wrap gap-2">
                  <input type="hidden" name="paymentId" value={p.id} />
                  <button type="submit" name="intent" value="clear" disabled={busy} className={secondary}>Mark cleared</button>
                  <button type="submit" name="intent" value="bounce" disabled={busy} className={secondary}>Returned unpaid…</button>
                </Form>
              ))}
              <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="refund" />
                <input type="hidden" name="paymentId" value={p.id} />
                <label className="min-w-0 flex-1 text-sm">
                  <span className="font-semibold">Reason for refund or cancellation</span>
                  <input name="reason" minLength={REASON_MIN} maxLength={REASON_MAX} required className={input} />
                </label>
                <button type="submit" disabled={busy} className={secondary}>Refund / cancel</button>
              </Form>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What recording a returned cheque or DD does, asked where the button was pressed and focused. */
function BounceConfirmPanel({ ask, busy }: { ask: BounceAsk; busy: boolean }) {
  const ref = useFocusOn<HTMLElement>(ask);
  return (
    <section ref={ref} tabIndex={-1} aria-labelledby="bounce-heading" className="mt-2 rounded-lg border-2 border-amber-400 bg-amber-50 p-3" data-testid="bounce-confirm">
      <h3 id="bounce-heading" className="font-bold text-amber-950">Record {ask.what} ({ask.amount}) as returned unpaid?</h3>
      <p className="mt-1 text-sm">Its receipt is cancelled, {ask.months || "the months it paid"} are owed again, and the parent is told by e-mail and SMS.</p>
      <Form method="post" className="mt-2">
        <input type="hidden" name="paymentId" value={ask.paymentId} />
        <input type="hidden" name="confirmed" value="yes" />
        {ask.charge && (
          <label className="mb-2 flex items-start gap-2 text-sm font-semibold">
            <input type="checkbox" name="charge" value="yes" defaultChecked className="mt-0.5 size-5" />
            Add the bounce charge of the fee book, {ask.charge}
          </label>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="bounce" disabled={busy} className={primary}>Confirm: returned unpaid</button>
          <a href="?" className={secondary}>Cancel</a>
        </div>
      </Form>
    </section>
  );
}
