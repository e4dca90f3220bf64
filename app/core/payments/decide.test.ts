import { describe, expect, it } from "vitest";
import { decide } from "./states";
import type { GatewayWord } from "./gateway";

const order = { amountPaise: 150_000 };
const word = (over: Partial<GatewayWord>): GatewayWord => ({
  provider: "icici_eazypay",
  kind: "return",
  reference: "K7M2Q9XA4TRB",
  verified: true,
  verdict: "paid",
  amountPaise: 150_000,
  eventKey: "k",
  payload: {},
  detail: "",
  ...over,
});
const status = (over: Partial<GatewayWord>) => word({ kind: "status_check", verified: null, eventKey: null, ...over });

describe("decide", () => {
  it("a browser-carried success is paid only once the status API confirms it", () => {
    const claim = word({ needsConfirmation: true });
    expect(decide(order, claim, null).verdict).toBe("pending");
    expect(decide(order, claim, "unreachable").verdict).toBe("pending");
    expect(decide(order, claim, status({ verdict: "unknown" })).verdict).toBe("pending");
    expect(decide(order, claim, status({ verdict: "failed" })).verdict).toBe("pending");
    expect(decide(order, claim, status({ verdict: "paid" })).verdict).toBe("paid");
  });

  it("an unverified message is never trusted; for a return the status API decides", () => {
    expect(decide(order, word({ verified: false, kind: "webhook" }), null)).toMatchObject({ verdict: "unknown", outcome: "rejected" });
    expect(decide(order, word({ verified: false, needsConfirmation: true }), null).verdict).toBe("unknown");
    expect(decide(order, word({ verified: false }), status({ verdict: "paid" })).verdict).toBe("paid");
    expect(decide(order, word({ verified: false }), status({ verdict: "unknown" })).verdict).toBe("unknown");
    expect(decide(order, word({ verified: false, verdict: "failed" }), status({ verdict: "unknown" })).verdict).toBe("failed");
  });

  it("a success for another amount or merchant is flagged and held, not paid; amounts compare exactly", () => {
    const wrong = decide(order, status({ amountPaise: 149_999 }), null);
    expect(wrong).toMatchObject({ verdict: "held", flags: [{ flag: "amount_mismatch", detail: "The gateway reports ₹1,499.99 paid; the order is for ₹1,500." }] });
    expect(decide(order, status({ amountPaise: null }), null).verdict).toBe("pending");
    const merchant = decide(order, word({ needsConfirmation: true, mismatch: { flag: "merchant_mismatch", detail: "other" } }), status({}));
    expect(merchant).toMatchObject({ verdict: "held", flags: [{ flag: "merchant_mismatch" }] });
    // Unconfirmed, a claim for another merchant waits as pending (flagged) until the status API answers.
    expect(decide(order, word({ needsConfirmation: true, mismatch: { flag: "merchant_mismatch", detail: "other" } }), "unreachable")).toMatchObject({ verdict: "pending", flags: [{ flag: "merchant_mismatch" }] });
    expect(decide(order, word({ verdict: "failed", mismatch: { flag: "merchant_mismatch", detail: "other" } }), null).verdict).toBe("unknown");
  });

  it("a return whose signature failed but whose payment the status API confirms is settled and flagged bad_signature", () => {
    const forged = word({ verified: false, needsConfirmation: true, signatureName: "RS (SHA-512)" });
    const paid = decide(order, forged, status({ verdict: "paid" }));
    expect(paid).toMatchObject({ verdict: "paid", outcome: "rejected", flags: [{ flag: "bad_signature" }] });
    expect(paid.flags[0]!.detail).toContain("reference K7M2Q9XA4TRB");
    expect(paid.flags[0]!.detail).toContain("RS (SHA-512) did not verify");
    // Held and flagged twice when the confirmed payment is for another amount.
    expect(decide(order, forged, status({ verdict: "paid", amountPaise: 100 })).flags.map((f) => f.flag)).toEqual(["amount_mismatch", "bad_signature"]);
    // Nothing to flag when the bank has no payment, or when an unsigned return only said it failed.
    expect(decide(order, forged, status({ verdict: "unknown" })).flags).toEqual([]);
    expect(decide(order, word({ verified: false, verdict: "failed" }), status({ verdict: "failed" })).flags).toEqual([]);
  });

  it("signed pending and failure words are taken as they are", () => {
    expect(decide(order, word({ verdict: "pending" }), null).verdict).toBe("pending");
    expect(decide(order, word({ verdict: "failed" }), null).verdict).toBe("failed");
  });
});
