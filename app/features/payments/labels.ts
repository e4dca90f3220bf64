/** What parents and the administrator call each purpose and gateway. */
import type { PaymentProvider, PaymentPurpose } from "~/db/schema/payments";

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
