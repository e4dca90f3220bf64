import { describe, expect, it } from "vitest";
import { messageKey, redact } from "./payload";

describe("redact", () => {
  it("removes fields named like secrets at any depth and keeps the rest", () => {
    const out = redact({ key_secret: "s", nested: { webhook_secret: "w", password: "p", amount: 100, list: [{ token: "t", id: "x" }] }, RS: "abc", ID: "136082" });
    expect(out).toEqual({ key_secret: "[removed]", nested: { webhook_secret: "[removed]", password: "[removed]", amount: 100, list: [{ token: "[removed]", id: "x" }] }, RS: "abc", ID: "136082" });
  });

  it("drops NUL characters, which PostgreSQL's jsonb refuses", () => {
    expect(redact({ "a\u0000b": "x\u0000y" })).toEqual({ ab: "xy" });
  });

  it("cuts very long strings", () => {
    expect(String(redact("x".repeat(10_000))).length).toBeLessThan(4100);
  });
});

describe("messageKey", () => {
  it("is the same for the same fields in any order, and differs when one value changes", () => {
    const a = messageKey("mock", "return", { a: "1", b: "2" });
    expect(messageKey("mock", "return", { b: "2", a: "1" })).toBe(a);
    expect(messageKey("mock", "return", { a: "1", b: "3" })).not.toBe(a);
    expect(messageKey("razorpay", "return", { a: "1", b: "2" })).not.toBe(a);
    expect(a).toMatch(/^mock:return:[0-9a-f]{64}$/);
  });
});
