import { describe, expect, it } from "vitest";
import { decimalRupees, formatRupees, formatRupeesExact } from "./money";

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

describe("formatRupeesExact", () => {
  it("always shows paise, and a true minus for a negative amount", () => {
    expect(formatRupeesExact(1_23_450_00)).toBe("₹1,23,450.00");
    expect(formatRupeesExact(99_99_99_999_99)).toBe("₹99,99,99,999.99");
    expect(formatRupeesExact(-640_00)).toBe("−₹640.00");
    expect(() => formatRupeesExact(0.5)).toThrow(RangeError);
  });
});

describe("decimalRupees", () => {
  it("writes rupees with two decimals from whole paise, negatives too", () => {
    expect(decimalRupees(150000)).toBe("1500.00");
    expect(decimalRupees(5)).toBe("0.05");
    expect(decimalRupees(0)).toBe("0.00");
    expect(decimalRupees(-12_50)).toBe("-12.50");
    expect(decimalRupees(-5)).toBe("-0.05");
    expect(decimalRupees(123456789)).toBe("1234567.89");
    expect(() => decimalRupees(1.5)).toThrow(RangeError);
  });

  it("prints a sum of paise exactly where adding rupee floats would not (0.1 + 0.2 ≠ 0.3)", () => {
    expect(0.1 + 0.1 + 0.1).not.toBe(0.3);
    expect(decimalRupees(10 + 10 + 10)).toBe("0.30");
  });
});
