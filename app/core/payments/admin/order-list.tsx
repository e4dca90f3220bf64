/**
 * /admin/payments: orders with filters (status, purpose, provider, IST date range, flagged,
 * reference search), totals per status for the filters, the list newest first (a table on wide
 * screens, cards on phones), pagination and the CSV for reconciliation.
 */
import { Link } from "react-router";
import { buttonClass, ButtonLink } from "~/components/button";
import { DenseField, TextInput } from "~/components/field";
import { FilterForm, fullRowClass } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { Select } from "~/components/select";
import { ORDER_STATUSES, PAYMENT_PROVIDERS, PAYMENT_PURPOSES } from "~/db/payment-values";
import { PROVIDER_LABELS as PROVIDERS, PURPOSE_LABELS as PURPOSES, STATUS_LABELS } from "../labels";
import type { OrderFilters } from "../orders.server";
import { orderSearch } from "./list-query";
import { StatusBadge } from "./status-badge";

export type OrderRow = {
  reference: string;
  created: string;
  purpose: keyof typeof PURPOSES;
  description: string;
  /** The student or applicant: "Riya Kumari · Class 5 A · 2021/0042". */
  subject: string;
  provider: keyof typeof PROVIDERS;
  amount: string;
  status: (typeof ORDER_STATUSES)[number];
  flag: string | null;
  providerPaymentId: string | null;
};

export type StatusTotalRow = { status: (typeof ORDER_STATUSES)[number]; orders: number; amount: string };

/** Documents of an order shown under its status (the receipt), by order reference. */
export type OrderDocumentLinks = Record<string, { label: string; href: string; download?: boolean }[]>;

/** One line of the money received in the list's days, composed by the route from every channel. */
export type ReceivedRow = { label: string; amount: string; testId: string };
export type Received = { from: string; to: string; rows: ReceivedRow[]; collectionsHref: string };

type Props = { rows: OrderRow[]; total: number; totals: StatusTotalRow[]; page: number; pageCount: number; filters: OrderFilters; sampleHref: string | null; debugHref: string | null; documents?: OrderDocumentLinks; received?: Received };

function DocumentLinks({ links = [] }: { links: OrderDocumentLinks[string] | undefined }) {
  return links.map((link) => <a key={link.href} className="mt-1 block text-xs font-semibold text-brand-700 underline" href={link.href} download={link.download}>{link.label}</a>);
}

