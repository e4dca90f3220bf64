/**
 * A local stand-in for ICICI Bank Eazypay (PAYMENTS.md §A), written from the protocol
 * description and independently of the app's code: it decrypts the EazyPG request URL, checks it
 * as Eazypay does (merchant, reference equal in the mandatory fields and `Reference No`, amount
 * equal, numeric sub-merchant id, paymode 9, registered return URL, a Referer from the registered
 * site, and a reference never sent before: a second request with one, answered or not, is
 * refused with E00325), shows a hosted page, and POSTs a response signed with the SHA-512 `RS` to
 * the return URL. `EazyPGVerify` answers from its own ledger. Started by the tests; never part of
 * the app build.
 */
import { createCipheriv, createDecipheriv, createHash, randomInt } from "node:crypto";
import { autoPostPage, escapeHtml, formFields, listen, send } from "./http";

export type EazypayFakeOptions = {
  port: number;
  merchantId: string;
  aesKey: string;
  /** The return URL registered for the merchant (E005 when the request names another). */
  returnUrl: string;
};

/** What the bank knows about one reference: the EazyPGVerify status and the payment's facts. */
export type BankRecord = { status: string; urn: string; amount: string; mode: string; date: string; subMerchantId: string };

const RS_ORDER = ["ID", "Response Code", "Unique Ref Number", "Service Tax Amount", "Processing Fee Amount", "Total Amount", "Transaction Amount", "Transaction Date", "Interchange Value", "TDR", "Payment Mode", "SubMerchantId", "ReferenceNo", "TPS"];

export function encrypt(plain: string, key: string): string {
  const c = createCipheriv("aes-128-ecb", Buffer.from(key), null);
  return Buffer.concat([c.update(plain, "utf8"), c.final()]).toString("base64");
}

function decrypt(b64: string, key: string): string {
  const d = createDecipheriv("aes-128-ecb", Buffer.from(key), null);
  return Buffer.concat([d.update(Buffer.from(b64, "base64")), d.final()]).toString("utf8");
}

/** The response fields Eazypay posts for an outcome, with RS = SHA-512 over RS_ORDER and the key. */
export function eazypayResponse(
  input: { merchantId: string; aesKey: string; reference: string; code: string; amount: string; subMerchantId?: string; urn?: string; mode?: string; date?: string },
  options: { rs?: "good" | "bad" } = {},
): Record<string, string> {
  const failed = input.code !== "E000" && input.code !== "E006";
  const fields: Record<string, string> = {
    "Response Code": input.code,
    "Unique Ref Number": input.urn ?? String(randomInt(1e12, 9e12)),
    "Service Tax Amount": failed ? "" : "0.00",
    "Processing Fee Amount": failed ? "" : "0.00",
    "Total Amount": failed ? "" : input.amount,
    "Transaction Amount": input.amount,
    "Transaction Date": input.date ?? "30-06-2026 14:24:34",
    "Interchange Value": "",
    TDR: "",
    "Payment Mode": input.mode ?? "NET_BANKING",
    SubMerchantId: input.subMerchantId ?? "45",
    ReferenceNo: input.reference,
    ID: input.merchantId,
    TPS: failed ? "N" : "Y",
    "mandatory fields": `${input.reference}|${input.subMerchantId ?? "45"}|${input.amount}`,
    "optional fields": "",
    RSV: "",
  };
  const rs = createHash("sha512").update([...RS_ORDER.map((k) => fields[k] ?? ""), input.aesKey].join("|")).digest("hex");
  fields.RS = options.rs === "bad" ? rs.replace(/^./, (c) => (c === "a" ? "b" : "a")) : rs;
  return fields;
}

/** Query parameters as Eazypay reads them: percent-decoded, `+` kept (raw Base64 survives). */
function rawParams(search: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of search.replace(/^\?/, "").split("&")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    out.set(decodeURIComponent(part.slice(0, at)), decodeURIComponent(part.slice(at + 1)));
  }
  return out;
}

const OUTCOMES: Record<string, { code: string; label: string; status: string }> = {
  pay: { code: "E000", label: "Pay", status: "Success" },
  fail: { code: "E0815", label: "Fail (insufficient funds)", status: "FAILED" },
  challan: { code: "E00329", label: "Pay by NEFT challan (pending)", status: "Transaction Initiated" },
};

