/**
 * /payment-success (SPEC §2): the SPEC's words, and with `?order=` what was paid and its links
 * (the receipt, once issue 12 registers it). An order that is not paid is sent to its own page.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/payment-success";
import { ResultPanel } from "~/features/content/components/result-panel";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { OrderSummary } from "~/features/payments/components/order-summary";
import { PendingPanel } from "~/features/payments/components/pending-panel";
import { resultPageData } from "~/features/payments/result-page.server";
import { payments } from "~/payment-purposes.server";

export async function loader({ request }: Route.LoaderArgs) {
  const page = await resultPageData(payments, new URL(request.url), "/payment-success");
  if (page.kind === "redirect") throw redirect(page.location, { headers: { "Cache-Control": "no-store" } });
  return data(page, { headers: { "Cache-Control": "no-store" } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Payment Successful", description: "Your fee payment has been processed successfully.", path: "/payment-success", siteUrl: siteUrlFrom(matches), noindex: true });

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "unavailable") return <PendingPanel reference={loaderData.reference} summary={null} checkAgainHref={null} />;
  const summary = loaderData.kind === "order" ? loaderData.summary : null;
  return (
    <ResultPanel
      tone="success"
      title="Payment Successful!"
      message="Your fee payment has been processed successfully."
      action={{ label: "Back to Fee Payment", to: "/fee-payment" }}
    >
      {summary && (
        <div className="mt-8 w-full">
          <OrderSummary summary={summary} showPaid />
          {summary.links.length > 0 && (
            <ul className="mt-4 flex flex-wrap justify-center gap-3">
              {summary.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="inline-block rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50">{link.label}</a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </ResultPanel>
  );
}
