/**
 * Razorpay's signatures and entities (PAYMENTS.md §B; razorpay.com/docs "Payment Verification"
 * and "Validate Webhooks"). Pure functions. The checks compute the same HMAC as the SDK's
 * `validatePaymentVerification`/`validateWebhookSignature`, but compare in constant time (the
 * SDK compares strings with `===`).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Verdict } from "../states";

function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac("sha256", secret).update(message).digest("hex");
}

function sameHex(expected: string, given: string | undefined): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** HMAC_SHA256(key secret, `order_id|payment_id`), the callback's razorpay_signature. */
export function razorpayPaymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/** True when `signature` signs the **stored** order id with this payment id. */
export function verifyRazorpayPayment(storedOrderId: string, paymentId: string, signature: string | undefined, keySecret: string): boolean {
  return sameHex(razorpayPaymentSignature(storedOrderId, paymentId, keySecret), signature);
}

/** X-Razorpay-Signature: HMAC_SHA256(webhook secret, raw body). */
export function razorpayWebhookSignature(rawBody: Buffer | string, webhookSecret: string): string {
  return hmacHex(webhookSecret, rawBody);
}

export function verifyRazorpayWebhook(rawBody: Buffer, signature: string | undefined, webhookSecret: string): boolean {
  return sameHex(razorpayWebhookSignature(rawBody, webhookSecret), signature);
}

/** The parts of a Razorpay payment entity we read. */
export type RazorpayPayment = {
  id: string;
  order_id?: string | null;
  amount: number;
  currency?: string;
  status: string;
  method?: string | null;
  error_code?: string | null;
  error_description?: string | null;
  acquirer_data?: { bank_transaction_id?: string | null; rrn?: string | null; upi_transaction_id?: string | null } | null;
  notes?: Record<string, unknown> | unknown[] | null;
  created_at?: number;
};

/**
 * What a payment's status means for the order: captured (and later refunded) is paid;
 * authorized is pending (it must be captured within 3 days or it is refunded); failed is
 * failed, never final for the order (a later capture wins); created is unknown.
 */
export function paymentStatusVerdict(status: string | undefined): Verdict {
  switch (status) {
    case "captured":
    case "refunded":
      return "paid";
    case "authorized":
      return "pending";
    case "failed":
      return "failed";
    default:
      return "unknown";
  }
}

/** The bank reference of a payment: UPI transaction id, RRN or the bank's transaction id. */
export function bankReferenceOf(payment: RazorpayPayment): string | null {
  const a = payment.acquirer_data;
  return a?.upi_transaction_id || a?.rrn || a?.bank_transaction_id || null;
}

/**
 * The payment that decides an order among its payments: a captured one first, then an
 * authorized one, then the latest failure. Null when there is none.
 */
export function decidingPayment(payments: readonly RazorpayPayment[]): RazorpayPayment | null {
  const by = (status: string) => payments.filter((p) => p.status === status);
  const latest = (list: RazorpayPayment[]) => [...list].sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0))[0];
  return latest([...by("captured"), ...by("refunded")]) ?? latest(by("authorized")) ?? latest(by("failed")) ?? null;
}

/** Webhook events that speak about a payment of an order. */
export const PAYMENT_EVENTS = ["payment.captured", "payment.authorized", "payment.failed", "order.paid"] as const;
