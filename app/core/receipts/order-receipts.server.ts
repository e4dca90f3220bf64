/**
 * Receipts for online orders: what a selling feature's purpose handler calls from `onPaid`,
 * inside the transaction that marks the order paid, and the "Download receipt" link of the
 * success page and the administrator's order page. Receipts read the payment core's orders;
 * the payment core never reads receipts.
 */
import type { Database } from "~/db/client.server";
import { PROVIDER_LABELS } from "~/core/payments/labels";
import type { PaymentOrder } from "~/core/payments/orders.server";
import { getConfig } from "~/lib/config.server";
import { issueReceipt, receiptForOrder, totalOf, type Receipt, type ReceiptLine, type ReceiptStudent } from "./issue.server";

/** What the selling feature knows: the series, the purpose, the student and the lines. */
export type ReceiptFacts = { series: string; purpose: string; student: ReceiptStudent; lines: ReceiptLine[] };

/** "Online, Razorpay (UPI)". */
export function onlineMode(order: Pick<PaymentOrder, "provider" | "paymentMode">): string {
  const mode = order.paymentMode?.replaceAll("_", " ").trim();
  return `Online, ${PROVIDER_LABELS[order.provider]}${mode ? ` (${mode.length <= 4 ? mode.toUpperCase() : mode.toLowerCase().replace(/^\w/, (c) => c.toUpperCase())})` : ""}`;
}

/**
 * Issues the order's receipt inside `tx` (the paying transaction), or returns the one it has.
 * Throws RangeError when the lines do not add up to the amount paid (then the order stays
 * unpaid and the payment core logs it), and what the driver throws.
 */
export async function issueOrderReceipt(tx: Database, order: PaymentOrder, facts: ReceiptFacts, now = new Date()): Promise<Receipt> {
  if (totalOf(facts.lines) !== order.amountPaise) throw new RangeError(`Receipt lines add up to ${totalOf(facts.lines)} paise, the order to ${order.amountPaise}`);
  return issueReceipt(
    tx,
    {
      ...facts,
      orderId: order.id,
      paidAt: order.paidAt ?? now,
      payment: { mode: onlineMode(order), gatewayReference: order.providerPaymentId ?? order.reference, bankReference: order.bankReference, instrument: null },
    },
    { secret: getConfig().receiptSecret, now },
  );
}

/** Where a paid order's receipt is downloaded: its unguessable order id, never the number. */
export function orderReceiptHref(publicId: string): string {
  return `/receipts/order/${publicId}`;
}

/** "Download receipt" (the number is on the PDF and in the admin list) for an order that has one; none otherwise. */
export async function orderReceiptLinks(db: Database, order: Pick<PaymentOrder, "id" | "publicId">): Promise<{ label: string; href: string }[]> {
  const receipt = await receiptForOrder(db, order.id);
  return receipt ? [{ label: receipt.status === "cancelled" ? "Download receipt (cancelled)" : "Download receipt", href: orderReceiptHref(order.publicId) }] : [];
}