export async function startEazypayFake(options: EazypayFakeOptions) {
  const bank = new Map<string, BankRecord>();
  const requests: { reference: string; params: Record<string, string>; referer: string | null }[] = [];
  /** Answers EazyPGVerify with an HTTP error while true (the status API is down). */
  let verifyDown = false;

  const listening = await listen(options.port, (req, res, url, body) => {
    if (req.method === "GET" && url.pathname === "/EazyPG") {
      const p = rawParams(url.search);
      const error = (code: string, why: string) => send(res, 200, "text/html", `<!doctype html><title>Eazypay error</title><h1>Error ${code}</h1><p>${escapeHtml(why)}</p>`);
      if (p.get("merchantid") !== options.merchantId) return error("E002", "Unknown merchant id");
      let plain: Record<string, string>;
      try {
        plain = Object.fromEntries(["mandatory fields", "returnurl", "Reference No", "submerchantid", "transaction amount", "paymode"].map((k) => [k, decrypt(p.get(k) ?? "", options.aesKey)]));
        const optional = p.get("optional fields");
        plain["optional fields"] = optional ? decrypt(optional, options.aesKey) : "";
      } catch {
        return error("E003", "A parameter could not be decrypted");
      }
      const mandatory = plain["mandatory fields"]!.split("|");
      const reference = plain["Reference No"]!;
      if (plain.returnurl !== options.returnUrl) return error("E005", `Return URL ${plain.returnurl} is not registered`);
      const referer = req.headers.referer ?? null;
      if (!referer || new URL(referer).origin !== new URL(options.returnUrl).origin) return error("E00333", "Referer is not the registered site");
      if (!mandatory.includes(reference)) return error("E00334", "Reference No differs from the mandatory fields");
      if (!mandatory.includes(plain["transaction amount"]!)) return error("E00330", "Transaction amount differs from the mandatory fields");
      if (!/^\d+$/.test(plain.submerchantid!)) return error("E00326", "Sub-merchant id is not numeric");
      if (plain.paymode !== "9") return error("E0031", "Unknown paymode");
      if (!/^\d{1,9}\.\d{2}$/.test(plain["transaction amount"]!)) return error("E0032", "Malformed amount");
      // A reference is good for one request only, answered or not (PAYMENTS.md §A: new for every attempt).
      if (bank.has(reference) || requests.some((r) => r.reference === reference)) return error("E00325", "Duplicate reference number");
      requests.push({ reference, params: { ...plain, used: "0" }, referer });
      const buttons = Object.entries(OUTCOMES)
        .map(([key, o]) => `<button name="outcome" value="${key}">${escapeHtml(o.label)}</button>`)
        .join(" ");
      return send(
        res,
        200,
        "text/html",
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Eazypay (test double)</title></head><body>
<h1>ICICI Eazypay test double</h1><p>Merchant ${escapeHtml(options.merchantId)}, reference <strong data-testid="reference">${escapeHtml(reference)}</strong>,
amount ₹<strong data-testid="amount">${escapeHtml(plain["transaction amount"]!)}</strong></p>
<form method="post" action="/EazyPG/decide"><input type="hidden" name="reference" value="${escapeHtml(reference)}">${buttons}
<button name="outcome" value="pay-no-return">Pay, but lose the return</button></form></body></html>`,
      );
    }
    if (req.method === "POST" && url.pathname === "/EazyPG/decide") {
      const { reference = "", outcome = "" } = formFields(body);
      const request = requests.find((r) => r.reference === reference && r.params.used === "0");
      if (!request) return send(res, 400, "text/plain", "Unknown or used reference");
      request.params.used = "1";
      const dropReturn = outcome === "pay-no-return";
      const chosen = OUTCOMES[dropReturn ? "pay" : outcome];
      if (!chosen) return send(res, 400, "text/plain", "Unknown outcome");
      const amount = request.params["transaction amount"]!;
      const fields = eazypayResponse({ merchantId: options.merchantId, aesKey: options.aesKey, reference, code: chosen.code, amount, subMerchantId: request.params.submerchantid });
      bank.set(reference, { status: chosen.status, urn: fields["Unique Ref Number"]!, amount, mode: fields["Payment Mode"]!, date: fields["Transaction Date"]!, subMerchantId: request.params.submerchantid! });
      if (dropReturn) return send(res, 200, "text/html", `<!doctype html><title>Paid</title><h1>Payment received by the bank</h1><p>The return to the merchant was lost.</p>`);
      return send(res, 200, "text/html", autoPostPage("Returning to the merchant", request.params.returnurl!, Object.entries(fields)));
    }
    if (req.method === "GET" && url.pathname === "/EazyPGVerify") {
      if (verifyDown) return send(res, 503, "text/plain", "Service unavailable");
      if (url.searchParams.get("merchantid") !== options.merchantId) return send(res, 200, "text/plain", "status=Invalid merchant");
      const reference = url.searchParams.get("pgreferenceno") ?? "";
      const record = bank.get(reference);
      if (!record) return send(res, 200, "text/plain", `status=NotInitiated&pgreferenceno=${reference}`);
      // Query-string text with raw values, as the public integrations show it.
      const answer = { status: record.status, ezpaytranid: record.urn, amount: record.amount, trandate: record.date, pgreferenceno: reference, sdt: "", BA: "", PF: "0.00", TAX: "0.00", PaymentMode: record.mode };
      return send(res, 200, "text/plain", Object.entries(answer).map(([k, v]) => `${k}=${v}`).join("&"));
    }
    send(res, 404, "text/plain", "Not found");
  });

  return {
    origin: listening.origin,
    close: listening.close,
    bank,
    requests,
    /** Sets what EazyPGVerify says about a reference (e.g. a challan paid later: "Success"). */
    settle(reference: string, record: Partial<BankRecord> & { status: string }) {
      const current = bank.get(reference);
      bank.set(reference, { urn: String(randomInt(1e12, 9e12)), amount: "0.00", mode: "NEFT", date: "01-07-2026 10:00:00", subMerchantId: "45", ...current, ...record });
    },
    setVerifyDown(down: boolean) {
      verifyDown = down;
    },
  };
}

export type EazypayFake = Awaited<ReturnType<typeof startEazypayFake>>;
