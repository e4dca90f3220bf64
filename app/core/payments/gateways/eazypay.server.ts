/**
 * `PAYMENT_PROVIDER=icici_eazypay`: ICICI Bank Eazypay (PAYMENTS.md §A; the protocol itself is in
 * eazypay-protocol.ts). Hand-off by a link to the encrypted EazyPG URL; the response POSTed to
 * /student-payment verified by its SHA-512 RS; every success confirmed with EazyPGVerify
 * before the order is marked paid.
 */
import { createCipheriv, createDecipheriv, createHash, timingSafeEqual } from "node:crypto";
import type { PaymentPurpose } from "~/db/schema/payments";
import type { GatewayOrder, GatewayWord, PaymentGateway } from "../gateway";
import { isReference, paiseFromRupees, rupeesString } from "../identifiers";
import { messageKey } from "../payload";
import type { Verdict } from "../states";

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

/**
 * ICICI Bank Eazypay's encrypted-redirect protocol, as PAYMENTS.md §A reconstructs it from the
 * public integrations (to be confirmed in ICICI's UAT against the merchant's enrolment kit).
 * Pure functions: encryption, the request URL, the response signature (RS), response codes and
 * the EazyPGVerify status answer.
 */
/** AES-128-ECB, PKCS#7, the 16-character key as raw bytes, Base64 out (PAYMENTS.md §A "enc"). */
export function eazypayEncrypt(plain: string, key: string): string {
  const cipher = createCipheriv("aes-128-ecb", Buffer.from(key, "utf8"), null);
  return Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]).toString("base64");
}

/** The inverse of eazypayEncrypt. Throws on a wrong key or malformed input. */
export function eazypayDecrypt(base64: string, key: string): string {
  const decipher = createDecipheriv("aes-128-ecb", Buffer.from(key, "utf8"), null);
  return Buffer.concat([decipher.update(Buffer.from(base64, "base64")), decipher.final()]).toString("utf8");
}

/** Tokens a field template may use; anything else in a template is sent as written. */
export const TEMPLATE_TOKENS = ["reference", "sub_merchant_id", "amount", "payer_name", "payer_mobile", "payer_email", "purpose"] as const;
export type TemplateToken = (typeof TEMPLATE_TOKENS)[number];
export type TemplateValues = Record<TemplateToken, string>;

/** The common mandatory-field template (ReferenceNo|SubMerchantId|Amount). */
export const DEFAULT_MANDATORY_TEMPLATE = "{reference}|{sub_merchant_id}|{amount}";

/**
 * Checks a `|`-separated template such as "{reference}|{sub_merchant_id}|{amount}|{payer_mobile}".
 * Returns the problem as a sentence, or null when it is usable. `mandatory` templates must carry
 * the reference and the amount (Eazypay compares them with `Reference No`, E00334, and
 * `transaction amount`, E00330).
 */
export function templateProblem(template: string, mandatory: boolean): string | null {
  const unknown = [...template.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!).filter((t) => !(TEMPLATE_TOKENS as readonly string[]).includes(t));
  if (unknown.length) return `unknown field${unknown.length > 1 ? "s" : ""} {${unknown.join("}, {")}} (known: {${TEMPLATE_TOKENS.join("}, {")}})`;
  if (mandatory && !(template.includes("{reference}") && template.includes("{amount}"))) return "must contain {reference} and {amount}";
  return null;
}

/** Fills a template; a `|` inside a value would shift the columns, so it becomes a space. */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{([a-z_]+)\}/g, (_, token: TemplateToken) => (values[token] ?? "").replaceAll("|", " "));
}

export type EazypayRequest = {
  /** https://eazypay.icicibank.com/EazyPG (or UAT, or a test double). */
  endpoint: string;
  merchantId: string;
  aesKey: string;
  mandatoryTemplate: string;
  optionalTemplate: string;
  returnUrl: string;
  values: TemplateValues;
  /** "percent": encodeURIComponent names and values (Node integrations); "raw": as older PHP kits send them. */
  urlEncoding: "percent" | "raw";
};

/** The request parameters in Eazypay's order, every value but the merchant id encrypted on its own. */
export function eazypayRequestParams(r: EazypayRequest): [string, string][] {
  const enc = (v: string) => eazypayEncrypt(v, r.aesKey);
  const optional = fillTemplate(r.optionalTemplate, r.values);
  return [
    ["merchantid", r.merchantId],
    ["mandatory fields", enc(fillTemplate(r.mandatoryTemplate, r.values))],
    ["optional fields", optional === "" ? "" : enc(optional)],
    ["returnurl", enc(r.returnUrl)],
    ["Reference No", enc(r.values.reference)],
    ["submerchantid", enc(r.values.sub_merchant_id)],
    ["transaction amount", enc(r.values.amount)],
    ["paymode", enc("9")],
  ];
}

