import { describe, expect, it } from "vitest";
import { fillDays, fillHours, peakHour } from "./analytics-result.server";
import { pageLabel } from "./page-labels";

describe("Analytics result helpers (SPEC §3, §9)", () => {
  it("fills hours 0-23 with zero", () => {
    const hours = fillHours([{ hour: 9, visitor_count: 4, unique_visitors: 2 }]);
    expect(hours).toHaveLength(24);
    expect(hours[0]).toEqual({ hour: 0, visitor_count: 0, unique_visitors: 0 });
    expect(hours[9]).toEqual({ hour: 9, visitor_count: 4, unique_visitors: 2 });
  });

  it("fills every day of the range", () => {
    const days = fillDays([{ visit_date: "2026-01-02", visitor_count: 3, unique_visitors: 1, new_visitors: 1, apply_page_visits: 0 }], "2026-01-01", "2026-01-03");
    expect(days.map((d) => [d.visit_date, d.visitor_count])).toEqual([["2026-01-01", 0], ["2026-01-02", 3], ["2026-01-03", 0]]);
  });

  it("finds the peak hour among past and current hours only, earliest on a tie", () => {
    const hours = fillHours([
      { hour: 8, visitor_count: 5, unique_visitors: 1 },
      { hour: 10, visitor_count: 5, unique_visitors: 1 },
      { hour: 15, visitor_count: 9, unique_visitors: 1 },
    ]);
    expect(peakHour(hours, 14)).toBe(8);
    expect(peakHour(hours, 15)).toBe(15);
    expect(peakHour(hours, 7)).toBeNull();
  });

  it("labels pages with friendly names", () => {
    expect(pageLabel("/")).toBe("Homepage");
    expect(pageLabel("/apply")).toBe("Apply Now");
    expect(pageLabel("/fee")).toBe("Fee Structure");
    expect(pageLabel("/overview")).toBe("Overview");
    expect(pageLabel("/no-such-page")).toBe("/no-such-page");
  });
});
