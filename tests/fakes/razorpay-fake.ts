/**
 * A local stand-in for Razorpay (PAYMENTS.md §B, razorpay.com/docs), written from the documented
 * protocol and independently of the app's code: the Orders and Payments API with Basic auth
 * (create/fetch orders, an order's payments, fetch and capture a payment), Hosted Checkout (a
 * form POST to /v1/checkout/embedded) that POSTs the signed callback, or the error fields, or
 * sends the browser to cancel_url, and webhooks signed with HMAC-SHA256 over the raw body with
 * an `x-razorpay-event-id`. Started by the tests; never part of the app build.
 */
import { createHmac, randomBytes } from "node:crypto";
import { autoPostPage, escapeHtml, formFields, listen, send } from "./http";

export type RazorpayFakeOptions = {
  port: number;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks go (the app's /api/payments/razorpay/webhook); none when absent. */
  webhookUrl?: string;
};

type Order = { id: string; entity: "order"; amount: number; amount_paid: number; amount_due: number; currency: string; receipt: string | null; status: "created" | "attempted" | "paid"; attempts: number; notes: Record<string, string>; created_at: number };
type Payment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "failed" | "refunded";
  order_id: string;
  method: string;
  captured: boolean;
  error_code: string | null;
  error_description: string | null;
  acquirer_data: { rrn?: string; upi_transaction_id?: string };
  notes: Record<string, string>;
  created_at: number;
};

/**
 * How long after a failure the bank's late authorisation comes: long enough that the payer's
 * failure callback is recorded first even on a loaded machine, as it is in life.
 */
