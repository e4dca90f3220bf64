/**
 * The administrator's enquiry inbox: filters (search, class, status, IST date range), the list
 * newest first (a table on wide screens, cards on phones), mark-as-contacted with a note,
 * pagination and CSV export of the filtered list.
 */
import { Form, Link, useNavigation } from "react-router";
import { SCHOOL_CLASSES } from "#content/school";
import type { EnquiryFilters } from "../enquiries.server";
import { inboxSearch } from "../inbox-query";

/** One enquiry as the page shows it: times already formatted in IST on the server. */
export type InboxRow = {
  id: number;
  received: string;
  name: string;
  phone: string;
  class: string;
  email: string | null;
  sourcePage: string | null;
  status: "new" | "contacted";
  note: string | null;
  contacted: string | null;
};

type Props = { rows: InboxRow[]; total: number; page: number; pageCount: number; filters: EnquiryFilters };

const field = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm";
const label = "block text-xs font-semibold uppercase tracking-wide text-slate-700";

function StatusBadge({ status }: { status: InboxRow["status"] }) {
  return status === "new" ? (
    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900">New</span>
  ) : (
    <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-900">Contacted</span>
  );
}

function ContactedForm({ row }: { row: InboxRow }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(row.id);
  if (row.status === "contacted") {
    return (
      <div className="text-sm text-slate-700">
        <p>Contacted {row.contacted}</p>
        {row.note && <p className="mt-1 whitespace-pre-line text-slate-900">“{row.note}”</p>}
      </div>
    );
  }
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-semibold text-brand-700">Mark as contacted</summary>
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="contacted" />
        <input type="hidden" name="id" value={row.id} />
        <label className="block">
          <span className="sr-only">Note for enquiry {row.id}</span>
          <textarea name="note" rows={2} maxLength={1000} placeholder="Note (optional), e.g. called, visiting Saturday" className={field} />
        </label>
        <button type="submit" disabled={busy} className="rounded-lg bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800 disabled:bg-slate-500">
          {busy ? "Saving..." : "Save"}
        </button>
      </Form>
    </details>
  );
}

export function EnquiryInbox({ rows, total, page, pageCount, filters }: Props) {
  const number = new Intl.NumberFormat("en-IN");
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">Enquiries</h1>
        <a href={`/admin/enquiries/export${inboxSearch(filters)}`} className="rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50" download>
          Export CSV
        </a>
      </div>

      <Form method="get" className="mt-5 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6">
        <label className="lg:col-span-2">
          <span className={label}>Name or phone</span>
          <input type="search" name="q" defaultValue={filters.q ?? ""} className={field} />
        </label>
        <label>
          <span className={label}>Class</span>
          <select name="class" defaultValue={filters.class ?? ""} className={field}>
            <option value="">All classes</option>
            {SCHOOL_CLASSES.map((c) => <option key={c}>{c}</option>)}
          </select>
        </label>
        <label>
          <span className={label}>Status</span>
          <select name="status" defaultValue={filters.status ?? ""} className={field}>
            <option value="">All</option>
            <option value="new">New</option>
            <option value="contacted">Contacted</option>
          </select>
        </label>
        <label>
          <span className={label}>From</span>
          <input type="date" name="from" defaultValue={filters.from ?? ""} className={field} />
        </label>
        <label>
          <span className={label}>To</span>
          <input type="date" name="to" defaultValue={filters.to ?? ""} className={field} />
        </label>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-6">
          <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">Apply filters</button>
          <Link to="/admin/enquiries" className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100">Clear</Link>
        </div>
      </Form>

      <p className="mt-4 text-sm text-slate-700" data-testid="enquiry-total">
        {number.format(total)} {total === 1 ? "enquiry" : "enquiries"}
      </p>

      {rows.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          No enquiries match these filters.
        </p>
      ) : (
        <>
          <table className="mt-3 hidden w-full overflow-hidden rounded-2xl border border-slate-200 bg-white text-left text-sm md:table">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">Received (IST)</th>
                <th scope="col" className="px-3 py-2">Parent</th>
                <th scope="col" className="px-3 py-2">Class</th>
                <th scope="col" className="px-3 py-2">Status</th>
                <th scope="col" className="px-3 py-2">Follow-up</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-200 align-top" data-testid="enquiry-row">
                  <td className="whitespace-nowrap px-3 py-3">{r.received}</td>
                  <td className="px-3 py-3">
                    <p className="font-semibold">{r.name}</p>
                    <p><a className="text-brand-700 underline" href={`tel:+91${r.phone}`}>{r.phone}</a></p>
                    {r.email && <p className="break-all"><a className="text-brand-700 underline" href={`mailto:${r.email}`}>{r.email}</a></p>}
                    {r.sourcePage && <p className="text-xs text-slate-700">from {r.sourcePage}</p>}
                  </td>
                  <td className="px-3 py-3">{r.class}</td>
                  <td className="px-3 py-3"><StatusBadge status={r.status} /></td>
                  <td className="px-3 py-3"><ContactedForm row={r} /></td>
                </tr>
              ))}
            </tbody>
          </table>

          <ul className="mt-3 space-y-3 md:hidden">
            {rows.map((r) => (
              <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-4">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-semibold">{r.name}</p>
                  <StatusBadge status={r.status} />
                </div>
                <p className="text-sm text-slate-700">{r.received} · {r.class}</p>
                <p className="mt-1"><a className="text-brand-700 underline" href={`tel:+91${r.phone}`}>{r.phone}</a></p>
                {r.email && <p className="break-all text-sm"><a className="text-brand-700 underline" href={`mailto:${r.email}`}>{r.email}</a></p>}
                <div className="mt-3"><ContactedForm row={r} /></div>
              </li>
            ))}
          </ul>
        </>
      )}

      {pageCount > 1 && (
        <nav aria-label="Pages" className="mt-5 flex items-center justify-between text-sm">
          {page > 1 ? <Link className="rounded-lg bg-white px-3 py-2 font-semibold shadow-sm" to={inboxSearch(filters, page - 1) || "?"}>Previous</Link> : <span />}
          <span>Page {page} of {pageCount}</span>
          {page < pageCount ? <Link className="rounded-lg bg-white px-3 py-2 font-semibold shadow-sm" to={inboxSearch(filters, page + 1)}>Next</Link> : <span />}
        </nav>
      )}
    </>
  );
}
