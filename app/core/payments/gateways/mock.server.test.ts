import { describe, expect, it } from "vitest";
import { MockGateway } from "./mock.server";

const order = { id: 1, publicId: "p".repeat(22), reference: "MQCKTESTREF2", purpose: "sample" as const, description: "A test", amountPaise: 123_456, payerName: null, payerEmail: null, payerPhone: null, providerOrderId: null, provider: "mock" as const, status: "created" as const };

function open(gateway: MockGateway, reference = order.reference) {
  const url = new URL(gateway.handoff({ ...order, reference }).url, "http://x");
  return gateway.checkout(url.searchParams)!;
}

describe("the test gateway", () => {
  it("opens only a hand-off it signed", () => {
    const gateway = new MockGateway("secret-one-0123456789abcdef0123456789");
    const url = new URL(gateway.handoff(order).url, "http://x");
    expect(gateway.checkout(url.searchParams)).toMatchObject({ reference: order.reference, amountPaise: 123_456, purpose: "sample", state: "new" });
    url.searchParams.set("amount", "100");
    expect(gateway.checkout(url.searchParams)).toBeNull();
    expect(new MockGateway("another-secret-0123456789abcdef012345").checkout(new URL(gateway.handoff(order).url, "http://x").searchParams)).toBeNull();
  });

  it("signs its result; a double click gets the same result, a different answer is refused", () => {
    const gateway = new MockGateway("secret-two-0123456789abcdef0123456789");
    const checkout = open(gateway, "MQCKTESTREF3");
    const first = gateway.decide(checkout, "pay");
    const again = gateway.decide(open(gateway, "MQCKTESTREF3"), "pay");
    expect(again).toEqual(first);
    expect(gateway.decide(open(gateway, "MQCKTESTREF3"), "fail")).toEqual({ refused: "This payment has already been answered." });
    const fields = Object.fromEntries(new URL((first as { returnUrl: string }).returnUrl, "http://x").searchParams);
    expect(gateway.parseReturn(fields)).toMatchObject({ verified: true, verdict: "paid", amountPaise: 123_456, needsConfirmation: true });
    expect(gateway.parseReturn({ ...fields, mock_amount: "1.00" })).toMatchObject({ verified: false });
  });

  it("approves or declines at the bank only a payment left pending", async () => {
    const gateway = new MockGateway("secret-three-0123456789abcdef01234567");
    expect(gateway.decide(open(gateway, "MQCKTESTREF4"), "approve")).toEqual({ refused: "Only a payment left pending can be approved or declined." });
    gateway.decide(open(gateway, "MQCKTESTREF4"), "pending");
    expect((await gateway.checkStatus({ ...order, reference: "MQCKTESTREF4" })).verdict).toBe("pending");
    expect(gateway.decide(open(gateway, "MQCKTESTREF4"), "approve")).toEqual({ returnUrl: null });
    expect((await gateway.checkStatus({ ...order, reference: "MQCKTESTREF4" })).verdict).toBe("paid");
  });
});
