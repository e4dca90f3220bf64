import { describe, expect, it } from "vitest";
import type { PaymentOrder } from "./orders.server";
import { startRedirect } from "./result-page.server";

const order = { publicId: "o_abc123" } as PaymentOrder;

describe("startRedirect", () => {
  it("sends a new order to its hand-off page and one the bank is confirming to the pending page", () => {
    expect(startRedirect({ kind: "handoff", order, reused: false })).toBe("/pay/o_abc123");
    expect(startRedirect({ kind: "handoff", order, reused: true })).toBe("/pay/o_abc123");
    expect(startRedirect({ kind: "in_progress", order })).toBe("/payment-pending?order=o_abc123");
  });

  it("leaves the other results to the page that started the payment", () => {
    expect(startRedirect({ kind: "already_paid", order })).toBeNull();
    expect(startRedirect({ kind: "nothing_due" })).toBeNull();
    expect(startRedirect({ kind: "unavailable", reason: "The payment gateway cannot be reached right now." })).toBeNull();
  });
});
