import { describe, expect, it } from "vitest";
import { countsFromRows, dailyFromRows, trafficCategoriesFromRows, trafficDetailsFromRows, type VisitRow } from "./procedure-twins";

const row = (iso: string, over: Partial<VisitRow> = {}): VisitRow => ({
  visitorIp: "1.1.1.1", sessionId: "s", pageVisited: "/", referrer: null, isApplyPage: false, isNewVisitor: true, isBot: false, timestamp: new Date(iso), ...over,
});

describe("TypeScript twins of the procedures", () => {
  it("buckets days in India: 18:29 UTC and 18:30 UTC fall on different days", () => {
    const rows = [row("2026-03-01T18:29:59.999Z"), row("2026-03-01T18:30:00.000Z", { visitorIp: "2.2.2.2", isApplyPage: true, isNewVisitor: false })];
    expect(dailyFromRows(rows, new Date("2026-03-01T00:00:00Z"), new Date("2026-03-03T00:00:00Z"))).toEqual([
      { visit_date: "2026-03-01", visitor_count: 1, unique_visitors: 1, new_visitors: 1, apply_page_visits: 0 },
      { visit_date: "2026-03-02", visitor_count: 1, unique_visitors: 1, new_visitors: 0, apply_page_visits: 1 },
    ]);
  });

  it("leaves bots out and treats the end as exclusive", () => {
    const rows = [row("2026-03-01T10:00:00Z"), row("2026-03-01T11:00:00Z", { isBot: true }), row("2026-03-02T00:00:00Z")];
    expect(countsFromRows(rows, new Date("2026-03-01T00:00:00Z"), new Date("2026-03-02T00:00:00Z"))).toEqual({ total_visits: 1, unique_visitors: 1, apply_page_visits: 0 });
  });

  it("returns all six categories and caps details", () => {
    const asOf = new Date("2026-03-10T00:00:00Z");
    const rows = [row("2026-03-09T00:00:00Z", { referrer: "https://www.google.com/" }), row("2026-03-09T00:00:00Z", { referrer: "https://a.example/" }), row("2026-03-09T00:00:00Z", { referrer: "https://b.example/" })];
    expect(trafficCategoriesFromRows(rows, 2, asOf).map((c) => [c.category, c.visit_count])).toEqual([
      ["Direct", 0], ["Search Engines", 1], ["Social Media", 0], ["Internal", 0], ["Other Websites", 2], ["Development", 0],
    ]);
    expect(trafficDetailsFromRows(rows, 2, 2, asOf).map((d) => d.source)).toEqual(["a.example", "b.example"]);
  });
});
