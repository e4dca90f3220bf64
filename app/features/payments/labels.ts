/** What parents and the administrator call each purpose and gateway. */
import type { OrderSubject, PaymentProvider, PaymentPurpose } from "~/db/schema/payments";

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

/** "Riya Kumari · Class 5 A · 2021/0042": who an order pays for, as money lists name them ("" when unknown). */
export function subjectText(subject: OrderSubject | null): string {
  return subject ? [subject.name, subject.className, subject.number].filter(Boolean).join(" · ") : "";
}
