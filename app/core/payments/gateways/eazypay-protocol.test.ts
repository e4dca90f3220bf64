import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  eazypayDecrypt,
  eazypayEncrypt,
  eazypayRequestParams,
  eazypayRequestUrl,
  eazypaySignature,
  fillTemplate,
  parseVerifyAnswer,
  responseCodeVerdict,
  templateProblem,
  verifyEazypayResponse,
  verifyStatusVerdict,
  type EazypayRequest,
} from "./eazypay.server";

const KEY = "1234567890123456";

const request: EazypayRequest = {
  endpoint: "https://eazypayuat.icicibank.com/EazyPG",
  merchantId: "136082",
  aesKey: KEY,
  mandatoryTemplate: "{reference}|{sub_merchant_id}|{amount}",
  optionalTemplate: "",
  returnUrl: "https://school.example/student-payment",
  values: { reference: "K7M2Q9XA4TRB", sub_merchant_id: "45", amount: "1500.00", payer_name: "", payer_mobile: "", payer_email: "", purpose: "tuition" },
  urlEncoding: "percent",
};

describe("Eazypay encryption", () => {
  it("is AES-128-ECB with PKCS#7 and Base64, matching a known vector", () => {
    // printf 1500.00 | openssl enc -aes-128-ecb -K 31323334353637383930313233343536 -base64
    expect(eazypayEncrypt("1500.00", KEY)).toBe("JeTWFQKhuJ4xAxSybKWmqQ==");
    expect(eazypayDecrypt(eazypayEncrypt("K7M2Q9XA4TRB|45|1500.00", KEY), KEY)).toBe("K7M2Q9XA4TRB|45|1500.00");
    expect(() => eazypayDecrypt(eazypayEncrypt("x", KEY), "6543210987654321")).toThrow();
  });
});

describe("Eazypay request", () => {
  it("encrypts every value but the merchant id, each on its own, in the documented names", () => {
    const params = Object.fromEntries(eazypayRequestParams(request));
    expect(Object.keys(params)).toEqual(["merchantid", "mandatory fields", "optional fields", "returnurl", "Reference No", "submerchantid", "transaction amount", "paymode"]);
    expect(params.merchantid).toBe("136082");
    const plain = (k: string) => eazypayDecrypt(params[k]!, KEY);
    expect(plain("mandatory fields")).toBe("K7M2Q9XA4TRB|45|1500.00");
    expect(plain("returnurl")).toBe("https://school.example/student-payment");
    expect(plain("Reference No")).toBe("K7M2Q9XA4TRB");
    expect(plain("submerchantid")).toBe("45");
    expect(plain("transaction amount")).toBe("1500.00");
    expect(plain("paymode")).toBe("9");
    expect(params["optional fields"]).toBe("");
  });

  it("percent-encodes names and values, or sends them raw, as configured", () => {
    const encoded = eazypayRequestUrl(request);
    expect(encoded).toMatch(/^https:\/\/eazypayuat\.icicibank\.com\/EazyPG\?merchantid=136082&mandatory%20fields=/);
    expect(encoded).not.toContain(" ");
    expect(encoded.split("?")[1]).not.toMatch(/[+/]/);
    const parsed = new URL(encoded).searchParams;
    expect(eazypayDecrypt(parsed.get("transaction amount")!, KEY)).toBe("1500.00");
    const raw = eazypayRequestUrl({ ...request, urlEncoding: "raw" });
    expect(raw).toContain("&mandatory fields=");
    expect(raw).toContain(`&transaction amount=${eazypayEncrypt("1500.00", KEY)}`);
  });

  it("fills templates and keeps a | in a value from shifting the columns", () => {
    expect(fillTemplate("{reference}|{payer_name}|{amount}|X", { ...request.values, payer_name: "A|B" })).toBe("K7M2Q9XA4TRB|A B|1500.00|X");
    expect(templateProblem("{reference}|{sub_merchant_id}|{amount}", true)).toBeNull();
    expect(templateProblem("{reference}|{sub_merchant_id}", true)).toMatch(/\{amount\}/);
    expect(templateProblem("{reference}|{amount}|{mobile}", true)).toMatch(/unknown field \{mobile\}/);
    expect(templateProblem("", false)).toBeNull();
  });
});

