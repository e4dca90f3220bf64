import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/lib/config.server";
import { EazypayGateway } from "./gateways/eazypay.server";
import { mask, parseSubMerchantIds, paymentSetupFrom } from "./settings.server";

const production = {
  NODE_ENV: "production",
  PUBLIC_SITE_URL: "https://www.kva-school.example",
  AUTH_SECRET: "a".repeat(40),
  ADMIN_EMAIL: "office@kva-school.example",
  RECEIPT_SECRET: "r".repeat(40),
};
const eazypay = {
  PAYMENT_PROVIDER: "icici_eazypay",
  ICICI_MERCHANT_ID: "136082",
  ICICI_AES_KEY: "K8v2Qz7Lm4Tp9Xw1",
  ICICI_SUB_MERCHANT_IDS: "45",
  ICICI_ENVIRONMENT: "uat",
};
const setup = (env: Record<string, string>) => paymentSetupFrom(parseConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "kva-pay-")), ...env }), "Test School");

describe("paymentSetupFrom", () => {
  it("refuses the test gateway in production and says so; builds it in development", () => {
    const prod = setup(production);
    expect(prod.gateways.mock).toBeUndefined();
    expect(prod.gateways[prod.active]).toBeUndefined();
    expect(prod.problems).toEqual(["PAYMENT_PROVIDER=mock is the test gateway and is refused in production"]);
    expect(setup({}).gateways.mock).toBeDefined();
  });

  it("names every missing Eazypay setting, and a key of the wrong length", () => {
    expect(setup({ ...production, PAYMENT_PROVIDER: "icici_eazypay" }).problems).toEqual([
      "PAYMENT_PROVIDER=icici_eazypay: needs ICICI_MERCHANT_ID, ICICI_AES_KEY, ICICI_SUB_MERCHANT_IDS, ICICI_ENVIRONMENT",
    ]);
    expect(setup({ ...production, ...eazypay, ICICI_AES_KEY: "short" }).problems).toEqual(["PAYMENT_PROVIDER=icici_eazypay: ICICI_AES_KEY must be 16 characters (AES-128)"]);
    expect(setup({ ...production, ...eazypay, ICICI_MANDATORY_FIELDS: "{reference}|{mobile}" }).problems[0]).toMatch(/ICICI_MANDATORY_FIELDS: unknown field \{mobile\}/);
  });

  it("builds Eazypay for UAT or production, and takes a local test double's URL only on this machine", () => {
    const uat = setup({ ...production, ...eazypay });
    expect(uat.problems).toEqual([]);
    expect(uat.gateways.icici_eazypay).toBeInstanceOf(EazypayGateway);
    expect((uat.gateways.icici_eazypay as EazypayGateway).verifyUrl({ reference: "K7M2Q9XA4TRB" })).toMatch(/^https:\/\/eazypayuat\.icicibank\.com\/EazyPGVerify\?.*merchantid=136082&.*pgreferenceno=K7M2Q9XA4TRB$/);
    expect((setup({ ...production, ...eazypay, ICICI_ENVIRONMENT: "production" }).gateways.icici_eazypay as EazypayGateway).verifyUrl({ reference: "K7M2Q9XA4TRB" })).toMatch(/^https:\/\/eazypay\.icicibank\.com\//);
    expect(setup({ ...production, ...eazypay, ICICI_GATEWAY_URL: "http://127.0.0.1:3407" }).problems).toEqual([]);
    expect(setup({ ...production, ...eazypay, ICICI_GATEWAY_URL: "http://gateway.example" }).problems).toEqual(["PAYMENT_PROVIDER=icici_eazypay: ICICI_GATEWAY_URL must be an https URL"]);
  });

  it("needs all three Razorpay settings; its checkout origin becomes a form target", () => {
    expect(setup({ ...production, PAYMENT_PROVIDER: "razorpay", RAZORPAY_KEY_ID: "rzp_live_x" }).problems).toEqual(["PAYMENT_PROVIDER=razorpay: needs RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET"]);
    const ok = setup({ ...production, PAYMENT_PROVIDER: "razorpay", RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "s", RAZORPAY_WEBHOOK_SECRET: "w" });
    expect(ok.problems).toEqual([]);
    expect(ok.gateways.razorpay?.formTargets).toEqual(["https://api.razorpay.com"]);
  });

  it("shows settings masked, never a key or a secret", () => {
    const shown = JSON.stringify(setup({ ...production, ...eazypay }).settings);
    expect(shown).not.toContain("K8v2Qz7Lm4Tp9Xw1");
    expect(shown).not.toContain("136082");
    expect(shown).toContain("set (16 characters)");
    const razorpay = JSON.stringify(setup({ ...production, PAYMENT_PROVIDER: "razorpay", RAZORPAY_KEY_ID: "rzp_live_abcdef", RAZORPAY_KEY_SECRET: "topsecret", RAZORPAY_WEBHOOK_SECRET: "whsecret" }).settings);
    expect(razorpay).not.toMatch(/topsecret|whsecret|rzp_live_abcdef/);
    expect(mask("136082")).toBe("13••82");
  });
});

describe("parseSubMerchantIds", () => {
  it("takes one number for every purpose, or one per purpose with a default", () => {
    expect(parseSubMerchantIds("45")).toEqual({ ids: { tuition: "45", bus: "45", application_fee: "45", sample: "45", family_fees: "45" } });
    // A family's fees (school and bus in one payment) go to the school fee's account unless named.
    expect(parseSubMerchantIds("tuition=11, bus=12, application_fee=13")).toEqual({ ids: { tuition: "11", bus: "12", application_fee: "13", sample: "11", family_fees: "11" } });
    expect(parseSubMerchantIds("tuition=11, bus=12, application_fee=13, family_fees=14")).toMatchObject({ ids: { family_fees: "14" } });
    expect(parseSubMerchantIds("default=10,bus=12")).toEqual({ ids: { tuition: "10", bus: "12", application_fee: "10", sample: "10", family_fees: "10" } });
  });

  it("refuses what Eazypay would (E00326: not numeric) or what cannot be mapped", () => {
    expect(parseSubMerchantIds("tuition=11a")).toEqual({ problem: '"tuition=11a" is not purpose=number' });
    expect(parseSubMerchantIds("tuition=11,bus=12")).toEqual({ problem: "no sub-merchant id for application_fee" });
    expect(parseSubMerchantIds("library=9")).toMatchObject({ problem: expect.stringContaining('unknown purpose "library"') });
  });
});
