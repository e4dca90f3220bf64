/**
 * Where a payment that was just started sends the payer (SPEC §2 payment flow): to the hand-off
 * page that takes them to the gateway, or, when the bank is still confirming an earlier attempt,
 * to "Payment being confirmed". The other results (already paid, nothing due, unavailable) are
 * answered by the page that started the payment, each in its own words. Pure.
 */
import type { StartResult } from "./service.server";

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
