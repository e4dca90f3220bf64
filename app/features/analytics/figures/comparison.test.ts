import { describe, expect, it } from "vitest";
import { comparisonPeriods } from "./comparison";

// 21 Nov 2026, 2:30 PM in India.
const NOW = new Date("2026-11-21T09:00:00.000Z");
const iso = (p: { start: Date; end: Date }) => [p.start.toISOString(), p.end.toISOString()];

describe("the previous period of the same length", () => {
  it("compares today so far with yesterday until the same time", () => {
    const { current, previous } = comparisonPeriods("today", NOW);
    expect(iso(current)).toEqual(["2026-11-20T18:30:00.000Z", "2026-11-21T09:00:00.000Z"]);
    expect(iso(previous)).toEqual(["2026-11-19T18:30:00.000Z", "2026-11-20T09:00:00.000Z"]);
  });

  it("compares yesterday with the whole day before", () => {
    const { current, previous } = comparisonPeriods("yesterday", NOW);
    expect(iso(current)).toEqual(["2026-11-19T18:30:00.000Z", "2026-11-20T18:30:00.000Z"]);
    expect(iso(previous)).toEqual(["2026-11-18T18:30:00.000Z", "2026-11-19T18:30:00.000Z"]);
  });

  it("compares 30 days with the 30 days before, up to the same time of day", () => {
    const { current, previous } = comparisonPeriods("30days", NOW);
    expect(iso(current)).toEqual(["2026-10-22T18:30:00.000Z", "2026-11-21T09:00:00.000Z"]);
    expect(iso(previous)).toEqual(["2026-09-22T18:30:00.000Z", "2026-10-22T09:00:00.000Z"]);
  });

  it("periods never overlap and have equal lengths", () => {
    for (const range of ["today", "yesterday", "7days", "30days", "90days", "year"] as const) {
      const { current, previous } = comparisonPeriods(range, NOW);
      expect(previous.end.getTime()).toBeLessThanOrEqual(current.start.getTime());
      expect(current.end.getTime() - current.start.getTime()).toBe(previous.end.getTime() - previous.start.getTime());
    }
  });
});
