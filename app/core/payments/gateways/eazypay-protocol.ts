/**
 * ICICI Bank Eazypay's encrypted-redirect protocol, as PAYMENTS.md §A reconstructs it from the
 * public integrations (to be confirmed in ICICI's UAT against the merchant's enrolment kit).
 * Pure functions: encryption, the request URL, the response signature (RS), response codes and
 * the EazyPGVerify status answer.
 */
import { createCipheriv, createDecipheriv, createHash, timingSafeEqual } from "node:crypto";
import type { Verdict } from "../states";

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
