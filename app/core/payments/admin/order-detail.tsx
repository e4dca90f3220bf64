/**
 * /admin/payments/{reference}: one order with its ids, what it pays for, its attempts (each
 * hand-off's reference and what the gateway said of it), every gateway event (with its
 * verification and raw payload), and Check with the bank (for someone who may: `canCheck`;
 * others read who may, `need`).
 */
import type { PaymentLink } from "../purposes";
import { Form, Link, useNavigation } from "react-router";
import type { OrderStatus } from "~/db/schema/payments";
import { StatusBadge } from "./status-badge";
import { Button } from "~/components/button";
import { ReadOnlyNote } from "~/components/read-only-note";

export type EventRow = {
  id: number;
  at: string;
  kind: string;
  verified: boolean | null;
  outcome: string;
  statusBefore: string | null;
  statusAfter: string | null;
  detail: string;
  payload: string;
};

/** One hand-off of the order: its reference and what the gateway last said of it. */
export type AttemptRow = {
  reference: string;
  created: string;
  handedOff: string | null;
  providerOrderId: string | null;
  outcome: string | null;
  gatewayStatus: string | null;
  providerPaymentId: string | null;
  paidAmount: string | null;
  checked: string | null;
  /** The attempt whose payment paid the order. */
  paidTheOrder: boolean;
};

export type OrderDetailData = {
  reference: string;
  status: OrderStatus;
  flag: string | null;
  flagDetail: string | null;
  purpose: string;
  description: string;
  /** Who it pays for: "Riya Kumari · Class 5 A · 2021/0042". */
  subject: string;
  lines: { label: string; amount: string }[];
  amount: string;
  paidAmount: string | null;
  provider: string;
  fields: [string, string][];
  links: PaymentLink[];
  attempts: AttemptRow[];
  events: EventRow[];
  resultPath: string;
};

/** How far a message could be trusted: a signature check, the gateway's status API, or our own note. */
export function provenance(kind: string, verified: boolean | null): string {
  if (kind === "order") return "our note";
  if (verified === null) return "status API";
  return verified ? "signature verified" : "signature did not verify";
}

