/**
 * 'Please contact the school office' (the order is held): the gateway reported a payment for
 * another amount or merchant, so nothing was recorded as paid. The parent learns whom to call,
 * with the reference, and may pay the amount due again at once instead of waiting.
 */
import { school } from "#content/school";
import type { OrderSummaryData } from "../labels";
import { OrderSummary } from "./order-summary";
import { ButtonLink } from "~/components/button";

const office = school.phones.find((p) => p.label === "School office") ?? school.phones[0];
const [email] = school.emails;

export function HeldPanel({ reference, summary }: { reference: string | null; summary: OrderSummaryData | null }) {
  return (
    <section className="mx-auto grid max-w-xl justify-items-center px-5 py-16 text-center">
      <div aria-hidden="true" className="grid size-16 place-items-center rounded-full bg-orange-100 text-3xl font-bold text-orange-800">!</div>
      <h1 className="mt-6 text-3xl font-extrabold text-orange-800">Please contact the school office</h1>
      <p className="mt-3 text-lg text-slate-700">
        The bank reported a payment for this order that does not match the amount due, so it has not been recorded as paid.
      </p>
      {summary?.reportedAmount && (
        <p className="mt-3 text-lg text-slate-700" data-testid="held-amounts">
          The bank reported <strong className="tabular-nums">{summary.reportedAmount}</strong>; the amount due is{" "}
          <strong className="tabular-nums">{summary.total}</strong>.
        </p>
      )}
      {reference && (
        <p className="mt-4 text-lg">
          Your reference: <span className="font-mono font-bold" data-testid="held-reference">{reference}</span>
        </p>
      )}
      <div className="mt-6 w-full space-y-3 rounded-2xl border border-slate-200 bg-white p-5 text-left text-slate-800">
        <h2 className="font-bold text-slate-900">What to do</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Call the school office on{" "}
            <a className="font-semibold whitespace-nowrap text-brand-700 underline" href={`tel:${office.e164}`}>{office.display}</a> or write to{" "}
            <a className="font-semibold wrap-anywhere text-brand-700 underline" href={`mailto:${email}`}>{email}</a> with your reference ({school.hours.days},{" "}
            {school.hours.open} to {school.hours.close}).
          </li>
          <li>The office checks this payment with the bank. Any money the bank took for it is refunded, or counted towards what you owe.</li>
          <li>You can pay the amount due again now; you need not wait for the office.</li>
        </ul>
      </div>
      {summary && (
        <div className="mt-6 w-full">
          <OrderSummary summary={summary} />
        </div>
      )}
      <ButtonLink to={summary?.retryPath ?? "/payment-portal"} size="xl" className="mt-8">
        Pay again
      </ButtonLink>
    </section>
  );
}
