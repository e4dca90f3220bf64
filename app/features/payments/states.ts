/**
 * The order's state machine (DESIGN.md §7, issue 11): created → pending → paid | failed |
 * expired. Paid is final; a late success after failed or expired still wins (Razorpay's
 * `payment.failed` may be followed by `payment.captured`); nothing moves backwards.
 */
import type { OrderStatus } from "~/db/schema/payments";

/**
 * What a gateway (or the reconciliation clock) says about an order:
 * - `paid`: the gateway confirmed the money arrived, for the order's amount and merchant;
 * - `pending`: still in progress (a challan issued, UPI awaiting the payer, authorised only);
 * - `failed`: the gateway says this attempt did not succeed;
 * - `expired`: nobody settled it within the reconciliation window;
 * - `unknown`: nothing usable (no answer, not initiated yet).
 */
export type Verdict = "paid" | "pending" | "failed" | "expired" | "unknown";

export const OPEN_STATUSES: readonly OrderStatus[] = ["created", "pending"];

export function isOpen(status: OrderStatus): boolean {
  return status === "created" || status === "pending";
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

/** Where a parent is sent for an order in this status (SPEC §2 result pages, and the pending page). */
export function resultPath(status: OrderStatus): "/payment-success" | "/payment-failure" | "/payment-pending" {
  if (status === "paid") return "/payment-success";
  if (status === "failed" || status === "expired") return "/payment-failure";
  return "/payment-pending";
}