const LATE_CAPTURE_MS = 2000;

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString("base64url").replace(/[-_]/g, "x")}`;
let clock = Math.floor(Date.now() / 1000);
const tick = () => ++clock;

export async function startRazorpayFake(options: RazorpayFakeOptions) {
  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  const deliveries: { eventId: string; event: string; status: number | "error" }[] = [];
  const checkouts = new Map<string, Record<string, string>>();

  const authorised = (header: string | undefined) => header === `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString("base64")}`;
  const json = (res: Parameters<typeof send>[0], status: number, value: unknown) => send(res, status, "application/json", JSON.stringify(value));
  const apiError = (res: Parameters<typeof send>[0], status: number, description: string) => json(res, status, { error: { code: "BAD_REQUEST_ERROR", description } });

  /** The webhook body and headers for an event about a payment, signed as Razorpay signs them. */
  function webhook(event: string, payment: Payment) {
    const order = orders.get(payment.order_id);
    const body = JSON.stringify({
      entity: "event",
      account_id: "acc_fake",
      event,
      contains: event === "order.paid" ? ["payment", "order"] : ["payment"],
      payload: { payment: { entity: payment }, ...(event === "order.paid" && order ? { order: { entity: order } } : {}) },
      created_at: tick(),
    });
    const eventId = id("evt");
    return { body, headers: { "content-type": "application/json", "x-razorpay-signature": createHmac("sha256", options.webhookSecret).update(body).digest("hex"), "x-razorpay-event-id": eventId }, eventId };
  }

  async function deliver(event: string, payment: Payment): Promise<void> {
    if (!options.webhookUrl) return;
    const { body, headers, eventId } = webhook(event, payment);
    try {
      const response = await fetch(options.webhookUrl, { method: "POST", body, headers });
      deliveries.push({ eventId, event, status: response.status });
    } catch {
      deliveries.push({ eventId, event, status: "error" });
    }
  }

  function pay(order: Order, status: Payment["status"], error?: [string, string]): Payment {
    const payment: Payment = {
      id: id("pay"),
      entity: "payment",
      amount: order.amount,
      currency: order.currency,
      status,
      order_id: order.id,
      method: "upi",
      captured: status === "captured",
      error_code: error?.[0] ?? null,
      error_description: error?.[1] ?? null,
      acquirer_data: status === "failed" ? {} : { rrn: String(100000000000 + Math.floor(Math.random() * 1e11)), upi_transaction_id: `UTR${Date.now()}` },
      notes: { reference: order.receipt ?? "" },
      created_at: tick(),
    };
    payments.set(payment.id, payment);
    order.attempts++;
    order.status = status === "captured" ? "paid" : "attempted";
    if (status === "captured") {
      order.amount_paid = order.amount;
      order.amount_due = 0;
    }
    return payment;
  }

  function capture(payment: Payment): void {
    payment.status = "captured";
    payment.captured = true;
    const order = orders.get(payment.order_id)!;
    order.status = "paid";
    order.amount_paid = order.amount;
    order.amount_due = 0;
  }

  const listening = await listen(options.port, async (req, res, url, body) => {
    const path = url.pathname;
    if (path.startsWith("/v1/checkout/")) {
      if (req.method === "POST" && path === "/v1/checkout/embedded") {
        const f = formFields(body);
        const order = orders.get(f.order_id ?? "");
        if (f.key_id !== options.keyId || !order) return send(res, 400, "text/html", "<h1>Invalid checkout request</h1>");
        if (order.status === "paid") return send(res, 400, "text/html", "<h1>This order is already paid</h1>");
        const token = randomBytes(8).toString("hex");
        checkouts.set(token, f);
        const button = (value: string, label: string) => `<button name="outcome" value="${value}">${escapeHtml(label)}</button>`;
        return send(
          res,
          200,
          "text/html",
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Razorpay checkout (test double)</title></head><body>
<h1>${escapeHtml(f.name ?? "")}</h1><p>${escapeHtml(f.description ?? "")}: ₹<strong data-testid="amount">${(order.amount / 100).toFixed(2)}</strong>, order ${escapeHtml(order.id)}</p>
<form method="post" action="/v1/checkout/decide"><input type="hidden" name="token" value="${token}">
${button("pay", "Pay")} ${button("fail", "Fail")} ${button("cancel", "Cancel")} ${button("fail-then-capture", "Fail, then a late capture")}</form></body></html>`,
        );
      }
      if (req.method === "POST" && path === "/v1/checkout/decide") {
        const { token = "", outcome = "" } = formFields(body);
        const f = checkouts.get(token);
        const order = f && orders.get(f.order_id ?? "");
        if (!f || !order) return send(res, 400, "text/plain", "Unknown checkout");
        checkouts.delete(token);
        if (outcome === "cancel") {
          res.writeHead(303, { location: f.cancel_url ?? "/" });
          return res.end();
        }
        if (outcome === "pay") {
          const payment = pay(order, "captured");
          await deliver("payment.captured", payment);
          await deliver("order.paid", payment);
          const signature = createHmac("sha256", options.keySecret).update(`${order.id}|${payment.id}`).digest("hex");
          return send(res, 200, "text/html", autoPostPage("Returning to the merchant", f.callback_url!, [["razorpay_payment_id", payment.id], ["razorpay_order_id", order.id], ["razorpay_signature", signature]]));
        }
        const failed = pay(order, "failed", ["BAD_REQUEST_ERROR", "Payment failed due to insufficient balance"]);
        await deliver("payment.failed", failed);
        if (outcome === "fail-then-capture") {
          // The bank authorises late; Razorpay captures and tells the merchant by webhook only.
          setTimeout(() => {
            const late = pay(order, "captured");
            void deliver("payment.captured", late).then(() => deliver("order.paid", late));
          }, LATE_CAPTURE_MS);
        }
        return send(
          res,
          200,
          "text/html",
          autoPostPage("Returning to the merchant", f.callback_url!, [
            ["error[code]", "BAD_REQUEST_ERROR"],
            ["error[description]", "Payment failed due to insufficient balance"],
            ["error[source]", "customer"],
            ["error[step]", "payment_authorization"],
            ["error[reason]", "insufficient_balance"],
            ["error[metadata]", JSON.stringify({ payment_id: failed.id, order_id: order.id })],
          ]),
        );
      }
    }
    if (!authorised(req.headers.authorization)) return json(res, 401, { error: { code: "BAD_REQUEST_ERROR", description: "The api key provided is invalid" } });
    if (req.method === "POST" && path === "/v1/orders") {
      const input = JSON.parse(body.toString("utf8") || "{}") as { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: Record<string, string> };
      if (!Number.isInteger(input.amount) || (input.amount as number) < 100) return apiError(res, 400, "The amount must be atleast INR 1.00");
      if (input.currency !== "INR") return apiError(res, 400, "Currency is not supported");
      if (typeof input.receipt === "string" && input.receipt.length > 40) return apiError(res, 400, "receipt: The receipt may not be greater than 40 characters.");
      const order: Order = { id: id("order"), entity: "order", amount: input.amount as number, amount_paid: 0, amount_due: input.amount as number, currency: "INR", receipt: (input.receipt as string) ?? null, status: "created", attempts: 0, notes: input.notes ?? {}, created_at: tick() };
      orders.set(order.id, order);
      return json(res, 200, order);
    }
    const orderMatch = /^\/v1\/orders\/([\w]+)(\/payments)?$/.exec(path);
    if (req.method === "GET" && orderMatch) {
      const order = orders.get(orderMatch[1]!);
      if (!order) return apiError(res, 400, "The id provided does not exist");
      if (!orderMatch[2]) return json(res, 200, order);
      const items = [...payments.values()].filter((p) => p.order_id === order.id);
      return json(res, 200, { entity: "collection", count: items.length, items });
    }
    const paymentMatch = /^\/v1\/payments\/([\w]+)(\/capture)?$/.exec(path);
    if (paymentMatch) {
      const payment = payments.get(paymentMatch[1]!);
      if (!payment) return apiError(res, 400, "The id provided does not exist");
      if (req.method === "GET" && !paymentMatch[2]) return json(res, 200, payment);
      if (req.method === "POST" && paymentMatch[2]) {
        const input = JSON.parse(body.toString("utf8") || "{}") as { amount?: number; currency?: string };
        if (payment.status !== "authorized") return apiError(res, 400, "This payment has already been captured");
        if (Number(input.amount) !== payment.amount) return apiError(res, 400, "Capture amount must be equal to the amount authorized");
        capture(payment);
        return json(res, 200, payment);
      }
    }
    return apiError(res, 404, "The requested URL was not found on the server.");
  });

  return {
    origin: listening.origin,
    close: listening.close,
    orders,
    payments,
    deliveries,
    /** Creates a payment on an order as if the payer had paid (status captured or authorised). */
    pay: (orderId: string, status: Payment["status"] = "captured") => pay(orders.get(orderId)!, status),
    /** Captures an authorised payment (Razorpay's auto-capture, or the merchant's). */
    capture: (paymentId: string) => capture(payments.get(paymentId)!),
    /** A signed webhook for an event about a payment, without sending it. */
    webhook: (event: string, paymentId: string) => webhook(event, payments.get(paymentId)!),
    /** Sends a signed webhook about a payment to the configured URL. */
    deliver: (event: string, paymentId: string) => deliver(event, payments.get(paymentId)!),
    /** The callback fields a successful checkout posts. */
    callback(orderId: string, paymentId: string, secret = options.keySecret) {
      return { razorpay_payment_id: paymentId, razorpay_order_id: orderId, razorpay_signature: createHmac("sha256", secret).update(`${orderId}|${paymentId}`).digest("hex") };
    },
  };
}

export type RazorpayFake = Awaited<ReturnType<typeof startRazorpayFake>>;
