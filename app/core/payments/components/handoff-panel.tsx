/**
 * The hand-off to the gateway: what is being paid, then Continue to payment, a plain
 * link (Eazypay's encrypted URL, the test gateway) or a plain form POST (Razorpay Hosted
 * Checkout). Works without JavaScript; no third-party script is loaded on our page. Each showing
 * carries a fresh reference for the bank (the order's own reference is the one parents keep).
 */
import type { Handoff } from "../gateway";
import type { OrderSummaryData } from "../labels";
import { OrderSummary } from "./order-summary";
import { buttonClass } from "~/components/button";

const button = buttonClass({ size: "xl", className: "inline-flex min-h-12 items-center justify-center text-lg focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-accent-500" });

export function HandoffPanel({ summary, handoff, gatewayLabel }: { summary: OrderSummaryData; handoff: Handoff; gatewayLabel: string }) {
  return (
    <section className="mx-auto max-w-xl px-5 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-brand-800">Confirm and pay</h1>
      <p className="mt-3 text-slate-700">
        Check the amount, then continue to {gatewayLabel} to pay by UPI, net banking or card. You come back to this site when it is done.
      </p>
      <div className="mt-6">
        <OrderSummary summary={summary} />
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        {handoff.kind === "link" ? (
          <a href={handoff.url} className={button}>
            Continue to payment
          </a>
        ) : (
          <form method="post" action={handoff.action}>
            {handoff.fields.map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className={button}>Continue to payment</button>
          </form>
        )}
      </div>
      <p className="mt-6 text-sm text-slate-700">
        Keep the reference <span className="font-mono font-semibold">{summary.reference}</span> until you see the result. Opening this page again,
        in another tab or after a reload, continues this same payment. Please pay in one tab only: the bank would take a payment made in each.
      </p>
    </section>
  );
}
