/** /admin/fees/collections: money received by day, head, class and mode for an IST range. */
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/fee-collections";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { FeesNav, input, primary, secondary } from "~/features/fees/components/admin";
import { collections, creditHolders } from "~/features/fees/reports.server";
import { PURPOSE_LABELS } from "~/core/payments/labels";
import { formatDateTime, istDateRange, kolkataDate, sessionOf } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "fees.view");
  setNoStore(headers);
  const { from, to } = istDateRange(new URL(request.url).searchParams, kolkataDate(new Date()));
  const db = await getDb();
  const c = await collections(db, from, to);
  const credits = await creditHolders(db, sessionOf(to));
  return data({ ...c, openCreditPaise: credits.reduce((s, h) => s + h.creditPaise, 0), openCredits: credits.length, list: c.list.map((p) => ({ ...p, paidAt: formatDateTime(p.paidAt), purpose: PURPOSE_LABELS[p.purpose] })) }, { headers });
}

export const meta: Route.MetaFunction = () => [{ title: "Collections | Admin" }];

export default function AdminCollections({ loaderData: c }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-brand-800">Collections</h1>
      <FeesNav />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label><span className="font-semibold">From (IST)</span><input type="date" name="from" defaultValue={c.from} className={input} /></label>
        <label><span className="font-semibold">To (IST)</span><input type="date" name="to" defaultValue={c.to} className={input} /></label>
        <button type="submit" className={primary}>Show</button>
        <a href={`/admin/fees/collections.csv?from=${c.from}&to=${c.to}`} download className={secondary}>Export CSV</a>
      </Form>
      <p className="mt-4" role="status">
        <strong data-testid="collections-total">{formatRupees(c.totalPaise)}</strong> from {c.payments} payments of school and bus fees: {formatRupees(c.onlinePaise)} online, {formatRupees(c.officePaise)} at the office{c.reversedPaise ? `; ${formatRupees(c.reversedPaise)} refunded or cancelled (not counted)` : ""}{c.creditRefundedPaise ? `; ${formatRupees(c.creditRefundedPaise)} of credits refunded (paid out, not subtracted)` : ""}.
      </p>
      {c.openCredits > 0 && (
        <p role="alert" className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900" data-testid="open-credits">
          {c.openCredits} {c.openCredits === 1 ? "student has" : "students have"} a credit of {formatRupees(c.openCreditPaise)} in all (months paid twice): <Link to="/admin/fees/defaulters" className="font-semibold underline">refund or apply it</Link>.
        </p>
      )}
      <p className="mt-1 text-sm text-slate-700">Application fees are not fees of the roll: they are in <Link to={`/admin/payments?from=${c.from}&to=${c.to}`} className="font-semibold text-brand-700 underline">Payments</Link>, which also shows this total.</p>
      {c.rows.length === 0 ? (
        <p className="mt-4">Nothing was collected in this range.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50"><tr><th className="p-2">Date</th><th className="p-2">Head</th><th className="p-2">Class</th><th className="p-2">Mode</th><th className="p-2 text-right">Payments</th><th className="p-2 text-right">Amount</th></tr></thead>
            <tbody>
              {c.rows.map((r) => (
                <tr key={`${r.day}${r.head}${r.className}${r.mode}`} className="border-t border-slate-200">
                  <td className="p-2">{r.day}</td><td className="p-2">{r.head}</td><td className="p-2">{r.className}</td><td className="p-2">{r.mode}</td><td className="p-2 text-right">{r.payments}</td><td className="p-2 text-right">{formatRupees(r.amountPaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {c.list.length > 0 && (
        <section aria-labelledby="collected-heading" className="mt-8">
          <h2 id="collected-heading" className="text-xl font-bold text-brand-800">Payments in this range</h2>
          <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="collected-payments">
              <thead className="bg-slate-50"><tr><th className="p-2">Paid (IST)</th><th className="p-2">Student</th><th className="p-2">Class</th><th className="p-2">Admission no.</th><th className="p-2">Fee</th><th className="p-2">Mode</th><th className="p-2 text-right">Amount</th><th className="p-2">Receipt</th></tr></thead>
              <tbody>
                {c.list.map((p) => (
                  <tr key={p.id} className={`border-t border-slate-200 ${p.reversed ? "text-slate-600" : ""}`}>
                    <td className="p-2 whitespace-nowrap">{p.paidAt}</td>
                    <td className="p-2"><Link to={`/admin/fees/students/${p.studentId}`} className="font-semibold text-brand-700 underline">{p.name}</Link></td>
                    <td className="p-2">{p.className}</td>
                    <td className="p-2 font-mono">{p.admissionNumber}</td>
                    <td className="p-2">{p.purpose}</td>
                    <td className="p-2">{p.mode}</td>
                    <td className="p-2 text-right tabular-nums">{formatRupees(p.amountPaise)}{p.reversed && " (refunded or cancelled)"}</td>
                    <td className="p-2">{p.receiptId ? <a href={`/admin/receipts/${p.receiptId}`} download className="text-brand-700 underline">PDF</a> : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}
