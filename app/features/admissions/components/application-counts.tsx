/** The admin dashboard's applications panel: the open session's applications by class and status. */
import { Link } from "react-router";
import { APPLICATION_STATUSES, APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/db/admission-values";
import { SCHOOL_CLASSES } from "#content/school";

export type CountRow = { className: string; status: ApplicationStatus; n: number };

export function ApplicationCounts({ rows }: { rows: CountRow[] }) {
  const classes = SCHOOL_CLASSES.filter((c) => rows.some((r) => r.className === c));
  const n = (c: string | null, s: ApplicationStatus | null) => rows.filter((r) => (c === null || r.className === c) && (s === null || r.status === s)).reduce((sum, r) => sum + r.n, 0);
  return (
    <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-labelledby="application-counts">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="application-counts" className="text-lg font-bold text-brand-800">Applications (open session)</h2>
        <Link to="/admin/applications" className="text-sm font-semibold text-brand-700 underline">All applications</Link>
      </div>
      {classes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No applications yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="application-counts">
            <thead className="text-xs uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="py-1 pr-3">Class</th>
                {APPLICATION_STATUSES.map((s) => <th key={s} scope="col" className="px-2 py-1 text-right">{APPLICATION_STATUS_LABELS[s]}</th>)}
                <th scope="col" className="py-1 pl-2 text-right">Total</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {[...classes, null].map((c) => (
                <tr key={c ?? "total"} className={c === null ? "font-bold" : undefined}>
                  <th scope="row" className="py-1 pr-3 font-semibold">{c ?? "All classes"}</th>
                  {APPLICATION_STATUSES.map((s) => <td key={s} className="px-2 py-1 text-right tabular-nums">{n(c, s)}</td>)}
                  <td className="py-1 pl-2 text-right tabular-nums">{n(c, null)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
