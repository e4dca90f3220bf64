/**
 * Razorpay through the official SDK against its local test double (tests/fakes/razorpay-fake.ts)
 * on a real database (PGlite, or PostgreSQL with DATABASE_URL): orders created with our
 * reference, callbacks checked against the stored order id and confirmed with the API, webhooks
 * verified on the raw body and stored once, failed-then-captured ends paid, an authorised
 * payment whose callback was lost is captured by reconciliation.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-razorpay-"));

const { getDatabase } = await import("~/db/client.server");
const { startHarness, RAZORPAY } = await import("../testing/harness");

let h: Awaited<ReturnType<typeof startHarness>>;

beforeAll(async () => {
  h = await startHarness((await getDatabase()).db);
});
afterAll(() => h.close());
beforeEach(() => {
  h.use("razorpay");
  h.setClock(null);
});

const returnFields = (reference: string, extra: Record<string, string>) => ({ gateway: "razorpay", reference, ...extra });
const webhookHeaders = (headers: Record<string, string>) => ({ "x-razorpay-signature": headers["x-razorpay-signature"], "x-razorpay-event-id": headers["x-razorpay-event-id"] });

describe("Razorpay orders and hand-off", () => {
  it("creates a Razorpay order in paise with our reference as receipt, and posts Hosted Checkout a plain form", async () => {
    const order = await h.startOrder();
    expect(order.providerOrderId).toMatch(/^order_/);
    const remote = h.razorpay.orders.get(order.providerOrderId!);
    expect(remote).toMatchObject({ amount: 150_000, currency: "INR", receipt: order.reference });
    const handoff = h.gateways.razorpay.handoff(order);
    expect(handoff.kind).toBe("form");
    if (handoff.kind !== "form") return;
    expect(handoff.action).toBe(`${h.razorpay.origin}/v1/checkout/embedded`);
    const fields = Object.fromEntries(handoff.fields);
    expect(fields).toMatchObject({ key_id: RAZORPAY.keyId, order_id: order.providerOrderId, currency: "INR", "prefill[contact]": "9876543210" });
    expect(fields.callback_url).toBe(`http://localhost:3000/student-payment?gateway=razorpay&reference=${order.reference}`);
    const page = await fetch(handoff.action, { method: "POST", body: new URLSearchParams(handoff.fields) }).then((r) => r.text());
    expect(page).toContain("1500.00");
  });
});

describe("Razorpay callbacks", () => {
  it("a callback signed for the stored order id, confirmed by the API, pays", async () => {
    const order = await h.startOrder();
    const payment = h.razorpay.pay(order.providerOrderId!);
    const result = await h.payments.handleReturn(returnFields(order.reference, h.razorpay.callback(order.providerOrderId!, payment.id)));
    expect(result?.location).toBe(`/payment-success?order=${order.publicId}`);
    expect(await h.order(order.reference)).toMatchObject({ status: "paid", providerPaymentId: payment.id, bankReference: payment.acquirer_data.upi_transaction_id, paymentMode: "upi" });
  });

  it("a callback signed for another order id (a payment of someone else's order) is rejected", async () => {
    const mine = await h.startOrder();
    const theirs = await h.startOrder();
    const payment = h.razorpay.pay(theirs.providerOrderId!);
    // The browser claims my order was paid with their payment, signed correctly for theirs.
    await h.payments.handleReturn(returnFields(mine.reference, { ...h.razorpay.callback(theirs.providerOrderId!, payment.id), razorpay_order_id: mine.providerOrderId! }));
    expect((await h.order(mine.reference)).status).toBe("created");
    const [event] = await h.events(mine.id, "return");
    expect(event).toMatchObject({ verified: false, outcome: "rejected" });
  });

  it("a callback signed with another secret is rejected", async () => {
    const order = await h.startOrder();
    const payment = h.razorpay.pay(order.providerOrderId!, "failed");
    await h.payments.handleReturn(returnFields(order.reference, h.razorpay.callback(order.providerOrderId!, payment.id, "not-the-secret")));
    // Not trusted; the API (asked instead) says the payment failed.
    expect((await h.order(order.reference)).status).toBe("failed");
  });

  it("an unsigned failure callback is checked with the API; cancel with no payment fails the attempt", async () => {
    const order = await h.startOrder();
    h.razorpay.pay(order.providerOrderId!, "failed");
    const failed = await h.payments.handleReturn(returnFields(order.reference, { "error[code]": "BAD_REQUEST_ERROR", "error[description]": "Payment failed" }));
    expect(failed?.location).toBe(`/payment-failure?order=${order.publicId}`);

    const cancelled = await h.startOrder();
    const answer = await h.payments.handleReturn(returnFields(cancelled.reference, { cancelled: "1" }));
    expect(answer?.location).toBe(`/payment-failure?order=${cancelled.publicId}`);
    expect((await h.order(cancelled.reference)).status).toBe("failed");
  });
});

describe("Razorpay webhooks", () => {
  it("a forged webhook is refused with 400 and pays nothing", async () => {
    const order = await h.startOrder();
    const payment = h.razorpay.pay(order.providerOrderId!);
    const { body, headers } = h.razorpay.webhook("payment.captured", payment.id);
    const forged = await h.payments.handleWebhook("razorpay", Buffer.from(body), { ...webhookHeaders(headers), "x-razorpay-signature": "0".repeat(64) });
    expect(forged.status).toBe(400);
    const tampered = await h.payments.handleWebhook("razorpay", Buffer.from(body.replace('"amount":150000', '"amount":150001')), webhookHeaders(headers));
    expect(tampered.status).toBe(400);
    expect((await h.order(order.reference)).status).toBe("created");
  });

  it("50 concurrent deliveries of one webhook give one paid order and one stored event", async () => {
    const order = await h.startOrder();
    const payment = h.razorpay.pay(order.providerOrderId!);
    const { body, headers } = h.razorpay.webhook("payment.captured", payment.id);
    const other = h.service();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? other : h.payments).handleWebhook("razorpay", Buffer.from(body), webhookHeaders(headers))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await h.order(order.reference)).status).toBe("paid");
    expect(await h.events(order.id, "webhook")).toHaveLength(1);
    expect(await h.receipts(order.reference)).toBe(1);
    console.log(`Razorpay: 50 concurrent deliveries of one webhook: paid, ${(await h.events(order.id, "webhook")).length} stored event, ${await h.receipts(order.reference)} receipt`);
  });

  it("payment.failed then payment.captured for the same order ends paid", async () => {
    const order = await h.startOrder();
    const failed = h.razorpay.pay(order.providerOrderId!, "failed");
    const first = h.razorpay.webhook("payment.failed", failed.id);
    expect((await h.payments.handleWebhook("razorpay", Buffer.from(first.body), webhookHeaders(first.headers))).status).toBe(200);
    expect((await h.order(order.reference)).status).toBe("failed");
    const late = h.razorpay.pay(order.providerOrderId!, "captured");
    const second = h.razorpay.webhook("payment.captured", late.id);
    await h.payments.handleWebhook("razorpay", Buffer.from(second.body), webhookHeaders(second.headers));
    expect(await h.order(order.reference)).toMatchObject({ status: "paid", providerPaymentId: late.id, gatewayStatus: "payment.captured" });
    // The failure's webhook delivered again, late, changes nothing on the paid order.
    const again = h.razorpay.webhook("payment.failed", failed.id);
    await h.payments.handleWebhook("razorpay", Buffer.from(again.body), webhookHeaders(again.headers));
    expect(await h.order(order.reference)).toMatchObject({ status: "paid", providerPaymentId: late.id, gatewayStatus: "payment.captured" });
  });

  it("a webhook with another amount is flagged and held, not paid", async () => {
    const order = await h.startOrder();
    const payment = h.razorpay.pay(order.providerOrderId!);
    payment.amount = 100;
    const { body, headers } = h.razorpay.webhook("payment.captured", payment.id);
    await h.payments.handleWebhook("razorpay", Buffer.from(body), webhookHeaders(headers));
    expect(await h.order(order.reference)).toMatchObject({ status: "held", flag: "amount_mismatch" });
  });

  it("events that concern no payment, or no order of ours, are stored and answered 200", async () => {
    const other = await h.startOrder();
    const payment = h.razorpay.pay(other.providerOrderId!);
    h.razorpay.orders.delete(other.providerOrderId!);
    const { body, headers } = h.razorpay.webhook("refund.processed", payment.id);
    expect((await h.payments.handleWebhook("razorpay", Buffer.from(body), webhookHeaders(headers))).status).toBe(200);
  });
});

describe("Razorpay reconciliation", () => {
  it("an authorised payment whose callback and webhooks were lost is captured and paid", async () => {
    const order = await h.startOrder();
    const payment = h.razorpay.pay(order.providerOrderId!, "authorized");
    h.pastFirstCheck();
    await h.payments.reconcile();
    expect(h.razorpay.payments.get(payment.id)?.status).toBe("captured");
    expect(await h.order(order.reference)).toMatchObject({ status: "paid", providerPaymentId: payment.id });
  });
});
