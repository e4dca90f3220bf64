/**
 * What every gateway implementation gives the payment core (DESIGN.md §7): the hand-off for an
 * order, a parsed and verified return, webhooks, and the gateway's own word on an order's status.
 * Implementations: gateways/mock.server.ts, gateways/eazypay.server.ts, gateways/razorpay.server.ts.
 */
import type { OrderFlag } from "~/db/payment-values";
import type { OrderStatus, PaymentOrder, PaymentProvider } from "./orders.server";
import type { Verdict } from "./states";

export type { PaymentProvider };

/**
 * How the parent's browser reaches the gateway: a plain link (Eazypay's encrypted URL, the mock
 * page) or a form POST (Razorpay Hosted Checkout). Either works without JavaScript.
 */
export type Handoff = { kind: "link"; url: string } | { kind: "form"; action: string; fields: [string, string][] };

/** One message from or about a gateway, parsed and checked by the gateway implementation. */
export type GatewayWord = {
  provider: PaymentProvider;
  kind: "return" | "webhook" | "status_check";
  /** Our reference as the message carried it (null when it named none). */
  reference: string | null;
  /** The gateway's order id, for messages that carry no reference of ours (Razorpay webhooks). */
  providerOrderId?: string | null;
  /** Signature check of the message itself: true/false; null for an unsigned status API answer. */
  verified: boolean | null;
  /** The signature the message carries, as the administrator knows it, e.g. "RS (SHA-512)". */
  signatureName?: string;
  /** What the gateway says, before the core compares amounts. */
  verdict: Verdict;
  /** What the gateway says was paid, paise (null when it did not say). */
  amountPaise?: number | null;
  providerPaymentId?: string | null;
  bankReference?: string | null;
  paymentMode?: string | null;
  /** The gateway's own status word, e.g. "E000", "Success", "captured". */
  gatewayStatus?: string | null;
  /** Something the gateway checks found wrong (e.g. another merchant id): recorded and flagged, never paid. */
  mismatch?: { flag: Extract<OrderFlag, "merchant_mismatch" | "amount_mismatch">; detail: string } | null;
  /**
   * A success claim carried by the parent's browser: the core asks the gateway's status API
   * before marking anything paid (DESIGN.md §7: a browser's word can be forged).
   */
  needsConfirmation?: boolean;
  /** Unique per gateway event: a replay is stored once. Null for status checks. */
  eventKey: string | null;
  /** The message as received, secrets removed. */
  payload: Record<string, unknown>;
  /** One sentence for the event log, e.g. "Eazypay E000 (success); RS verified". */
  detail: string;
};

/** The order fields a gateway may read. */
export type GatewayOrder = Pick<
  PaymentOrder,
  "id" | "publicId" | "reference" | "purpose" | "description" | "amountPaise" | "payerName" | "payerEmail" | "payerPhone" | "providerOrderId" | "provider" | "status"
>;

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** The name parents see, e.g. "ICICI Bank Eazypay". */
  readonly label: string;
  /** Origins the hand-off form posts to (the page's CSP form-action), e.g. ["https://api.razorpay.com"]. */
  readonly formTargets: readonly string[];
  /**
   * Runs once when an order is created, before the hand-off: creates the gateway's own order
   * where the protocol has one (Razorpay). Throws when the gateway cannot be reached.
   */
  prepare(order: GatewayOrder): Promise<{ providerOrderId: string | null }>;
  /** The hand-off for an open order. Pure. */
  handoff(order: GatewayOrder): Handoff;
  /** True when `fields` (a return's query and body together) look like this gateway's return. */
  recognisesReturn(fields: Record<string, string>): boolean;
  /** Our reference in a return of this gateway (unverified), or null. */
  returnReference(fields: Record<string, string>): string | null;
  /** Verifies a return against the stored order (null when the reference is unknown). Pure. */
  parseReturn(fields: Record<string, string>, order: GatewayOrder | null): GatewayWord;
  /** Asks the gateway about an order. Throws on a network failure or an answer it cannot read. */
  checkStatus(order: GatewayOrder): Promise<GatewayWord>;
}

/** A gateway that receives webhooks (Razorpay). */
export interface WebhookGateway extends PaymentGateway {
  /** Verifies a webhook on its raw body. Pure; `words` is empty for events that concern no payment. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): { verified: boolean; words: GatewayWord[]; eventKey: string; payload: Record<string, unknown>; detail: string };
}

export type { OrderStatus };
