/**
 * The development and test gateway (`PAYMENT_PROVIDER=mock`): its hosted page is
 * /mock-payment, which shows the amount, purpose and reference with the buttons Pay, Fail and
 * Leave pending. It behaves like a real gateway: the hand-off and the result are HMAC-signed
 * (HMAC-SHA256 with a key derived from AUTH_SECRET), the result returns through
 * /student-payment, and its "bank" answers status checks. Never built in production
 * (settings.server.ts); the bank's state lives in this process's memory.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { GatewayOrder, GatewayWord, PaymentGateway } from "../gateway";
import { isReference, paiseFromRupees, rupeesString } from "../identifiers";
import { messageKey } from "../payload";

export type MockBankStatus = "paid" | "failed" | "pending";
type BankEntry = { status: MockBankStatus; paymentId: string; amountPaise: number };

/** The mock bank: what happened to each reference, as its status API reports it. */
const bank = new Map<string, BankEntry>();

/** What the mock page shows and acts on, from the signed hand-off. */
export type MockCheckout = { reference: string; amountPaise: number; purpose: string; description: string; state: MockBankStatus | "new" };

/** Pay, Fail, Leave pending on a new payment; Approve or Decline later for one left pending. */
export type MockDecision = "pay" | "fail" | "pending" | "approve" | "decline";

export class MockGateway implements PaymentGateway {
  readonly provider = "mock" as const;
  readonly label = "Test gateway (no real money)";
  readonly formTargets = [] as const;
  readonly #key: Buffer;

  /** `authSecret` is the site's AUTH_SECRET; the mock's key is derived from it. */
  constructor(authSecret: string) {
    this.#key = createHmac("sha256", authSecret).update("kva mock payment gateway v1").digest();
  }

  #sign(...parts: string[]): string {
    return createHmac("sha256", this.#key).update(parts.join("|")).digest("hex");
  }

  #valid(signature: string | undefined, ...parts: string[]): boolean {
    const expected = Buffer.from(this.#sign(...parts));
    const given = Buffer.from(signature ?? "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async prepare(): Promise<{ providerOrderId: string | null }> {
    return { providerOrderId: null };
  }

  handoff(order: GatewayOrder) {
    const params = new URLSearchParams({
      reference: order.reference,
      amount: String(order.amountPaise),
      purpose: order.purpose,
      description: order.description,
    });
    params.set("signature", this.#sign("request", order.reference, String(order.amountPaise), order.purpose, order.description));
    return { kind: "link" as const, url: `/mock-payment?${params}` };
  }

  /** Reads the signed hand-off the mock page was opened with; null when it is missing or tampered. */
  checkout(params: URLSearchParams | Record<string, string>): MockCheckout | null {
    const p = params instanceof URLSearchParams ? Object.fromEntries(params) : params;
    const { reference, amount, purpose = "", description = "", signature } = p;
    if (!isReference(reference) || !/^\d{1,13}$/.test(amount ?? "")) return null;
    if (!this.#valid(signature, "request", reference, amount!, purpose, description)) return null;
    return { reference, amountPaise: Number(amount), purpose, description, state: bank.get(reference)?.status ?? "new" };
  }

  /**
   * Applies the payer's (or, for a payment left pending, the bank's) decision and returns where
   * the browser goes next: the signed result on /student-payment, or null when the decision
   * returns nothing (Approve/Decline happen at the bank, later, as with a UPI collect request).
   * Refuses a decision that does not fit the payment's state (a second Pay, Approve on a new one).
   */
  decide(checkout: MockCheckout, decision: MockDecision): { returnUrl: string | null } | { refused: string } {
    const entry = bank.get(checkout.reference);
    if (decision === "approve" || decision === "decline") {
      if (entry?.status !== "pending") return { refused: "Only a payment left pending can be approved or declined." };
      entry.status = decision === "approve" ? "paid" : "failed";
      return { returnUrl: null };
    }
    const status: MockBankStatus = decision === "pay" ? "paid" : decision === "fail" ? "failed" : "pending";
    if (entry) {
      // A double click sends the same answer twice: the same result goes back again.
      return entry.status === status ? { returnUrl: this.#returnUrl(checkout.reference, entry) } : { refused: "This payment has already been answered." };
    }
    const created = { status, paymentId: `mockpay_${randomBytes(8).toString("hex")}`, amountPaise: checkout.amountPaise };
    bank.set(checkout.reference, created);
    return { returnUrl: this.#returnUrl(checkout.reference, created) };
  }

  /** The signed result on /student-payment, as a gateway returns it. */
  #returnUrl(reference: string, entry: BankEntry): string {
    const amount = rupeesString(entry.amountPaise);
    const fields = { mock_reference: reference, mock_status: entry.status, mock_payment_id: entry.paymentId, mock_amount: amount };
    const signature = this.#sign("return", reference, entry.status, entry.paymentId, amount);
    return `/student-payment?${new URLSearchParams({ ...fields, mock_signature: signature })}`;
  }

  recognisesReturn(fields: Record<string, string>): boolean {
    return "mock_signature" in fields;
  }

  returnReference(fields: Record<string, string>): string | null {
    return isReference(fields.mock_reference) ? fields.mock_reference : null;
  }

  parseReturn(fields: Record<string, string>): GatewayWord {
    const { mock_reference: reference = "", mock_status: status = "", mock_payment_id: paymentId = "", mock_amount: amount = "" } = fields;
    const verified = this.#valid(fields.mock_signature, "return", reference, status, paymentId, amount);
    const verdict = status === "paid" ? "paid" : status === "failed" ? "failed" : status === "pending" ? "pending" : "unknown";
    return {
      provider: "mock",
      kind: "return",
      reference: this.returnReference(fields),
      verified,
      verdict,
      signatureName: "signature (HMAC-SHA256)",
      amountPaise: paiseFromRupees(amount),
      providerPaymentId: paymentId || null,
      gatewayStatus: status || null,
      needsConfirmation: verdict === "paid",
      eventKey: messageKey("mock", "return", fields),
      payload: { ...fields },
      detail: `Test gateway return "${status}"; signature ${verified ? "verified" : "did not verify"}.`,
    };
  }

  async checkStatus(order: GatewayOrder): Promise<GatewayWord> {
    const entry = bank.get(order.reference);
    return {
      provider: "mock",
      kind: "status_check",
      reference: order.reference,
      verified: null,
      verdict: entry?.status ?? "unknown",
      amountPaise: entry?.amountPaise ?? null,
      providerPaymentId: entry?.paymentId ?? null,
      gatewayStatus: entry?.status ?? "not started",
      eventKey: null,
      payload: entry ? { ...entry } : { status: "not started" },
      detail: `Test gateway status: ${entry?.status ?? "no payment started"}.`,
    };
  }
}
