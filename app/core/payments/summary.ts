/**
 * An order as the parent's pages show it: amounts in rupees with Indian grouping and times in
 * India, formatted once on the server so the browser hydrates the same text.
 */
import { formatDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import type { OrderView } from "./service.server";

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
  links: { label: string; href: string }[];
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