export function OrderDetail({ order, message, canCheck, need }: { order: OrderDetailData; message: string | null; canCheck: boolean; need: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <p className="text-sm"><Link to="/admin/payments" className="font-semibold text-brand-700 underline">All payments</Link></p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-2xl font-bold text-brand-800">{order.reference}</h1>
        <StatusBadge status={order.status} flag={order.flag} />
      </div>
      <p className="mt-1 text-slate-800">{order.description} · {order.purpose}</p>
      {order.flagDetail && <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 whitespace-pre-line text-red-900">{order.flagDetail}</p>}

      <div className="mt-5 grid gap-5 lg:grid-cols-2">
        <section className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="font-bold">Order</h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-700">Amount</dt>
            <dd className="font-bold tabular-nums">{order.amount}</dd>
            {order.paidAmount && (
              <>
                <dt className="text-slate-700">Gateway reports paid</dt>
                <dd className="tabular-nums">{order.paidAmount}</dd>
              </>
            )}
            <dt className="text-slate-700">Gateway</dt>
            <dd>{order.provider}</dd>
            {order.fields.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="text-slate-700">{name}</dt>
                <dd className="wrap-anywhere">{value}</dd>
              </div>
            ))}
            <dt className="text-slate-700">For</dt>
            <dd data-testid="order-subject">{order.subject}</dd>
          </dl>
          <table className="mt-4 w-full text-sm">
            <caption className="sr-only">Lines</caption>
            <tbody>
              {order.lines.map((l, i) => (
                <tr key={i} className="border-t border-slate-200">
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal">{l.label}</th>
                  <td className="py-1.5 text-right tabular-nums">{l.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {order.links.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-2">
              {order.links.map((l) => (
                <li key={l.href}><a className="font-semibold text-brand-700 underline" href={l.href}>{l.label}</a></li>
              ))}
            </ul>
          )}
          <p className="mt-3 text-sm"><a className="text-brand-700 underline" href={order.resultPath}>The parent's result page</a></p>
        </section>

        <section className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="font-bold">Check with the bank</h2>
          <p className="mt-2 text-sm text-slate-700">
            Asks the gateway for this payment's status now and records its answer; a payment the gateway confirms is marked paid. Reconciliation does
            the same every 15 minutes for 3 days.
          </p>
          {canCheck ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="check" />
              <Button disabled={busy}>
                {busy ? "Checking..." : "Check with the bank"}
              </Button>
            </Form>
          ) : (
            <ReadOnlyNote need={need} className="mt-3" />
          )}
          {message && <p role="status" className="mt-3 rounded-lg bg-slate-100 p-3 text-sm">{message}</p>}
        </section>
      </div>

      <Attempts attempts={order.attempts} />

      <section className="mt-5">
        <h2 className="text-lg font-bold">Events</h2>
        <ol className="mt-3 space-y-3">
          {order.events.map((e) => (
            <li key={e.id} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm" data-testid="order-event">
              <p className="flex flex-wrap gap-x-3 gap-y-1">
                <span className="font-semibold">{e.at}</span>
                <span className="rounded bg-slate-100 px-2 font-mono">{e.kind}</span>
                <span>{provenance(e.kind, e.verified)}</span>
                {e.kind !== "order" && <span>said: {e.outcome}</span>}
                {e.statusBefore !== e.statusAfter && <span className="font-semibold">{e.statusBefore ?? "new"} → {e.statusAfter}</span>}
              </p>
              <p className="mt-1 text-slate-900">{e.detail}</p>
              <details className="mt-2">
                <summary className="cursor-pointer text-brand-700">Payload</summary>
                <pre className="mt-2 max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap break-all">{e.payload}</pre>
              </details>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** The order's hand-offs, oldest first: each has its own reference at the gateway (a table on wide screens, cards on phones). */
function Attempts({ attempts }: { attempts: AttemptRow[] }) {
  const said = (a: AttemptRow) => (a.outcome ? `${a.outcome}${a.gatewayStatus ? ` (${a.gatewayStatus})` : ""}` : "nothing yet");
  const paidBadge = <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-900">paid the order</span>;
  return (
    <section className="mt-5" aria-labelledby="attempts-heading">
      <h2 id="attempts-heading" className="text-lg font-bold">Attempts</h2>
      <p className="mt-1 text-sm text-slate-700">
        Every time the payment page was shown, the gateway was given a new reference. Status checks ask about the newest 10 and any still in progress.
      </p>
      <table className="mt-3 hidden w-full overflow-hidden rounded-2xl border border-slate-200 bg-white text-left text-sm md:table">
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">Reference</th>
            <th scope="col" className="px-3 py-2">Shown (IST)</th>
            <th scope="col" className="px-3 py-2">Gateway said</th>
            <th scope="col" className="px-3 py-2">Payment</th>
            <th scope="col" className="px-3 py-2">Last asked</th>
          </tr>
        </thead>
        <tbody>
          {attempts.map((a) => (
            <tr key={a.reference} className="border-t border-slate-200 align-top" data-testid="order-attempt">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <span className="font-mono font-semibold">{a.reference}</span>
                {a.paidTheOrder && paidBadge}
                {a.providerOrderId && <span className="block font-mono text-xs text-slate-700">{a.providerOrderId}</span>}
              </th>
              <td className="px-3 py-2 whitespace-nowrap">{a.handedOff ?? "not shown yet"}</td>
              <td className="px-3 py-2">{said(a)}</td>
              <td className="px-3 py-2">
                {a.paidAmount && <span className="tabular-nums">{a.paidAmount}</span>}
                {a.providerPaymentId && <span className="block font-mono text-xs break-all">{a.providerPaymentId}</span>}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{a.checked ?? "never"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-3 space-y-3 md:hidden">
        {attempts.map((a) => (
          <li key={a.reference} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
            <p>
              <span className="font-mono font-semibold">{a.reference}</span>
              {a.paidTheOrder && paidBadge}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-slate-700">Shown</dt>
              <dd>{a.handedOff ?? "not shown yet"}</dd>
              <dt className="text-slate-700">Gateway said</dt>
              <dd>{said(a)}</dd>
              {(a.paidAmount || a.providerPaymentId) && (
                <>
                  <dt className="text-slate-700">Payment</dt>
                  <dd className="break-all">{[a.paidAmount, a.providerPaymentId].filter(Boolean).join(", ")}</dd>
                </>
              )}
              {a.providerOrderId && (
                <>
                  <dt className="text-slate-700">Gateway order</dt>
                  <dd className="font-mono break-all">{a.providerOrderId}</dd>
                </>
              )}
              <dt className="text-slate-700">Last asked</dt>
              <dd>{a.checked ?? "never"}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
