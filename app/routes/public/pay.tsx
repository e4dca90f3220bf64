/**
 * /pay/{order}: the hand-off to the gateway for an open order. The fee and admission
 * pages start a payment through the payment core and send the parent here; a reload or a second
 * tab shows the same order, each time as a new attempt with a fresh reference for the gateway. A
 * settled (or held) order goes to its result page.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/pay";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { HandoffPanel } from "~/core/payments/components/handoff-panel";
import { PaymentUnavailable } from "~/core/payments/components/payment-unavailable";
import { isPublicId } from "~/core/payments/identifiers";
import { resultPath } from "~/core/payments/states";
import { summaryOf } from "~/core/payments/labels";
import { payments } from "~/payment-purposes.server";
import { messageOf } from "~/lib/errors";
import { NO_STORE_HEADERS } from "~/lib/http";

export async function loader({ params }: Route.LoaderArgs) {
  if (!isPublicId(params.orderId)) return data({ kind: "missing" as const }, { status: 404, headers: NO_STORE_HEADERS });
  let found: Awaited<ReturnType<typeof payments.handoffFor>>;
  try {
    found = await payments.handoffFor(params.orderId);
  } catch (error) {
    console.error(`Payment hand-off not ready: ${messageOf(error)}`);
    return data({ kind: "unavailable" as const, reason: "The payment gateway cannot be reached right now. Please try again in a few minutes." }, { status: 503, headers: NO_STORE_HEADERS });
  }
  if (!found) return data({ kind: "missing" as const }, { status: 404, headers: NO_STORE_HEADERS });
  if (found.order.status !== "created" && found.order.status !== "pending") {
    throw redirect(`${resultPath(found.order.status)}?order=${found.order.publicId}`, { headers: NO_STORE_HEADERS });
  }
  if (!found.handoff || !found.gateway || !found.view) return data({ kind: "unavailable" as const, reason: "Online payment is not available right now." }, { status: 503, headers: NO_STORE_HEADERS });
  return data({ kind: "handoff" as const, summary: summaryOf(found.view), handoff: found.handoff, gatewayLabel: found.gateway.label }, { headers: NO_STORE_HEADERS });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({ title: "Confirm and pay", description: "Check the amount and continue to the payment gateway.", path: `/pay/${params.orderId}`, siteUrl: siteUrlFrom(matches), noindex: true });

export default function Pay({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "handoff") return <HandoffPanel summary={loaderData.summary} handoff={loaderData.handoff} gatewayLabel={loaderData.gatewayLabel} />;
  return (
    <section className="mx-auto max-w-xl px-5 py-16">
      <h1 className="text-3xl font-extrabold text-brand-800">{loaderData.kind === "missing" ? "We could not find this payment" : "Online payment is not available"}</h1>
      <div className="mt-6">
        {loaderData.kind === "missing" ? (
          <p className="text-lg text-slate-700">The link may be incomplete. Please start again from the fee payment page.</p>
        ) : (
          <PaymentUnavailable reason={loaderData.reason} />
        )}
      </div>
    </section>
  );
}