/** The hand-off URL (GET). */
export function eazypayRequestUrl(r: EazypayRequest): string {
  const encode = r.urlEncoding === "percent" ? encodeURIComponent : (s: string) => s;
  return `${r.endpoint}?${eazypayRequestParams(r).map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&")}`;
}

/** Response fields in the order the RS signature covers them (PAYMENTS.md §A, four integrations agree). */
export const RS_FIELDS = [
  "ID",
  "Response Code",
  "Unique Ref Number",
  "Service Tax Amount",
  "Processing Fee Amount",
  "Total Amount",
  "Transaction Amount",
  "Transaction Date",
  "Interchange Value",
  "TDR",
  "Payment Mode",
  "SubMerchantId",
  "ReferenceNo",
  "TPS",
] as const;

/** The one integration that swaps ReferenceNo and SubMerchantId. */
const RS_FIELDS_SWAPPED = RS_FIELDS.map((f) => (f === "SubMerchantId" ? "ReferenceNo" : f === "ReferenceNo" ? "SubMerchantId" : f));

/** Lower-case hex SHA-512 of the values as received, `|`-joined, then `|` and the key. */
export function eazypaySignature(fields: Record<string, string>, aesKey: string, order: readonly string[] = RS_FIELDS): string {
  return createHash("sha512").update([...order.map((f) => fields[f] ?? ""), aesKey].join("|"), "utf8").digest("hex");
}

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given.toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks `RS` in constant time. Accepts both field orders the public integrations use: either
 * proves the message was made with our key. Returns which order matched, or null.
 */
export function verifyEazypayResponse(fields: Record<string, string>, aesKey: string): "standard" | "swapped" | null {
  const rs = fields.RS ?? "";
  if (!/^[0-9a-fA-F]{128}$/.test(rs)) return null;
  if (sameHex(eazypaySignature(fields, aesKey), rs)) return "standard";
  if (sameHex(eazypaySignature(fields, aesKey, RS_FIELDS_SWAPPED), rs)) return "swapped";
  return null;
}

/**
 * What a return's `Response Code` means (PAYMENTS.md §A): E000 success; E006 already paid (a
 * success to confirm); E00327–E00329 challan generated and E00331 UPI initiated are pending,
 * not failed; anything else failed.
 */
export function responseCodeVerdict(code: string | undefined): { verdict: Verdict; meaning: string } {
  switch (code) {
    case "E000":
      return { verdict: "paid", meaning: "success" };
    case "E006":
      return { verdict: "paid", meaning: "already paid" };
    case "E00327":
    case "E00328":
    case "E00329":
      return { verdict: "pending", meaning: "cash/cheque/NEFT challan generated" };
    case "E00331":
      return { verdict: "pending", meaning: "UPI initiated, awaiting the payer" };
    case "E00335":
      return { verdict: "failed", meaning: "cancelled by the payer" };
    case undefined:
    case "":
      return { verdict: "unknown", meaning: "no response code" };
    default:
      return { verdict: "failed", meaning: code.startsWith("E08") ? "bank or card failure" : "request error" };
  }
}

/** The EazyPGVerify answer (query-string text) as a record; empty when it is not one. */
export function parseVerifyAnswer(text: string): Record<string, string> {
  const trimmed = text.trim();
  if (!trimmed.includes("=") || trimmed.startsWith("<")) return {};
  return Object.fromEntries(new URLSearchParams(trimmed));
}

/**
 * EazyPGVerify's `status`: Success, SIP (settlement in progress), RIP (reconciliation in
 * progress) mean paid; FAILED, TIMEOUT, Transaction Expired not paid; Transaction Initiated
 * still open; NotInitiated never started (PAYMENTS.md §A).
 */
export function verifyStatusVerdict(status: string | undefined): Verdict {
  const s = (status ?? "").trim().toLowerCase();
  if (s === "success" || s === "sip" || s === "rip") return "paid";
  if (s === "failed" || s === "timeout" || s === "transaction expired") return "failed";
  if (s === "transaction initiated") return "pending";
  return "unknown";
}
