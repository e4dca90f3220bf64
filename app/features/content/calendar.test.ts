import { describe, expect, it } from "vitest";
import { calendar, type CalendarItem } from "#content/calendar";
import { formatDateRange } from "~/lib/dates";
import { upcomingCalendarItems } from "./calendar";

describe("school calendar", () => {
  const items: CalendarItem[] = [
    { start: "2026-12-01", end: "2026-12-10", title: "Pre-boards", category: "exam" },
    { start: "2026-11-21", title: "Yesterday", category: "event" },
    { start: "2026-11-22", title: "Today", category: "event" },
    { start: "2027-01-26", title: "Republic Day", category: "event" },
  ];

  it("judges 'upcoming' by the date in India, not UTC", () => {
    // 19:00 UTC on 21 Nov is 00:30 on 22 Nov in Kolkata.
    const now = new Date("2026-11-21T19:00:00Z");
    expect(upcomingCalendarItems(now, 10, items).map((i) => i.title)).toEqual(["Today", "Pre-boards", "Republic Day"]);
  });

  it("keeps a multi-day item until its last day and respects the limit", () => {
    const now = new Date("2026-12-10T12:00:00+05:30");
    expect(upcomingCalendarItems(now, 1, items).map((i) => i.title)).toEqual(["Pre-boards"]);
    expect(upcomingCalendarItems(new Date("2027-04-01T00:00:00+05:30"), 6, items)).toEqual([]);
  });

  it("has well-formed, ordered dates in the real calendar", () => {
    for (const item of calendar) {
      expect(() => formatDateRange(item.start, item.end)).not.toThrow();
      if (item.end) expect(item.end > item.start, item.title).toBe(true);
    }
    expect(calendar.map((i) => i.start)).toEqual(calendar.map((i) => i.start).toSorted());
  });
});
