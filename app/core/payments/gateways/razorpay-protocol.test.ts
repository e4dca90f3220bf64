import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  bankReferenceOf,
  decidingPayment,
  paymentStatusVerdict,
  razorpayPaymentSignature,
  verifyRazorpayPayment,
  verifyRazorpayWebhook,
  type RazorpayPayment,
} from "./razorpay-protocol";

const SECRET = "rzp_test_secret";

describe("Razorpay signatures", () => {
  it("signs order_id|payment_id with the key secret, as the docs give it", () => {
    const expected = createHmac("sha256", SECRET).update("order_IluGWxBm9U8zJ8|pay_IluH1dVBZ5RrCj").digest("hex");
    expect(razorpayPaymentSignature("order_IluGWxBm9U8zJ8", "pay_IluH1dVBZ5RrCj", SECRET)).toBe(expected);
    expect(verifyRazorpayPayment("order_IluGWxBm9U8zJ8", "pay_IluH1dVBZ5RrCj", expected, SECRET)).toBe(true);
  });

  it("checks the signature against the stored order id, not one the browser names", () => {
    const forOther = razorpayPaymentSignature("order_OTHER", "pay_1", SECRET);
    expect(verifyRazorpayPayment("order_STORED", "pay_1", forOther, SECRET)).toBe(false);
    expect(verifyRazorpayPayment("order_STORED", "pay_1", undefined, SECRET)).toBe(false);
    expect(verifyRazorpayPayment("order_STORED", "pay_1", razorpayPaymentSignature("order_STORED", "pay_1", "other"), SECRET)).toBe(false);
  });

  it("verifies webhooks on the raw body: one changed byte fails", () => {
    const body = Buffer.from('{"event":"payment.captured","payload":{}}');
    const signature = createHmac("sha256", "whsec").update(body).digest("hex");
    expect(verifyRazorpayWebhook(body, signature, "whsec")).toBe(true);
    expect(verifyRazorpayWebhook(Buffer.from('{"event":"payment.captured","payload":{} }'), signature, "whsec")).toBe(false);
    expect(verifyRazorpayWebhook(body, signature, "other")).toBe(false);
    expect(verifyRazorpayWebhook(body, undefined, "whsec")).toBe(false);
  });
});

describe("Razorpay payments", () => {
  const pay = (id: string, status: string, created_at: number, extra: Partial<RazorpayPayment> = {}): RazorpayPayment => ({ id, status, amount: 100, created_at, ...extra });

  it("maps payment statuses: failed is never paid, authorized is pending", () => {
    expect(paymentStatusVerdict("captured")).toBe("paid");
    expect(paymentStatusVerdict("refunded")).toBe("paid");
    expect(paymentStatusVerdict("authorized")).toBe("pending");
    expect(paymentStatusVerdict("failed")).toBe("failed");
    expect(paymentStatusVerdict("created")).toBe("unknown");
  });

  it("a capture after a failure decides the order", () => {
    expect(decidingPayment([pay("a", "failed", 1), pay("b", "captured", 2)])?.id).toBe("b");
    expect(decidingPayment([pay("b", "captured", 1), pay("a", "failed", 2)])?.id).toBe("b");
    expect(decidingPayment([pay("a", "failed", 1), pay("c", "authorized", 2)])?.id).toBe("c");
    expect(decidingPayment([pay("a", "failed", 1), pay("d", "failed", 3)])?.id).toBe("d");
    expect(decidingPayment([])).toBeNull();
  });

  it("reads the bank reference", () => {
    expect(bankReferenceOf(pay("a", "captured", 1, { acquirer_data: { upi_transaction_id: "UTR1" } }))).toBe("UTR1");
    expect(bankReferenceOf(pay("a", "captured", 1, { acquirer_data: { rrn: "RRN2" } }))).toBe("RRN2");
    expect(bankReferenceOf(pay("a", "captured", 1))).toBeNull();
  });
});
