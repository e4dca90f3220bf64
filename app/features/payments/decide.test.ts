import { describe, expect, it } from "vitest";
import { decide } from "./decide";
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

  it("a success for another amount or merchant is flagged, not paid; amounts compare exactly", () => {
    const wrong = decide(order, status({ amountPaise: 149_999 }), null);
    expect(wrong).toMatchObject({ verdict: "pending", flag: { flag: "amount_mismatch" } });
    expect(decide(order, status({ amountPaise: null }), null).verdict).toBe("pending");
    const merchant = decide(order, word({ needsConfirmation: true, mismatch: { flag: "merchant_mismatch", detail: "other" } }), status({}));
    expect(merchant).toMatchObject({ verdict: "pending", flag: { flag: "merchant_mismatch" } });
    expect(decide(order, word({ verdict: "failed", mismatch: { flag: "merchant_mismatch", detail: "other" } }), null).verdict).toBe("unknown");
  });

  it("signed pending and failure words are taken as they are", () => {
    expect(decide(order, word({ verdict: "pending" }), null).verdict).toBe("pending");
    expect(decide(order, word({ verdict: "failed" }), null).verdict).toBe("failed");
  });
});
