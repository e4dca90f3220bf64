/** What parents and the administrator call each purpose, gateway and order status. */
import type { PaymentLink } from "./purposes";
import type { OrderStatus, OrderSubject, PaymentProvider, PaymentPurpose } from "~/db/schema/payments";
import { formatDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import type { OrderView } from "./service.server";

export const PURPOSE_LABELS: Record<PaymentPurpose, string> = {
  tuition: "School fee",
  bus: "Bus fee",
  application_fee: "Application fee",
  sample: "Sample payment (development)",
  family_fees: "Family fees",
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

/**
 * An order as the parent's pages show it: amounts in rupees with Indian grouping and times in
 * India, formatted once on the server so the browser hydrates the same text.
 */
export type OrderSummaryData = {
  publicId: string;
  reference: string;
  status: OrderView["status"];
  purposeLabel: string;
  description: string;
  lines: { label: string; amount: string }[];
  total: string;
  /** "21 Nov 2026, 3:05 PM" (IST). */
  createdAt: string;
  paidAt: string | null;
  providerLabel: string;
  /** What the gateway reported paid when it differs from the total (a held order), e.g. "₹15". */
  reportedAmount: string | null;
  providerPaymentId: string | null;
  bankReference: string | null;
  links: PaymentLink[];
  retryPath: string;
};

export function summaryOf(view: OrderView): OrderSummaryData {
  return {
    publicId: view.publicId,
    reference: view.reference,
    status: view.status,
    purposeLabel: view.purposeLabel,
    description: view.description,
    lines: view.lines.map((l) => ({ label: l.label, amount: formatRupees(l.amountPaise) })),
    total: formatRupees(view.amountPaise),
    createdAt: formatDateTime(view.createdAt),
    paidAt: view.paidAt ? formatDateTime(view.paidAt) : null,
    providerLabel: view.providerLabel,
    reportedAmount: view.paidAmountPaise !== null && view.paidAmountPaise !== view.amountPaise ? formatRupees(view.paidAmountPaise) : null,
    providerPaymentId: view.providerPaymentId,
    bankReference: view.bankReference,
    links: view.links,
    retryPath: view.retryPath,
  };
}
