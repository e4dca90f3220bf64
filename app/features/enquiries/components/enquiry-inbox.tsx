/**
 * The administrator's enquiry inbox: filters (search, class, status, IST date range), the list
 * newest first (a table on wide screens, cards on phones), mark-as-contacted with a note (for
 * someone who may: `canChange`), pagination and CSV export of the filtered list.
 */
import { Form, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/button";
import { DenseField, TextArea, TextInput } from "~/components/field";
import { FilterForm } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { Select } from "~/components/select";
import { StatusBadge as Badge } from "~/components/status-badge";
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

type Props = { rows: InboxRow[]; total: number; page: number; pageCount: number; filters: EnquiryFilters; canChange: boolean };

function StatusBadge({ status }: { status: InboxRow["status"] }) {
  return status === "new" ? <Badge tone="amber">New</Badge> : <Badge tone="green">Contacted</Badge>;
}

function ContactedForm({ row, canChange }: { row: InboxRow; canChange: boolean }) {
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
  if (!canChange) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-semibold text-brand-700">Mark as contacted</summary>
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="contacted" />
        <input type="hidden" name="id" value={row.id} />
        <label className="block">
          <span className="sr-only">Note for enquiry {row.id}</span>
          <TextArea look="dense" name="note" rows={2} maxLength={1000} placeholder="Note (optional), e.g. called, visiting Saturday" />
        </label>
        <Button size="compact" disabled={busy}>
          {busy ? "Saving..." : "Save"}
        </Button>
      </Form>
    </details>
  );
}

export function EnquiryInbox({ rows, total, page, pageCount, filters, canChange }: Props) {
  const number = new Intl.NumberFormat("en-IN");
  return (
    <>
      <PageHeader
        title="Enquiries"
        actions={
          <a href={`/admin/enquiries/export${inboxSearch(filters)}`} className={buttonClass({ variant: "secondary", size: "xs", className: "bg-white" })} download>
            Export CSV
          </a>
        }
      />

      <FilterForm columns={6} clearHref="/admin/enquiries">
        <DenseField label="Name or phone" className="lg:col-span-2">
          <TextInput look="dense" type="search" name="q" defaultValue={filters.q ?? ""} />
        </DenseField>
        <DenseField label="Class">
          <Select look="dense" name="class" defaultValue={filters.class ?? ""}>
            <option value="">All classes</option>
            {SCHOOL_CLASSES.map((c) => <option key={c}>{c}</option>)}
          </Select>
        </DenseField>
        <DenseField label="Status">
          <Select look="dense" name="status" defaultValue={filters.status ?? ""}>
            <option value="">All</option>
            <option value="new">New</option>
            <option value="contacted">Contacted</option>
          </Select>
        </DenseField>
        <DenseField label="From">
          <TextInput look="dense" type="date" name="from" defaultValue={filters.from ?? ""} />
        </DenseField>
        <DenseField label="To">
          <TextInput look="dense" type="date" name="to" defaultValue={filters.to ?? ""} />
        </DenseField>
      </FilterForm>

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
                  <td className="px-3 py-3"><ContactedForm row={r} canChange={canChange} /></td>
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
                {(canChange || r.status === "contacted") && <div className="mt-3"><ContactedForm row={r} canChange={canChange} /></div>}
              </li>
            ))}
          </ul>
        </>
      )}

      <Pager page={page} pageCount={pageCount} searchOf={(p) => inboxSearch(filters, p)} />
    </>
  );
}
