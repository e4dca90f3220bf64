/** /admin/fees/collections: money received by day, head, class and mode for an IST range (issue 13). */
import { data, Form } from "react-router";
import type { Route } from "./+types/fee-collections";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/auth/session.server";
import { FeesNav, input, primary, secondary } from "~/features/fees/components/admin";
import { collections } from "~/features/fees/reports.server";
import { kolkataDate } from "~/lib/dates";
import { formatRupees } from "~/lib/money";

/** ?from=&to= as IST dates; defaults to the current month so far. */
export function rangeOf(url: URL): { from: string; to: string } {
  const today = kolkataDate(new Date());
  const real = (v: string) => {
    const t = new Date(`${v}T00:00:00Z`).getTime();
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
  };
  const ok = (v: string | null) => (v && /^(19|20)\d{2}-\d{2}-\d{2}$/.test(v) && real(v) ? v : null);
  const from = ok(url.searchParams.get("from")) ?? `${today.slice(0, 8)}01`;
  const to = ok(url.searchParams.get("to")) ?? today;
  return from <= to ? { from, to } : { from: to, to: from };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requireAdmin(request);
  headers.set("Cache-Control", "no-store");
  const { from, to } = rangeOf(new URL(request.url));
  return data(await collections(await getDb(), from, to), { headers });
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
        <strong data-testid="collections-total">{formatRupees(c.totalPaise)}</strong> from {c.payments} payments{c.reversedPaise ? `; ${formatRupees(c.reversedPaise)} refunded or cancelled (not counted)` : ""}.
      </p>
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
    </div>
  );
}
