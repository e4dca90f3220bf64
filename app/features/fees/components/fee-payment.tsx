/**
 * The parent's fee payment screen (/fees, /bus-fee-payment): find the student by
 * admission number and date of birth, see the session's months (paid, due, overdue with its late
 * fee, upcoming), tick months (oldest first, no gaps), see the total the server computes, pay.
 * Plain forms: every step works without JavaScript, and the page does not hydrate React (while a
 * form is sent, the chrome disables its buttons and shows the pressed one's `data-busy-label`:
 * app/features/site/chrome/sending.ts); errors are announced (role="alert").
 */
import { Form, Link } from "react-router";
import { formatRupees } from "~/lib/money";
import type { AccountView } from "../parent.server";
import { Button, buttonClass } from "~/components/button";
import { inputClass } from "~/components/field";

export type FeePageResult =
  | { kind: "error"; message: string; values: { admissionNumber: string; dateOfBirth: string }; account?: undefined }
  | { kind: "account"; account: AccountView; chosen: string[]; totalPaise: number | null; message: string | null }
  | { kind: "message"; message: string; link?: { label: string; href: string } }
  | null;

const field = inputClass("base");
const button = buttonClass({ size: "touch" });
const STATUS: Record<string, { text: string; tone: string }> = {
  paid: { text: "Paid", tone: "bg-emerald-100 text-emerald-900" },
  due: { text: "Due", tone: "bg-amber-100 text-amber-900" },
  overdue: { text: "Overdue", tone: "bg-red-100 text-red-900" },
  upcoming: { text: "Upcoming", tone: "bg-slate-100 text-slate-800" },
};

export function FeePayment({ title, intro, result, available }: { title: string; intro: string; result: FeePageResult; available: boolean }) {
  const account = result?.kind === "account" ? result : null;
  const values = result?.kind === "error" ? result.values : { admissionNumber: "", dateOfBirth: "" };
  return (
    <section className="mx-auto max-w-3xl px-5 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-brand-800">{title}</h1>
      <p className="mt-3 text-slate-700">{intro}</p>
      {!available && <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">Online payment is not available right now. You can pay at the school office.</p>}
      <div aria-live="polite">
        {result?.kind === "error" && <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">{result.message}</p>}
        {result?.kind === "message" && (
          <p role="alert" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
            {result.message} {result.link && <a className="font-semibold underline" href={result.link.href}>{result.link.label}</a>}
          </p>
        )}
      </div>
      {!account ? (
        <Form method="post" className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <input type="hidden" name="intent" value="find" />
          <label className="block">
            <span className="font-semibold">Admission number</span>
            <input name="admissionNumber" required maxLength={40} defaultValue={values.admissionNumber} autoComplete="off" placeholder="2021/0042" className={`${field} font-mono uppercase`} />
          </label>
          <label className="block">
            <span className="font-semibold">Student's date of birth</span>
            <input name="dateOfBirth" type="date" required defaultValue={values.dateOfBirth} min="1990-01-01" className={field} />
          </label>
          <button type="submit" data-busy-label="Finding..." className={button}>Find student</button>
        </Form>
      ) : (
        <AccountForm result={account} available={available} />
      )}
    </section>
  );
}

function AccountForm({ result, available }: { result: Extract<FeePageResult, { kind: "account" }>; available: boolean }) {
  const { account, chosen, totalPaise, message } = result;
  const open = account.months.filter((m) => m.status !== "paid");
  return (
    <div className="mt-6">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <dt className="font-semibold">Student</dt>
        <dd data-testid="student-name">{account.name}</dd>
        <dt className="font-semibold">Class</dt>
        <dd>{account.className}</dd>
        <dt className="font-semibold">Session</dt>
        <dd>{account.session}</dd>
      </dl>
      {message && <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">{message}</p>}
      {account.months.length === 0 ? (
        <p className="mt-6" data-testid="nothing-charged">{account.startsIn ? `Fees for this student start in ${account.startsIn}: nothing is due in session ${account.session}.` : "Nothing is charged for this student in this session."}</p>
      ) : (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={account.token} />
          <fieldset>
            <legend className="text-lg font-bold text-brand-800">Months of {account.session}</legend>
            <p className="text-sm text-slate-700">Pay the oldest months first: tick months in order, without leaving a gap.</p>
            <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
              {account.months.map((m) => {
                const s = STATUS[m.status]!;
                const id = `month-${m.month}`;
                return (
                  <li key={m.month} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3" data-testid={`month-${m.month}`}>
                    {m.status === "paid" ? (
                      <span className="size-5" aria-hidden="true" />
                    ) : (
                      <input id={id} type="checkbox" name="month" value={m.month} defaultChecked={chosen.includes(m.month)} className="size-5" aria-describedby={`${id}-detail`} />
                    )}
                    <label htmlFor={m.status === "paid" ? undefined : id} className="min-w-32 flex-1 font-semibold">{m.label}</label>
                    <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${s.tone}`}>{s.text}</span>
                    <span id={`${id}-detail`} className="w-full text-sm text-slate-700 sm:w-auto sm:min-w-56 sm:text-right">
                      {m.status === "paid" ? m.heads : `${formatRupees(m.payablePaise)} · due ${m.due}${m.lateFeePaise > 0 ? ` · includes late fee ${formatRupees(m.lateFeePaise)}` : ""}`}
                    </span>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          {open.length === 0 ? (
            <p className="mt-4 font-semibold text-emerald-800">Every month of this session is paid.</p>
          ) : (
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <Button name="intent" value="total" variant="secondary" size="touch">See the total</Button>
              {totalPaise !== null && (
                <>
                  <input type="hidden" name="seenTotal" value={totalPaise} />
                  <p role="status" className="text-lg">Total: <strong data-testid="fee-total">{formatRupees(totalPaise)}</strong></p>
                  <button type="submit" name="intent" value="pay" disabled={!available} data-busy-label="Please wait..." className={button}>{`Pay ${formatRupees(totalPaise)}`}</button>
                </>
              )}
            </div>
          )}
        </Form>
      )}
      <p className="mt-6 text-sm"><Link to="/payment-portal" className="font-semibold text-brand-700 underline">Payment Portal</Link></p>
    </div>
  );
}
