import { describe, expect, it } from "vitest";
import { kolkataHour } from "~/lib/dates";
import { parseRange, rangeBounds } from "./ranges";

describe("date ranges in India (SPEC §9)", () => {
  // 21 Nov 2026, 00:10 in India is still 20 Nov in UTC.
  const justAfterMidnightIst = new Date("2026-11-20T18:40:00Z");

  it("starts and ends ranges at midnight in India, not UTC", () => {
    const today = rangeBounds("today", justAfterMidnightIst);
    expect(today).toMatchObject({ firstDay: "2026-11-21", lastDay: "2026-11-21", daysBack: 2 });
    expect(today.start.toISOString()).toBe("2026-11-20T18:30:00.000Z");
    expect(today.end.toISOString()).toBe("2026-11-21T18:30:00.000Z");
    expect(rangeBounds("yesterday", justAfterMidnightIst)).toMatchObject({ firstDay: "2026-11-20", lastDay: "2026-11-20", daysBack: 2 });
  });

  it.each([
    ["7days", "2026-11-15", 7],
    ["30days", "2026-10-23", 30],
    ["90days", "2026-08-24", 90],
    ["year", "2025-11-21", 365],
  ] as const)("%s starts on %s with days_back %d", (range, firstDay, daysBack) => {
    const b = rangeBounds(range, justAfterMidnightIst);
    expect(b.firstDay).toBe(firstDay);
    expect(b.lastDay).toBe("2026-11-21");
    expect(b.daysBack).toBe(daysBack);
  });

  it("defaults to 30days for anything unknown", () => {
    expect(parseRange("year")).toBe("year");
    expect(parseRange("forever")).toBe("30days");
    expect(parseRange(null)).toBe("30days");
  });

  it("counts hours in India", () => {
    expect(kolkataHour(justAfterMidnightIst)).toBe(0);
    expect(kolkataHour(new Date("2026-11-20T18:29:59Z"))).toBe(23);
  });
});
