/**
 * `PAYMENT_PROVIDER=razorpay` with the official SDK (PAYMENTS.md §B): an order in paise with our
 * reference as `receipt`; hand-off by a plain form POST to Hosted Checkout (no third-party script
 * on our pages); the callback's signature checked against the **stored** order id and the payment
 * then confirmed with the API; webhooks verified on the raw body. An authorised payment found by
 * a status check is captured (it would be refunded after 3 days otherwise).
 *
 * The SDK's host is fixed to https://api.razorpay.com; `apiUrl` points its HTTP client (axios,
 * `instance.api.rq`) elsewhere: a local test double.
 */
import { createHash } from "node:crypto";
import Razorpay from "razorpay";
import type { GatewayOrder, GatewayWord, WebhookGateway } from "../gateway";
import { isReference } from "../identifiers";
import { messageKey, redactRecord } from "../payload";
import type { Verdict } from "../states";
import {
  bankReferenceOf,
  decidingPayment,
  PAYMENT_EVENTS,
  paymentStatusVerdict,
  verifyRazorpayPayment,
  verifyRazorpayWebhook,
  type RazorpayPayment,
} from "./razorpay-protocol";

export const RAZORPAY_API = "https://api.razorpay.com";

export type RazorpaySettings = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com, or a test double. */
  apiUrl: string;
  /** Our /student-payment URL. */
  returnUrl: string;
  /** Shown on the checkout page. */
  merchantName: string;
  timeoutMs?: number;
};

type RazorpayOrderEntity = { id: string; amount: number; amount_paid?: number; currency?: string; receipt?: string | null; status: string; notes?: unknown };

export class RazorpayGateway implements WebhookGateway {
  readonly provider = "razorpay" as const;
  readonly label = "Razorpay";
  readonly formTargets: readonly string[];
  readonly #sdk: Razorpay;

  constructor(private readonly settings: RazorpaySettings) {
    this.#sdk = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
    const http = (this.#sdk.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } }).rq;
    http.defaults.baseURL = settings.apiUrl;
    http.defaults.timeout = settings.timeoutMs ?? 8000;
    this.formTargets = [new URL(settings.apiUrl).origin];
  }

  async prepare(order: GatewayOrder): Promise<{ providerOrderId: string | null }> {
    const created = await this.#sdk.orders
      .create({ amount: order.amountPaise, currency: "INR", receipt: order.reference, notes: { reference: order.reference, purpose: order.purpose } })
      .catch(sdkError);
    return { providerOrderId: created.id };
  }

  #returnUrl(order: GatewayOrder, cancelled = false): string {
    const params = new URLSearchParams({ gateway: "razorpay", reference: order.reference });
    if (cancelled) params.set("cancelled", "1");
    return `${this.settings.returnUrl}?${params}`;
  }

