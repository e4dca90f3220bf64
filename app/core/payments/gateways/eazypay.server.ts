/**
 * `PAYMENT_PROVIDER=icici_eazypay`: ICICI Bank Eazypay (PAYMENTS.md §A; the protocol itself is in
 * eazypay-protocol.ts). Hand-off by a link to the encrypted EazyPG URL; the response POSTed to
 * /student-payment verified by its SHA-512 RS; every success confirmed with EazyPGVerify
 * before the order is marked paid.
 */
import type { PaymentPurpose } from "~/db/schema/payments";
import type { GatewayOrder, GatewayWord, PaymentGateway } from "../gateway";
import { isReference, paiseFromRupees, rupeesString } from "../identifiers";
import { messageKey } from "../payload";
import {
  eazypayRequestUrl,
  parseVerifyAnswer,
  responseCodeVerdict,
  verifyEazypayResponse,
  verifyStatusVerdict,
  type TemplateValues,
} from "./eazypay-protocol";

export type EazypaySettings = {
  merchantId: string;
  /** 16 characters, used as raw bytes. */
  aesKey: string;
  /** Numeric sub-merchant id for each purpose. */
  subMerchantIds: Record<PaymentPurpose, string>;
  mandatoryTemplate: string;
  optionalTemplate: string;
  urlEncoding: "percent" | "raw";
  /** Origin (and optional path) of the gateway, e.g. https://eazypay.icicibank.com. */
  baseUrl: string;
  /** Our /student-payment URL as registered with ICICI. */
  returnUrl: string;
  /** Milliseconds before a status check gives up. */
  timeoutMs?: number;
};

export class EazypayGateway implements PaymentGateway {
  readonly provider = "icici_eazypay" as const;
  readonly label = "ICICI Bank Eazypay";
  readonly formTargets = [] as const;

  constructor(
    private readonly settings: EazypaySettings,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async prepare(): Promise<{ providerOrderId: string | null }> {
    return { providerOrderId: null };
  }

  #values(order: GatewayOrder): TemplateValues {
    return {
      reference: order.reference,
      sub_merchant_id: this.settings.subMerchantIds[order.purpose],
      amount: rupeesString(order.amountPaise),
      payer_name: order.payerName ?? "",
      payer_mobile: order.payerPhone ?? "",
      payer_email: order.payerEmail ?? "",
      purpose: order.purpose,
    };
  }

  handoff(order: GatewayOrder) {
    const s = this.settings;
    const url = eazypayRequestUrl({
      endpoint: `${s.baseUrl}/EazyPG`,
      merchantId: s.merchantId,
      aesKey: s.aesKey,
      mandatoryTemplate: s.mandatoryTemplate,
      optionalTemplate: s.optionalTemplate,
      returnUrl: s.returnUrl,
      values: this.#values(order),
      urlEncoding: s.urlEncoding,
    });
    return { kind: "link" as const, url };
  }

  recognisesReturn(fields: Record<string, string>): boolean {
    return "Response Code" in fields || ("RS" in fields && "ReferenceNo" in fields);
  }

  returnReference(fields: Record<string, string>): string | null {
    const ref = fields.ReferenceNo?.trim();
    return isReference(ref) ? ref : null;
  }

  parseReturn(fields: Record<string, string>): GatewayWord {
    const signedBy = verifyEazypayResponse(fields, this.settings.aesKey);
    const code = fields["Response Code"];
    const { verdict, meaning } = responseCodeVerdict(code);
    const merchantOk = fields.ID === this.settings.merchantId;
    return {
      provider: this.provider,
      kind: "return",
      reference: this.returnReference(fields),
      signatureName: "RS (SHA-512)",
      verified: signedBy !== null,
      verdict,
      amountPaise: paiseFromRupees(fields["Transaction Amount"]),
      providerPaymentId: fields["Unique Ref Number"] || null,
      paymentMode: fields["Payment Mode"] || null,
      gatewayStatus: code ?? null,
      mismatch: merchantOk ? null : { flag: "merchant_mismatch", detail: `The response is for merchant "${fields.ID ?? ""}", not ours.` },
      needsConfirmation: verdict === "paid",
      eventKey: messageKey(this.provider, "return", fields),
      payload: { ...fields },
      detail: `Eazypay ${code ?? "(no code)"} (${meaning}); RS ${signedBy ? `verified${signedBy === "swapped" ? " (ReferenceNo/SubMerchantId swapped)" : ""}` : "did not verify"}.`,
    };
  }

  /** The EazyPGVerify URL for an order (GET; PAYMENTS.md §A). */
  verifyUrl(order: Pick<GatewayOrder, "reference">): string {
    const params = new URLSearchParams({ ezpaytranid: "", amount: "", paymentmode: "", merchantid: this.settings.merchantId, trandate: "", pgreferenceno: order.reference });
    return `${this.settings.baseUrl}/EazyPGVerify?${params}`;
  }

  async checkStatus(order: GatewayOrder): Promise<GatewayWord> {
    const response = await this.fetcher(this.verifyUrl(order), { signal: AbortSignal.timeout(this.settings.timeoutMs ?? 8000) });
    const text = await response.text();
    if (!response.ok) throw new Error(`EazyPGVerify answered HTTP ${response.status}`);
    const answer = parseVerifyAnswer(text);
    if (!("status" in answer)) throw new Error("EazyPGVerify answered something that is not a status");
    const sameReference = (answer.pgreferenceno ?? "").trim() === order.reference;
    return {
      provider: this.provider,
      kind: "status_check",
      reference: order.reference,
      verified: null,
      verdict: sameReference ? verifyStatusVerdict(answer.status) : "unknown",
      amountPaise: paiseFromRupees(answer.amount),
      providerPaymentId: answer.ezpaytranid || null,
      paymentMode: answer.PaymentMode || null,
      gatewayStatus: answer.status ?? null,
      eventKey: null,
      payload: answer,
      detail: sameReference
        ? `EazyPGVerify status "${answer.status}".`
        : `EazyPGVerify answered about reference "${answer.pgreferenceno ?? ""}", not ours: ignored.`,
    };
  }
}
