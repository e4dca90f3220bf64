/**
 * The payments CSV for reconciliation against the bank statement: one row per order
 * with our reference, the gateway's ids, the bank reference (UTR), the amount in rupees, the
 * status, the times in India, and the reference of the attempt that paid (the one the bank's
 * statement shows).
 */
import { csvDocument } from "~/lib/csv";
import { SCHOOL_TIME_ZONE } from "~/lib/dates";
import { decimalRupees } from "~/lib/money";
import { PROVIDER_LABELS, PURPOSE_LABELS } from "../labels";
import type { PaymentOrder } from "../orders.server";

const istStamp = new Intl.DateTimeFormat("en-CA", { timeZone: SCHOOL_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

/** "2026-11-21 15:05:09" in India; "" for null. */
export function istTimestamp(instant: Date | null): string {
  return instant ? istStamp.format(instant).replace(", ", " ") : "";
}

export const CSV_HEADER = [
  "Reference",
  "Gateway",
  "Gateway order id",
  "Gateway payment id (Razorpay payment / Eazypay Unique Ref Number)",
  "Bank reference (UTR)",
  "Amount (INR)",
  "Paid amount (INR)",
  "Status",
  "Purpose",
  "Student / applicant",
  "Class",
  "Admission / application no.",
  "For",
  "Created (IST)",
  "Paid (IST)",
  "Payment mode",
  "Flag",
  "Paid by reference",
];

export function ordersCsv(orders: readonly PaymentOrder[]): string {
  return csvDocument([
    CSV_HEADER,
    ...orders.map((o) => [
      o.reference,
      PROVIDER_LABELS[o.provider],
      o.providerOrderId,
      o.providerPaymentId,
      o.bankReference,
      decimalRupees(o.amountPaise),
      o.paidAmountPaise === null ? "" : decimalRupees(o.paidAmountPaise),
      o.status,
      PURPOSE_LABELS[o.purpose],
      o.subject?.name ?? "",
      o.subject?.className ?? "",
      o.subject?.number ?? "",
      o.description,
      istTimestamp(o.createdAt),
      istTimestamp(o.paidAt),
      o.paymentMode,
      o.flag ? `${o.flag}: ${o.flagDetail ?? ""}` : "",
      o.paidReference,
    ]),
  ]);
}
