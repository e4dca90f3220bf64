/**
 * Where a parent is sent and what the result pages show: after `payments.start` (the hand-off or
 * "being confirmed"), and on /payment-success, /payment-failure, /payment-pending and
 * /payment-on-hold for `?order=<public id>`: the order's summary, or a redirect to the page its
 * status belongs on (a result page never claims what is not recorded). While the database is
 * away they fall back to 'being confirmed' instead of an error.
 */
import { messageOf } from "~/lib/errors";
import { isPublicId, isReference } from "./identifiers";
import { summaryOf, type OrderSummaryData } from "./labels";
import type { PaymentService, StartResult } from "./service.server";
import { resultPath, type ResultPath } from "./states";

export type ResultPageData =
  | { kind: "redirect"; location: string }
  | { kind: "order"; summary: OrderSummaryData }
  | { kind: "plain"; reference: string | null }
  | { kind: "unavailable"; reference: string | null };

/** Never throws: a database failure gives `unavailable`. */
export async function resultPageData(service: Pick<PaymentService, "view">, url: URL, page: ResultPath): Promise<ResultPageData> {
  const id = url.searchParams.get("order");
  const reference = url.searchParams.get("reference");
  const plainReference = isReference(reference) ? reference : null;
  if (!isPublicId(id)) return { kind: "plain", reference: plainReference };
  try {
    const view = await service.view(id);
    if (!view) return { kind: "plain", reference: null };
    const belongs = resultPath(view.status);
    if (belongs !== page) return { kind: "redirect", location: `${belongs}?order=${view.publicId}` };
    return { kind: "order", summary: summaryOf(view) };
  } catch (error) {
    console.error(`Payment result page without its order (${messageOf(error)})`);
    return { kind: "unavailable", reference: plainReference };
  }
}

/**
 * Where a payment that was just started sends the payer (SPEC §2 payment flow): to the hand-off
 * page that takes them to the gateway, or, when the bank is still confirming an earlier attempt,
 * to "Payment being confirmed". The other results (already paid, nothing due, unavailable) are
 * answered by the page that started the payment, each in its own words. Pure.
 */
/** "/pay/{publicId}": the hand-off page of an order. */
export function payPath(publicId: string): string {
  return `/pay/${publicId}`;
}

/** "/payment-pending?order={publicId}": the page of an order the bank is still confirming. */
export function pendingPath(publicId: string): string {
  return `/payment-pending?order=${publicId}`;
}

/** The path to redirect to (303) after `payments.start`, or null when the calling page answers itself. */
export function startRedirect(result: StartResult): string | null {
  switch (result.kind) {
    case "handoff":
      return payPath(result.order.publicId);
    case "in_progress":
      return pendingPath(result.order.publicId);
    case "already_paid":
    case "nothing_due":
    case "unavailable":
      return null;
  }
}
