/**
 * Which gateways this process can use, from the configuration (DESIGN.md §4). SPEC §5:
 * missing gateway settings are tolerated: the site runs, pay buttons say online payment is not
 * available, and `problems` names what is missing (logged once at start). The mock gateway is
 * never built in production.
 */
import { school } from "#content/school";
import { getConfig, type Config } from "~/lib/config.server";
import { PAYMENT_PURPOSES, type PaymentProvider, type PaymentPurpose } from "~/db/schema/payments";
import type { PaymentGateway } from "./gateway";
import { DEFAULT_MANDATORY_TEMPLATE, templateProblem } from "./gateways/eazypay.server";
import { EazypayGateway } from "./gateways/eazypay.server";
import { MockGateway } from "./gateways/mock.server";
import { RAZORPAY_API, RazorpayGateway } from "./gateways/razorpay.server";

export const EAZYPAY_HOSTS = { uat: "https://eazypayuat.icicibank.com", production: "https://eazypay.icicibank.com" } as const;

export type PaymentSetup = {
  /** PAYMENT_PROVIDER: the gateway for new payments. */
  active: PaymentProvider;
  /** Every gateway whose settings are complete (returns of older orders still verify after a switch). */
  gateways: Partial<Record<PaymentProvider, PaymentGateway>>;
  /** Sentences naming what is missing or malformed for the active gateway; empty when it is usable. */
  problems: string[];
  /** The settings as /icici-debug shows them: names, and values masked (never a key or secret). */
  settings: { name: string; value: string }[];
};

/** "1360…82" for "136082xx"-like ids; "" for nothing. */
export function mask(value: string | undefined): string {
  if (!value) return "";
  if (value.length <= 4) return "•".repeat(value.length);
  return `${value.slice(0, 2)}${"•".repeat(Math.min(8, value.length - 4))}${value.slice(-2)}`;
}

/** A test double's URL is accepted in production only on this machine; anything else must be https. */
function gatewayUrlProblem(name: string, url: string, production: boolean): string | null {
  const u = new URL(url);
  const local = u.hostname === "localhost" || u.hostname === "127.0.0.1" || u.hostname === "[::1]";
  return production && u.protocol !== "https:" && !local ? `${name} must be an https URL` : null;
}

/**
 * Reads ICICI_SUB_MERCHANT_IDS: one number for every purpose ("45"), or "tuition=11,bus=12,
 * application_fee=13" (optionally "default=10"). Each must be numeric (Eazypay E00326).
 */
export function parseSubMerchantIds(text: string): { ids: Record<PaymentPurpose, string> } | { problem: string } {
  const trimmed = text.trim();
  if (/^\d{1,20}$/.test(trimmed)) return { ids: Object.fromEntries(PAYMENT_PURPOSES.map((p) => [p, trimmed])) as Record<PaymentPurpose, string> };
  const pairs = new Map<string, string>();
  for (const part of trimmed.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [name, id] = part.split("=").map((s) => s.trim());
    if (!name || !id || !/^\d{1,20}$/.test(id)) return { problem: `"${part}" is not purpose=number` };
    if (name !== "default" && !(PAYMENT_PURPOSES as readonly string[]).includes(name)) return { problem: `unknown purpose "${name}" (known: ${PAYMENT_PURPOSES.join(", ")}, default)` };
    pairs.set(name, id);
  }
  const ids: Partial<Record<PaymentPurpose, string>> = {};
  for (const purpose of PAYMENT_PURPOSES) {
    // A sample and a family's fees (school and bus together) go to the school fee's account unless named.
    const id = pairs.get(purpose) ?? pairs.get("default") ?? (purpose === "sample" || purpose === "family_fees" ? pairs.get("tuition") : undefined);
    if (!id) return { problem: `no sub-merchant id for ${purpose}` };
    ids[purpose] = id;
  }
  return { ids: ids as Record<PaymentPurpose, string> };
}

