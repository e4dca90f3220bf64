/** /payment-failure (SPEC §2). */
import type { Route } from "./+types/payment-failure";
import { ResultPanel } from "~/features/content/components/result-panel";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Payment Failed", description: "Your payment could not be processed. Please try again.", path: "/payment-failure", siteUrl: siteUrlFrom(matches), noindex: true });

export default function PaymentFailure() {
  return (
    <ResultPanel
      tone="failure"
      title="Payment Failed!"
      message="Your payment could not be processed. Please try again."
      action={{ label: "Try Again", to: "/fee-payment" }}
    />
  );
}
