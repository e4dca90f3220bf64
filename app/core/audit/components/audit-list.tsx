/**
 * /admin/audit: who changed what, newest first, with filters (who, action, the id the office
 * knows, IST dates) and the CSV of the same filters; each change's time in IST, who and from
 * which address, and before → after field by field (a table on wide screens, cards on phones).
 */
import { buttonClass } from "~/components/button";
import { DenseField, TextInput } from "~/components/field";
import { FilterForm } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { Select } from "~/components/select";
import type { AuditPageData } from "../admin.server";
import { auditSearch } from "../list-query";
import type { AuditRowView } from "../view";

/** "field: old → new" lines; a creation shows what was made, "field: value". */
function Changes({ changes }: { changes: AuditRowView["changes"] }) {
  if (changes.length === 0) return <p className="text-slate-700">No field changed.</p>;
  return (
    <ul className="space-y-0.5">
      {changes.map((c) => (
        <li key={c.field} className="break-words">
          <span className="font-semibold">{c.field}:</span>{" "}
          {c.before !== null && (
            <>
              <span className="text-slate-700">{c.before}</span>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> changed to </span>
            </>
          )}
          <span>{c.after}</span>
        </li>
      ))}
    </ul>
  );
}

export function AuditList({ rows, total, page, pageCount, filters, choices }: AuditPageData) {
  const number = new Intl.NumberFormat("en-IN");
  return (
    <>
      <PageHeader
        title="Audit log"
        actions={
          <a href={`/admin/audit/export${auditSearch(filters)}`} className={buttonClass({ variant: "secondary", size: "xs", className: "bg-white" })} download>
            Export CSV
          </a>
        }
      />
      <p className="mt-1 max-w-3xl text-sm text-slate-700">
        Every change to money, receipts, applications, the fee book, the roll, settings and staff: who made it, when, from which address, and what it was before and after. Nothing here can be edited or deleted.
      </p>

      <FilterForm columns={6} clearHref="/admin/audit">
        <DenseField label="Who">
          <Select look="dense" name="who" defaultValue={filters.who ?? ""}>
            <option value="">Everyone</option>
            {choices.who.map((w) => <option key={w} value={w}>{w}</option>)}
          </Select>
        </DenseField>
        <DenseField label="Action">
          <Select look="dense" name="action" defaultValue={filters.action ?? ""}>
            <option value="">All</option>
            {choices.actions.map((a) => <option key={a} value={a}>{a}</option>)}
          </Select>
        </DenseField>
        <DenseField label="Receipt, admission, application no. or reference" className="lg:col-span-2">
          <TextInput look="dense" type="search" name="q" defaultValue={filters.q ?? ""} />
        </DenseField>
        <DenseField label="From (IST)">
          <TextInput look="dense" type="date" name="from" defaultValue={filters.from ?? ""} />
        </DenseField>
        <DenseField label="To (IST)">
          <TextInput look="dense" type="date" name="to" defaultValue={filters.to ?? ""} />
        </DenseField>
      </FilterForm>

      <p className="mt-4 text-sm text-slate-700" data-testid="audit-count">
        {number.format(total)} {total === 1 ? "change" : "changes"}
      </p>

      {rows.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">No changes match these filters.</p>
      ) : (
        <>
          <table className="mt-3 hidden w-full overflow-hidden rounded-2xl border border-slate-200 bg-white text-left text-sm md:table">
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">Time (IST)</th>
                <th scope="col" className="px-3 py-2">Who</th>
                <th scope="col" className="px-3 py-2">Action</th>
                <th scope="col" className="px-3 py-2">Before → after</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-200 align-top" data-testid="audit-row">
                  <td className="px-3 py-3 whitespace-nowrap">{r.time}</td>
                  <td className="px-3 py-3">
                    <span className="block break-all">{r.who}</span>
                    <span className="block text-xs text-slate-700">{r.address ? `from ${r.address}` : "no address"}</span>
                  </td>
                  <td className="px-3 py-3">
                    <span className="block font-mono text-xs font-semibold">{r.action}</span>
                    <span className="block break-words">{r.what}</span>
                  </td>
                  <td className="px-3 py-3"><Changes changes={r.changes} /></td>
                </tr>
              ))}
            </tbody>
          </table>

          <ul className="mt-3 space-y-3 md:hidden">
            {rows.map((r) => (
              <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
                <p className="font-mono text-xs font-semibold">{r.action}</p>
                <p className="font-semibold break-words">{r.what}</p>
                <p className="text-slate-700">{r.time}</p>
                <p className="break-all text-slate-700">{r.who}{r.address ? ` · from ${r.address}` : ""}</p>
                <div className="mt-2 border-t border-slate-200 pt-2"><Changes changes={r.changes} /></div>
              </li>
            ))}
          </ul>
        </>
      )}

      <Pager page={page} pageCount={pageCount} searchOf={(p) => auditSearch(filters, p)} />
    </>
  );
}