  handoff(order: GatewayOrder) {
    const fields: [string, string][] = [
      ["key_id", this.settings.keyId],
      ["order_id", order.providerOrderId ?? ""],
      ["amount", String(order.amountPaise)],
      ["currency", "INR"],
      ["name", this.settings.merchantName],
      ["description", order.description],
      ["callback_url", this.#returnUrl(order)],
      ["cancel_url", this.#returnUrl(order, true)],
      ["notes[reference]", order.reference],
    ];
    if (order.payerName) fields.push(["prefill[name]", order.payerName]);
    if (order.payerEmail) fields.push(["prefill[email]", order.payerEmail]);
    if (order.payerPhone) fields.push(["prefill[contact]", order.payerPhone]);
    return { kind: "form" as const, action: `${this.settings.apiUrl}/v1/checkout/embedded`, fields };
  }

  recognisesReturn(fields: Record<string, string>): boolean {
    return fields.gateway === "razorpay" || "razorpay_payment_id" in fields || "razorpay_signature" in fields;
  }

  returnReference(fields: Record<string, string>): string | null {
    return isReference(fields.reference) ? fields.reference : null;
  }

  parseReturn(fields: Record<string, string>, order: GatewayOrder | null): GatewayWord {
    const base = { provider: this.provider, kind: "return" as const, reference: this.returnReference(fields), eventKey: messageKey(this.provider, "return", fields), payload: { ...fields } };
    const paymentId = fields.razorpay_payment_id;
    if (paymentId) {
      const stored = order?.providerOrderId ?? null;
      const verified = stored !== null && verifyRazorpayPayment(stored, paymentId, fields.razorpay_signature, this.settings.keySecret);
      return {
        ...base,
        providerOrderId: stored,
        verified,
        verdict: "paid",
        signatureName: "razorpay_signature (HMAC-SHA256 of the stored order id and the payment id)",
        providerPaymentId: paymentId,
        needsConfirmation: true,
        detail: `Razorpay callback for payment ${paymentId}; signature ${verified ? "verified against the stored order id" : "did not verify against the stored order id"}.`,
      };
    }
    const cancelled = fields.cancelled === "1";
    const code = fields["error[code]"];
    return {
      ...base,
      verified: false,
      verdict: "failed",
      gatewayStatus: code ?? (cancelled ? "cancelled" : null),
      detail: cancelled ? "The payer left Razorpay's checkout (unsigned)." : `Razorpay callback with error ${code ?? "(none)"}: ${fields["error[description]"] ?? ""} (unsigned).`,
    };
  }

  async checkStatus(order: GatewayOrder): Promise<GatewayWord> {
    const word = (verdict: Verdict, detail: string, extra: Partial<GatewayWord> = {}): GatewayWord => ({
      provider: this.provider,
      kind: "status_check",
      reference: order.reference,
      providerOrderId: order.providerOrderId,
      verified: null,
      verdict,
      eventKey: null,
      payload: {},
      detail,
      ...extra,
    });
    if (!order.providerOrderId) return word("unknown", "No Razorpay order was created for this attempt.");
    const rzOrder = (await this.#sdk.orders.fetch(order.providerOrderId).catch(sdkError)) as unknown as RazorpayOrderEntity;
    const { items } = (await this.#sdk.orders.fetchPayments(order.providerOrderId).catch(sdkError)) as unknown as { items: RazorpayPayment[] };
    let payment = decidingPayment(items);
    let note = "";
    // Never for an order already paid by another attempt: an uncaptured payment is refunded by Razorpay itself.
    if (payment?.status === "authorized" && order.status !== "paid" && payment.amount === order.amountPaise && (payment.currency ?? "INR") === "INR") {
      payment = (await this.#sdk.payments.capture(payment.id, payment.amount, "INR").catch(sdkError)) as unknown as RazorpayPayment;
      note = " Authorised payment captured now.";
    }
    const payload = redactRecord({ order: rzOrder, payments: items.map((p) => ({ id: p.id, status: p.status, amount: p.amount, method: p.method, error_code: p.error_code })) });
    if (!payment) return word("unknown", `Razorpay order ${rzOrder.status}, no payment yet.`, { gatewayStatus: rzOrder.status, payload });
    return word(paymentStatusVerdict(payment.status), `Razorpay order ${rzOrder.status}; payment ${payment.id} ${payment.status}.${note}`, {
      amountPaise: payment.currency && payment.currency !== "INR" ? null : payment.amount,
      providerPaymentId: payment.id,
      bankReference: bankReferenceOf(payment),
      paymentMode: payment.method ?? null,
      gatewayStatus: payment.status,
      payload,
    });
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>) {
    const verified = verifyRazorpayWebhook(rawBody, headers["x-razorpay-signature"], this.settings.webhookSecret);
    const eventId = headers["x-razorpay-event-id"];
    const eventKey = `razorpay:webhook:${eventId && /^[\w-]{1,100}$/.test(eventId) ? eventId : createHash("sha256").update(rawBody).digest("hex")}`;
    let body: { event?: string; payload?: { payment?: { entity?: RazorpayPayment }; order?: { entity?: RazorpayOrderEntity } } } | null = null;
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      body = null;
    }
    const payload = redactRecord(body && typeof body === "object" ? (body as Record<string, unknown>) : { unreadable: rawBody.toString("utf8").slice(0, 500) });
    if (!verified) return { verified, words: [], eventKey, payload, detail: "Webhook signature did not verify: ignored." };
    const event = body?.event ?? "";
    const payment = body?.payload?.payment?.entity;
    const rzOrder = body?.payload?.order?.entity;
    if (!(PAYMENT_EVENTS as readonly string[]).includes(event) || (!payment && !rzOrder)) {
      return { verified, words: [], eventKey, payload, detail: `Webhook "${event || "(no event)"}" does not concern a payment: stored only.` };
    }
    const notes = payment?.notes && !Array.isArray(payment.notes) ? (payment.notes as Record<string, unknown>) : {};
    const reference = [rzOrder?.receipt, notes.reference].find(isReference) ?? null;
    const verdict: Verdict = event === "order.paid" ? "paid" : paymentStatusVerdict(payment?.status);
    const amount = payment ? (payment.currency && payment.currency !== "INR" ? null : payment.amount) : (rzOrder?.amount_paid ?? null);
    const word: GatewayWord = {
      provider: this.provider,
      kind: "webhook",
      reference,
      providerOrderId: payment?.order_id ?? rzOrder?.id ?? null,
      verified: true,
      verdict,
      amountPaise: amount,
      providerPaymentId: payment?.id ?? null,
      bankReference: payment ? bankReferenceOf(payment) : null,
      paymentMode: payment?.method ?? null,
      gatewayStatus: event,
      eventKey,
      payload,
      detail: `Webhook ${event}${payment ? ` for payment ${payment.id} (${payment.status})` : ""}; signature verified.`,
    };
    return { verified, words: [word], eventKey, payload, detail: word.detail };
  }
}

/** The SDK rejects with `{ statusCode, error }` (or a TypeError when there was no response): make it an Error. */
function sdkError(error: unknown): never {
  if (error instanceof Error) throw error;
  const e = error as { statusCode?: number; error?: { description?: string; code?: string } };
  throw new Error(`Razorpay API error ${e?.statusCode ?? ""}: ${e?.error?.code ?? ""} ${e?.error?.description ?? ""}`.trim());
}
