import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPublicId, isReference, newPublicId, newReference, paiseFromRupees, rupeesString } from "./identifiers";

describe("references and public ids", () => {
  it("references are 12 unambiguous alphanumerics, fresh each time", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const ref = newReference();
      expect(ref).toMatch(/^[A-Z2-9]{12}$/);
      expect(ref).not.toMatch(/[IO01]/);
      expect(isReference(ref)).toBe(true);
      seen.add(ref);
    }
    expect(seen.size).toBe(2000);
    expect(isReference("ABC")).toBe(false);
    expect(isReference("K7M2Q9XA4TR0")).toBe(false);
    expect(isReference("<script>ab12")).toBe(false);
  });

  it("public ids carry 128 bits in base64url", () => {
    const id = newPublicId();
    expect(id).toHaveLength(22);
    expect(Buffer.from(id, "base64url")).toHaveLength(16);
    expect(isPublicId(id)).toBe(true);
    expect(isPublicId(`${id}x`)).toBe(false);
  });
});

describe("rupee strings", () => {
  it("formats paise with two decimals", () => {
    expect(rupeesString(150000)).toBe("1500.00");
    expect(rupeesString(5)).toBe("0.05");
    expect(rupeesString(123456789)).toBe("1234567.89");
    expect(() => rupeesString(1.5)).toThrow(RangeError);
    expect(() => rupeesString(-1)).toThrow(RangeError);
  });

  it("reads amounts as gateways write them, exactly", () => {
    expect(paiseFromRupees("1500")).toBe(150000);
    expect(paiseFromRupees("1500.0")).toBe(150000);
    expect(paiseFromRupees("1500.00")).toBe(150000);
    expect(paiseFromRupees(" 1,500.50 ")).toBe(150050);
    expect(paiseFromRupees("1500.001")).toBeNull();
    expect(paiseFromRupees("-5")).toBeNull();
    expect(paiseFromRupees("1e3")).toBeNull();
    expect(paiseFromRupees("")).toBeNull();
    expect(paiseFromRupees(undefined)).toBeNull();
  });

  it("round-trips every amount", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (paise) => {
        expect(paiseFromRupees(rupeesString(paise))).toBe(paise);
      }),
    );
  });
});