export function OrderList({ rows, total, totals, page, pageCount, filters, sampleHref, debugHref, documents = {}, received }: Props) {
  const number = new Intl.NumberFormat("en-IN");
  return (
    <>
      <PageHeader
        title="Payments"
        actions={
          <div className="flex flex-wrap gap-2">
            {sampleHref && (
              <ButtonLink to={sampleHref} variant="neutral" size="xs">
                Sample payment (development)
              </ButtonLink>
            )}
            {debugHref && (
              <ButtonLink to={debugHref} variant="neutral" size="xs">
                Payment debug
              </ButtonLink>
            )}
            <a href={`/admin/payments/export${orderSearch(filters)}`} className={buttonClass({ variant: "secondary", size: "xs", className: "bg-white" })} download>
              Export CSV
            </a>
          </div>
        }
      />

      <FilterForm columns={7} clearHref="/admin/payments">
        <DenseField label="Reference, gateway id, UTR, name or admission no." className="lg:col-span-2">
          <TextInput look="dense" type="search" name="q" defaultValue={filters.q ?? ""} />
        </DenseField>
        <DenseField label="Status">
          <Select look="dense" name="status" defaultValue={filters.status ?? ""}>
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
          </Select>
        </DenseField>
        <DenseField label="Purpose">
          <Select look="dense" name="purpose" defaultValue={filters.purpose ?? ""}>
            <option value="">All</option>
            {PAYMENT_PURPOSES.map((p) => <option key={p} value={p}>{PURPOSES[p]}</option>)}
          </Select>
        </DenseField>
        <DenseField label="Gateway">
          <Select look="dense" name="provider" defaultValue={filters.provider ?? ""}>
            <option value="">All</option>
            {PAYMENT_PROVIDERS.map((p) => <option key={p} value={p}>{PROVIDERS[p]}</option>)}
          </Select>
        </DenseField>
        <DenseField label="From (IST)">
          <TextInput look="dense" type="date" name="from" defaultValue={filters.from ?? ""} />
        </DenseField>
        <DenseField label="To (IST)">
          <TextInput look="dense" type="date" name="to" defaultValue={filters.to ?? ""} />
        </DenseField>
        <label className={`flex items-center gap-2 text-sm font-semibold ${fullRowClass(7)}`}>
          <input type="checkbox" name="flagged" value="1" defaultChecked={filters.flagged === true} className="size-4" />
          Only payments that need a look (wrong amount or merchant, paid twice, bad signature, credit)
        </label>
      </FilterForm>

      <section aria-labelledby="totals-heading" className="mt-5">
        <h2 id="totals-heading" className="sr-only">Totals per status</h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {ORDER_STATUSES.map((status) => {
            const t = totals.find((x) => x.status === status);
            return (
              <li key={status} className="rounded-xl border border-slate-200 bg-white p-3" data-testid={`total-${status}`}>
                <p className="text-xs font-semibold tracking-wide text-slate-700 uppercase">{status}</p>
                <p className="text-lg font-bold tabular-nums">{t?.amount ?? "₹0"}</p>
                <p className="text-sm text-slate-700">{number.format(t?.orders ?? 0)} {t?.orders === 1 ? "order" : "orders"}</p>
              </li>
            );
          })}
        </ul>
      </section>

      {received && (
        <section aria-labelledby="received-heading" className="mt-5 rounded-2xl border border-slate-200 bg-white p-4">
          <h2 id="received-heading" className="font-bold text-brand-800">Money received {received.from} to {received.to} (by date paid)</h2>
          <p className="text-sm text-slate-700">The list below holds online orders only, by the day they were created; payments taken at the school office are in <Link to={received.collectionsHref} className="font-semibold text-brand-700 underline">Collections</Link>.</p>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            {received.rows.map((r) => (
              <div key={r.testId} className="contents">
                <dt>{r.label}</dt>
                <dd className="text-right font-semibold tabular-nums" data-testid={r.testId}>{r.amount}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <p className="mt-4 text-sm text-slate-700" data-testid="order-count">
        {number.format(total)} {total === 1 ? "order" : "orders"}
      </p>

      {rows.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">No payments match these filters.</p>
      ) : (
        <>
          <table className="mt-3 hidden w-full overflow-hidden rounded-2xl border border-slate-200 bg-white text-left text-sm md:table">
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">Created (IST)</th>
                <th scope="col" className="px-3 py-2">Reference</th>
                <th scope="col" className="px-3 py-2">For</th>
                <th scope="col" className="px-3 py-2">Gateway</th>
                <th scope="col" className="px-3 py-2 text-right">Amount</th>
                <th scope="col" className="px-3 py-2">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.reference} className="border-t border-slate-200 align-top" data-testid="order-row">
                  <td className="px-3 py-3 whitespace-nowrap">{r.created}</td>
                  <td className="px-3 py-3 font-mono">
                    <Link className="font-semibold text-brand-700 underline" to={`/admin/payments/${r.reference}`}>{r.reference}</Link>
                  </td>
                  <td className="px-3 py-3">
                    {r.subject && <p className="font-semibold" data-testid="order-subject">{r.subject}</p>}
                    <p>{r.description}</p>
                    <p className="text-xs text-slate-700">{PURPOSES[r.purpose]}</p>
                  </td>
                  <td className="px-3 py-3">{PROVIDERS[r.provider]}</td>
                  <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">{r.amount}</td>
                  <td className="px-3 py-3"><StatusBadge status={r.status} flag={r.flag} /><DocumentLinks links={documents[r.reference]} /></td>
                </tr>
              ))}
            </tbody>
          </table>

          <ul className="mt-3 space-y-3 md:hidden">
            {rows.map((r) => (
              <li key={r.reference} className="rounded-2xl border border-slate-200 bg-white p-4">
                <div className="flex items-start justify-between gap-2">
                  <Link className="font-mono font-semibold text-brand-700 underline" to={`/admin/payments/${r.reference}`}>{r.reference}</Link>
                  <StatusBadge status={r.status} flag={r.flag} />
                </div>
                {r.subject && <p className="mt-1 font-semibold">{r.subject}</p>}
                <p className="mt-1">{r.description}</p>
                <p className="text-sm text-slate-700">{r.created} · {PROVIDERS[r.provider]}</p>
                <p className="mt-1 font-bold tabular-nums">{r.amount}</p>
                <DocumentLinks links={documents[r.reference]} />
              </li>
            ))}
          </ul>
        </>
      )}

      <Pager page={page} pageCount={pageCount} searchOf={(p) => orderSearch(filters, p)} />
    </>
  );
}
