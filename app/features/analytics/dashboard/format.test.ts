import { describe, expect, it } from "vitest";
import { formatDay, formatHour, formatNumber, formatPercent, percentChange } from "./format";

describe("dashboard formatting (SPEC §8, §9)", () => {
  it("groups numbers the Indian way", () => {
    expect(formatNumber(123456)).toBe("1,23,456");
    expect(formatNumber(0)).toBe("0");
  });

  it("writes hours 12-hour with AM/PM, and 'Invalid Time' for anything else", () => {
    expect([0, 9, 12, 13, 23].map(formatHour)).toEqual(["12 AM", "9 AM", "12 PM", "1 PM", "11 PM"]);
    expect(formatHour(24)).toBe("Invalid Time");
    expect(formatHour(-1)).toBe("Invalid Time");
    expect(formatHour(1.5)).toBe("Invalid Time");
    expect(formatHour(null)).toBe("Invalid Time");
  });

  it("writes days en-IN short", () => {
    expect(formatDay("2026-12-15")).toBe("15 Dec 2026");
    expect(formatDay("not a day")).toBe("Invalid Time");
  });

  it("measures the change against the previous period in whole percent", () => {
    expect(percentChange(110, 100)).toEqual({ direction: "up", text: "+10%" });
    expect(percentChange(90, 100)).toEqual({ direction: "down", text: "−10%" });
    expect(percentChange(1001, 1000)).toEqual({ direction: "same", text: "0%" });
    expect(percentChange(5, 0)).toEqual({ direction: "new", text: "New" });
    expect(percentChange(0, 0)).toEqual({ direction: "same", text: "0%" });
    expect(percentChange(0, 7)).toEqual({ direction: "down", text: "−100%" });
  });

  it("writes shares with up to two decimals", () => {
    expect(formatPercent(3.456)).toBe("3.46%");
    expect(formatPercent(0)).toBe("0%");
  });
});