describe("Eazypay response", () => {
  const base: Record<string, string> = {
    "Response Code": "E000",
    "Unique Ref Number": "2306301234567",
    "Service Tax Amount": "0.00",
    "Processing Fee Amount": "0.00",
    "Total Amount": "1500.00",
    "Transaction Amount": "1500.00",
    "Transaction Date": "30-06-2023 14:24:34",
    "Interchange Value": "",
    TDR: "",
    "Payment Mode": "NET_BANKING",
    SubMerchantId: "45",
    ReferenceNo: "K7M2Q9XA4TRB",
    ID: "136082",
    TPS: "Y",
  };

  it("verifies RS over the received values and the key, in either documented order", () => {
    const joined = ["136082", "E000", "2306301234567", "0.00", "0.00", "1500.00", "1500.00", "30-06-2023 14:24:34", "", "", "NET_BANKING", "45", "K7M2Q9XA4TRB", "Y", KEY].join("|");
    const rs = createHash("sha512").update(joined).digest("hex");
    expect(eazypaySignature(base, KEY)).toBe(rs);
    expect(verifyEazypayResponse({ ...base, RS: rs }, KEY)).toBe("standard");
    expect(verifyEazypayResponse({ ...base, RS: rs.toUpperCase() }, KEY)).toBe("standard");
    const swapped = createHash("sha512").update(joined.replace("|45|K7M2Q9XA4TRB|", "|K7M2Q9XA4TRB|45|")).digest("hex");
    expect(verifyEazypayResponse({ ...base, RS: swapped }, KEY)).toBe("swapped");
  });

  it("refuses a tampered value, another key, or a malformed RS", () => {
    const rs = eazypaySignature(base, KEY);
    expect(verifyEazypayResponse({ ...base, "Transaction Amount": "15.00", RS: rs }, KEY)).toBeNull();
    expect(verifyEazypayResponse({ ...base, RS: eazypaySignature(base, "6543210987654321") }, KEY)).toBeNull();
    expect(verifyEazypayResponse({ ...base, RS: "abc" }, KEY)).toBeNull();
    expect(verifyEazypayResponse(base, KEY)).toBeNull();
  });

  it("reads response codes: success, pending challan/UPI codes, failures", () => {
    expect(responseCodeVerdict("E000").verdict).toBe("paid");
    expect(responseCodeVerdict("E006").verdict).toBe("paid");
    for (const code of ["E00327", "E00328", "E00329", "E00331"]) expect(responseCodeVerdict(code).verdict).toBe("pending");
    for (const code of ["E0802", "E0803", "E0815", "E00335", "E00325", "E005"]) expect(responseCodeVerdict(code).verdict).toBe("failed");
    expect(responseCodeVerdict(undefined).verdict).toBe("unknown");
  });

  it("reads EazyPGVerify answers", () => {
    const answer = parseVerifyAnswer("status=Success&ezpaytranid=2306301234567&amount=1500.00&trandate=30-06-2023 14:24:34&pgreferenceno=K7M2Q9XA4TRB&sdt=&BA=&PF=0.00&TAX=0.00&PaymentMode=NET_BANKING");
    expect(answer.status).toBe("Success");
    expect(answer.pgreferenceno).toBe("K7M2Q9XA4TRB");
    expect(parseVerifyAnswer("<html>error</html>")).toEqual({});
    expect(verifyStatusVerdict("Success")).toBe("paid");
    expect(verifyStatusVerdict("SIP")).toBe("paid");
    expect(verifyStatusVerdict("RIP")).toBe("paid");
    expect(verifyStatusVerdict("FAILED")).toBe("failed");
    expect(verifyStatusVerdict("TIMEOUT")).toBe("failed");
    expect(verifyStatusVerdict("Transaction Expired")).toBe("failed");
    expect(verifyStatusVerdict("Transaction Initiated")).toBe("pending");
    expect(verifyStatusVerdict("NotInitiated")).toBe("unknown");
    expect(verifyStatusVerdict(undefined)).toBe("unknown");
  });
});
