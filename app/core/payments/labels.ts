/** What parents and the administrator call each purpose, gateway and order status. */
import type { OrderStatus, OrderSubject, PaymentProvider, PaymentPurpose } from "~/db/schema/payments";

export const PURPOSE_LABELS: Record<PaymentPurpose, string> = {
  tuition: "School fee",
  bus: "Bus fee",
  application_fee: "Application fee",
  sample: "Sample payment (development)",
};

export const PROVIDER_LABELS: Record<PaymentProvider, string> = {
  mock: "Test gateway",
  icici_eazypay: "ICICI Bank Eazypay",
  razorpay: "Razorpay",
};

/** Each order status in the administrator's words (the status filter, the badge's tooltip). */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  created: "Created: not paid yet",
  pending: "Pending: being confirmed",
  paid: "Paid",
  failed: "Failed",
  expired: "Expired",
  held: "Held: another amount or merchant reported",
};

/** "Riya Kumari · Class 5 A · 2021/0042": who an order pays for, as money lists name them ("" when unknown). */
export function subjectText(subject: OrderSubject | null): string {
  return subject ? [subject.name, subject.className, subject.number].filter(Boolean).join(" · ") : "";
}
