import { describe, expect, it } from "vitest";
import { formatRupees } from "./money";

describe("formatRupees", () => {
  it("shows whole rupees with Indian grouping and the ₹ sign", () => {
    expect(formatRupees(0)).toBe("₹0");
    expect(formatRupees(500_00)).toBe("₹500");
    expect(formatRupees(15_000_00)).toBe("₹15,000");
    expect(formatRupees(1_50_000_00)).toBe("₹1,50,000");
    expect(formatRupees(1_23_45_678_00)).toBe("₹1,23,45,678");
  });

  it("shows paise when there are any", () => {
    expect(formatRupees(15_000_50)).toBe("₹15,000.50");
    expect(formatRupees(1)).toBe("₹0.01");
  });

  it("refuses fractions of a paisa", () => {
    expect(() => formatRupees(1.5)).toThrow(RangeError);
    expect(() => formatRupees(Number.NaN)).toThrow(RangeError);
  });
});
