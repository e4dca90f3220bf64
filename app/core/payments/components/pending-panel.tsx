/**
 * 'Payment being confirmed' (PAYMENTS.md §C: never claim a success that has not been
 * recorded): the reference, and what happens next. Shown when the gateway says the payment is
 * in progress, when a success has not been confirmed yet, and when the return could not be
 * recorded at all (the database was away).
 */
import { school } from "#content/school";
import type { OrderSummaryData } from "../labels";
import { OrderSummary } from "./order-summary";
import { ButtonLink } from "~/components/button";

export function PendingPanel({ reference, summary, checkAgainHref }: { reference: string | null; summary: OrderSummaryData | null; checkAgainHref: string | null }) {
  const [phone] = school.phones;
  return (
    <section className="mx-auto grid max-w-xl justify-items-center px-5 py-16 text-center">
      <div aria-hidden="true" className="grid size-16 place-items-center rounded-full bg-amber-100 text-3xl font-bold text-amber-800">…</div>
      <h1 className="mt-6 text-3xl font-extrabold text-amber-800">Payment being confirmed</h1>
      <p className="mt-3 text-lg text-slate-700">
        We have not yet received the bank's confirmation of this payment. Nothing more is needed from you, and please do not pay again.
      </p>
      {reference && (
        <p className="mt-4 text-lg">
          Your reference: <span className="font-mono font-bold" data-testid="pending-reference">{reference}</span>
        </p>
      )}
      <div className="mt-6 w-full space-y-3 rounded-2xl border border-slate-200 bg-white p-5 text-left text-slate-800">
        <h2 className="font-bold text-slate-900">What happens next</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>We ask the bank about this payment every 15 minutes for the next 3 days.</li>
          <li>If the money was taken, the payment is recorded as paid and {checkAgainHref ? "this page shows it" : "the school office can show you the receipt"}.</li>
          <li>If the bank says it did not go through, no money is kept; any amount debited is returned by your bank.</li>
          <li>
            Questions: call <a className="font-semibold text-brand-700 underline" href={`tel:${phone.e164}`}>{phone.display}</a> with your reference.
          </li>
        </ul>
      </div>
      {summary && (
        <div className="mt-6 w-full">
          <OrderSummary summary={summary} />
        </div>
      )}
      {checkAgainHref && (
        <ButtonLink to={checkAgainHref} reloadDocument size="xl" className="mt-8">
          Check again
        </ButtonLink>
      )}
    </section>
  );
}
