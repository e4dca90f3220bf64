/**
 * The order's state machine (DESIGN.md §7): created → pending → paid | failed |
 * expired | held. Paid is final; a late success after failed or expired still wins (Razorpay's
 * `payment.failed` may be followed by `payment.captured`); a success for another amount or
 * merchant holds the order for the office (not paid, not open: the family may pay again), and
 * only a verified word for its own amount moves it on, to paid; nothing moves backwards.
 */
import type { OrderStatus } from "~/db/schema/payments";

/**
 * What a gateway (or the reconciliation clock) says about an order:
 * - `paid`: the gateway confirmed the money arrived, for the order's amount and merchant;
 * - `held`: the gateway confirmed a payment, but for another amount or merchant;
 * - `pending`: still in progress (a challan issued, UPI awaiting the payer, authorised only);
 * - `failed`: the gateway says this attempt did not succeed;
 * - `expired`: nobody settled it within the reconciliation window;
 * - `unknown`: nothing usable (no answer, not initiated yet).
 */
export type Verdict = "paid" | "held" | "pending" | "failed" | "expired" | "unknown";

/**
 * The statuses of an open order: it blocks a new one for the same thing owed (a double click
 * finds it) and the reconciliation clock still asks the gateway about it. Held is not open. The
 * partial unique index payment_orders_one_open_idx (app/db/schema/payments.ts) writes the same
 * list in SQL.
 */
export const OPEN_STATUSES = ["created", "pending"] as const satisfies readonly OrderStatus[];

/** Whether an order in this status is open (OPEN_STATUSES). */
export function isOpen(status: OrderStatus): boolean {
  return (OPEN_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Whether an order ended without the money (failed, expired or held): neither paid nor open, so the family may try again. */
export function isRetryable(status: OrderStatus): boolean {
  return status !== "paid" && !isOpen(status);
}

/**
 * The status an order moves to on a verdict, or null when it stays where it is.
 * Pure; the caller applies it under a row lock.
 */
export function nextStatus(current: OrderStatus, verdict: Verdict): OrderStatus | null {
  if (current === "paid") return null;
  switch (verdict) {
    case "paid":
      return "paid";
    case "held":
      return current === "held" ? null : "held";
    case "pending":
      return current === "created" ? "pending" : null;
    case "failed":
      return isOpen(current) ? "failed" : null;
    case "expired":
      return isOpen(current) ? "expired" : null;
    case "unknown":
      return null;
  }
}

/** The parent's page for an order in each status (SPEC §2 result pages, 'being confirmed', and 'held'). */
export type ResultPath = "/payment-success" | "/payment-failure" | "/payment-pending" | "/payment-on-hold";

/** Where a parent is sent for an order in this status. */
export function resultPath(status: OrderStatus): ResultPath {
  if (status === "paid") return "/payment-success";
  if (status === "failed" || status === "expired") return "/payment-failure";
  if (status === "held") return "/payment-on-hold";
  return "/payment-pending";
}
