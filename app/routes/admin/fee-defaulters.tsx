/** /admin/fees/defaulters: students owing money, per month, from the ledger; printable. */
import { data, Link } from "react-router";
import type { Route } from "./+types/fee-defaulters";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { FeesNav, secondary } from "~/features/fees/components/admin";
import { creditHolders, defaulters } from "~/features/fees/reports.server";
import { formatDisplayDate, kolkataDate, sessionOf } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "fees.view");
  setNoStore(headers);
  const today = kolkataDate(new Date());
  const db = await getDb();
  const list = await defaulters(db, sessionOf(today), today);
  const credits = await creditHolders(db, sessionOf(today));
  return data({ today: formatDisplayDate(today), session: sessionOf(today), list, totalPaise: list.reduce((s, d) => s + d.balancePaise, 0), credits }, { headers });
}

export const meta: Route.MetaFunction = () => [{ title: "Defaulters | Admin" }];

export default function AdminDefaulters({ loaderData: d }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-brand-800">Defaulters, session {d.session}</h1>
      <FeesNav />
      <p className="print:hidden"><a href="/admin/fees/defaulters.csv" download className={secondary}>Export CSV</a> <span className="ml-2 text-sm text-slate-700">To print this list, use the browser's Print: navigation is left out of the printout.</span></p>
      <p className="mt-4" role="status"><strong data-testid="defaulters-count">{d.list.length}</strong> students owe <strong>{formatRupees(d.totalPaise)}</strong> as of {d.today} (months past their due date, each with its late fee to date: what paying it today costs, as on the student's page).</p>
      {d.credits.length > 0 && (
        <section aria-labelledby="credits-heading" className="mt-4 rounded-lg border-2 border-red-300 bg-red-50 p-4" data-testid="credits">
          <h2 id="credits-heading" className="text-lg font-bold text-red-900">Credits to refund or apply: {d.credits.length} {d.credits.length === 1 ? "student" : "students"}, {formatRupees(d.credits.reduce((s, c) => s + c.creditPaise, 0))}</h2>
          <p className="text-sm">Months paid twice (an online payment that arrived after the office took the same months). Open the student to refund the credit or apply it to the next months.</p>
          <ul className="mt-2 list-disc pl-5">
            {d.credits.map((c) => (
              <li key={c.studentId}>
                <Link to={`/admin/fees/students/${c.studentId}`} className="font-semibold text-brand-700 underline">{c.name}</Link> ({c.className}, {c.admissionNumber}): {formatRupees(c.creditPaise)} — {c.items.map((i) => `${i.label} ${formatRupees(i.excessPaise)}`).join("; ")}
              </li>
            ))}
          </ul>
        </section>
      )}
      {d.list.length === 0 ? (
        <p className="mt-4">No one owes anything past its due date.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="defaulters">
            <thead className="bg-slate-50"><tr><th className="p-2">Admission no.</th><th className="p-2">Name</th><th className="p-2">Class</th><th className="p-2">Mobile</th><th className="p-2">Months owed</th><th className="p-2 text-right">Balance</th></tr></thead>
            <tbody>
              {d.list.map((s) => (
                <tr key={s.studentId} className="border-t border-slate-200 align-top">
                  <td className="p-2 font-mono"><Link to={`/admin/fees/students/${s.studentId}`} className="text-brand-700 underline">{s.admissionNumber}</Link></td>
                  <td className="p-2">{s.name}</td><td className="p-2">{s.className}</td><td className="p-2">{s.mobile}</td>
                  <td className="p-2">{s.months.map((m) => `${m.label} ${formatRupees(m.owedPaise)}`).join("; ")}</td>
                  <td className="p-2 text-right font-semibold">{formatRupees(s.balancePaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
