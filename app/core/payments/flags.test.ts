import { describe, expect, it } from "vitest";
import { withFlag } from "./states";

describe("withFlag", () => {
  it("sets the first flag as it is", () => {
    expect(withFlag({ flag: null, flagDetail: null }, { flag: "paid_twice", detail: "Refund one." })).toEqual({ flag: "paid_twice", flagDetail: "Refund one." });
  });

  it("keeps an earlier flag's text and shows the newest kind", () => {
    const first = withFlag({ flag: null, flagDetail: null }, { flag: "bad_signature", detail: "The return's RS did not verify." })!;
    expect(withFlag(first, { flag: "credit", detail: "May was already paid." })).toEqual({ flag: "credit", flagDetail: "The return's RS did not verify.\nMay was already paid." });
  });

  it("changes nothing when the same detail is raised again (a status check repeating itself)", () => {
    const state = { flag: "amount_mismatch", flagDetail: "The gateway reports ₹15 paid; the order is for ₹1,500." };
    expect(withFlag(state, { flag: "amount_mismatch", detail: "The gateway reports ₹15 paid; the order is for ₹1,500." })).toBeNull();
  });

  it("never grows past its cap, keeping the earliest text", () => {
    let state: { flag: string | null; flagDetail: string | null } = { flag: null, flagDetail: null };
    for (let i = 0; i < 100; i++) state = withFlag(state, { flag: "credit", detail: `Detail number ${i} ${"x".repeat(40)}` }) ?? state;
    expect(state.flagDetail!.length).toBeLessThanOrEqual(2000);
    expect(state.flagDetail!.startsWith("Detail number 0 ")).toBe(true);
  });
});
