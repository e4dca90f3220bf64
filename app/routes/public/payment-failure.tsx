/**
 * /payment-failure (SPEC §2): the SPEC's words, and with `?order=` the reference and what it was
 * for. 'Try Again' leads to the purpose's page (SPEC: /fee-payment).
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/payment-failure";
import { ResultPanel } from "~/features/content/components/result-panel";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { OrderSummary } from "~/core/payments/components/order-summary";
import { PendingPanel } from "~/core/payments/components/pending-panel";
import { resultPageData } from "~/core/payments/result-page.server";
import { payments } from "~/payment-purposes.server";
import { NO_STORE_HEADERS } from "~/lib/http";
import type { PageHandle } from "~/lib/without-react";

export async function loader({ request }: Route.LoaderArgs) {
  const page = await resultPageData(payments, new URL(request.url), "/payment-failure");
  if (page.kind === "redirect") throw redirect(page.location, { headers: NO_STORE_HEADERS });
  return data(page, { headers: NO_STORE_HEADERS });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** A page of text and links: no React in the browser (app/lib/without-react.ts). */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Payment Failed", description: "Your payment could not be processed. Please try again.", path: "/payment-failure", siteUrl: siteUrlFrom(matches), noindex: true });

export default function PaymentFailure({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "unavailable") return <PendingPanel reference={loaderData.reference} summary={null} checkAgainHref={null} />;
  const summary = loaderData.kind === "order" ? loaderData.summary : null;
  return (
    <ResultPanel
      tone="failure"
      title="Payment Failed!"
      message="Your payment could not be processed. Please try again."
      action={{ label: "Try Again", to: summary?.retryPath ?? "/fee-payment" }}
    >
      {summary && (
        <div className="mt-8 w-full">
          <OrderSummary summary={summary} />
          <p className="mt-3 text-sm text-slate-700">No money is kept for a failed payment; if your bank debited you, it returns the amount.</p>
        </div>
      )}
    </ResultPanel>
  );
}
