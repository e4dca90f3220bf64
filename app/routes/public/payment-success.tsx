/** /payment-success (SPEC §2). */
import type { Route } from "./+types/payment-success";
import { ResultPanel } from "~/features/content/components/result-panel";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Payment Successful", description: "Your fee payment has been processed successfully.", path: "/payment-success", siteUrl: siteUrlFrom(matches), noindex: true });

export default function PaymentSuccess() {
  return (
    <ResultPanel
      tone="success"
      title="Payment Successful!"
      message="Your fee payment has been processed successfully."
      action={{ label: "Back to Fee Payment", to: "/fee-payment" }}
    />
  );
}