function eazypayFrom(config: Config, problems: string[], settings: PaymentSetup["settings"]): EazypayGateway | null {
  const c = config.icici;
  const mandatory = c.mandatoryFields ?? DEFAULT_MANDATORY_TEMPLATE;
  const optional = c.optionalFields ?? "";
  settings.push(
    { name: "ICICI_MERCHANT_ID", value: c.merchantId ? mask(c.merchantId) : "missing" },
    { name: "ICICI_AES_KEY", value: c.aesKey ? `set (${c.aesKey.length} characters)` : "missing" },
    { name: "ICICI_SUB_MERCHANT_IDS", value: c.subMerchantIds ?? "missing" },
    { name: "ICICI_MANDATORY_FIELDS", value: c.mandatoryFields ?? `${DEFAULT_MANDATORY_TEMPLATE} (default)` },
    { name: "ICICI_OPTIONAL_FIELDS", value: c.optionalFields ?? "(none)" },
    { name: "ICICI_ENVIRONMENT", value: c.environment ?? "missing" },
    { name: "ICICI_URL_ENCODING", value: c.urlEncoding ?? "percent (default)" },
    ...(c.gatewayUrl ? [{ name: "ICICI_GATEWAY_URL", value: c.gatewayUrl }] : []),
  );
  const missing = (["ICICI_MERCHANT_ID", "ICICI_AES_KEY", "ICICI_SUB_MERCHANT_IDS", "ICICI_ENVIRONMENT"] as const).filter(
    (name) => !{ ICICI_MERCHANT_ID: c.merchantId, ICICI_AES_KEY: c.aesKey, ICICI_SUB_MERCHANT_IDS: c.subMerchantIds, ICICI_ENVIRONMENT: c.environment }[name],
  );
  const found: string[] = [];
  if (missing.length) found.push(`needs ${missing.join(", ")}`);
  if (c.aesKey && Buffer.byteLength(c.aesKey, "utf8") !== 16) found.push("ICICI_AES_KEY must be 16 characters (AES-128)");
  const subs = c.subMerchantIds ? parseSubMerchantIds(c.subMerchantIds) : null;
  if (subs && "problem" in subs) found.push(`ICICI_SUB_MERCHANT_IDS: ${subs.problem}`);
  const mandatoryProblem = templateProblem(mandatory, true);
  if (mandatoryProblem) found.push(`ICICI_MANDATORY_FIELDS: ${mandatoryProblem}`);
  const optionalProblem = templateProblem(optional, false);
  if (optionalProblem) found.push(`ICICI_OPTIONAL_FIELDS: ${optionalProblem}`);
  const urlProblem = c.gatewayUrl ? gatewayUrlProblem("ICICI_GATEWAY_URL", c.gatewayUrl, config.production) : null;
  if (urlProblem) found.push(urlProblem);
  if (found.length || !subs || "problem" in subs || !c.environment) {
    problems.push(...found.map((f) => `PAYMENT_PROVIDER=icici_eazypay: ${f}`));
    return null;
  }
  return new EazypayGateway({
    merchantId: c.merchantId!,
    aesKey: c.aesKey!,
    subMerchantIds: subs.ids,
    mandatoryTemplate: mandatory,
    optionalTemplate: optional,
    urlEncoding: c.urlEncoding ?? "percent",
    baseUrl: (c.gatewayUrl ?? EAZYPAY_HOSTS[c.environment]).replace(/\/+$/, ""),
    returnUrl: `${config.publicSiteUrl}/student-payment`,
  });
}

function razorpayFrom(config: Config, merchantName: string, problems: string[], settings: PaymentSetup["settings"]): RazorpayGateway | null {
  const r = config.razorpay;
  settings.push(
    { name: "RAZORPAY_KEY_ID", value: r.keyId ? mask(r.keyId) : "missing" },
    { name: "RAZORPAY_KEY_SECRET", value: r.keySecret ? "set" : "missing" },
    { name: "RAZORPAY_WEBHOOK_SECRET", value: r.webhookSecret ? "set" : "missing" },
    ...(r.apiUrl ? [{ name: "RAZORPAY_API_URL", value: r.apiUrl }] : []),
  );
  const missing = Object.entries({ RAZORPAY_KEY_ID: r.keyId, RAZORPAY_KEY_SECRET: r.keySecret, RAZORPAY_WEBHOOK_SECRET: r.webhookSecret })
    .filter(([, v]) => !v)
    .map(([k]) => k);
  const urlProblem = r.apiUrl ? gatewayUrlProblem("RAZORPAY_API_URL", r.apiUrl, config.production) : null;
  if (missing.length || urlProblem) {
    if (missing.length) problems.push(`PAYMENT_PROVIDER=razorpay: needs ${missing.join(", ")}`);
    if (urlProblem) problems.push(`PAYMENT_PROVIDER=razorpay: ${urlProblem}`);
    return null;
  }
  return new RazorpayGateway({
    keyId: r.keyId!,
    keySecret: r.keySecret!,
    webhookSecret: r.webhookSecret!,
    apiUrl: (r.apiUrl ?? RAZORPAY_API).replace(/\/+$/, ""),
    returnUrl: `${config.publicSiteUrl}/student-payment`,
    merchantName,
  });
}

/** Builds the gateways of a configuration. Pure apart from constructing SDK clients. */
export function paymentSetupFrom(config: Config, merchantName: string): PaymentSetup {
  const problems: string[] = [];
  const settings: PaymentSetup["settings"] = [{ name: "PAYMENT_PROVIDER", value: config.paymentProvider }];
  const gateways: PaymentSetup["gateways"] = {};
  // Only the active gateway's problems are the operator's business; others are built when complete.
  const quiet: string[] = [];
  const eazypay = eazypayFrom(config, config.paymentProvider === "icici_eazypay" ? problems : quiet, config.paymentProvider === "icici_eazypay" ? settings : []);
  if (eazypay) gateways.icici_eazypay = eazypay;
  const razorpay = razorpayFrom(config, merchantName, config.paymentProvider === "razorpay" ? problems : quiet, config.paymentProvider === "razorpay" ? settings : []);
  if (razorpay) gateways.razorpay = razorpay;
  if (config.production) {
    if (config.paymentProvider === "mock") problems.push("PAYMENT_PROVIDER=mock is the test gateway and is refused in production");
  } else {
    gateways.mock = new MockGateway(config.authSecret);
  }
  return { active: config.paymentProvider, gateways, problems, settings };
}

let setup: PaymentSetup | undefined;

/** The gateways of this process, built once from the configuration, with the school as merchant. */
export function paymentSetup(): PaymentSetup {
  setup ??= paymentSetupFrom(getConfig(), school.name);
  return setup;
}
