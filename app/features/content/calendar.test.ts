/** The school calendar: what is upcoming from a day in India, and the files' calendar as the database's first copy. */
import { describe, expect, it } from "vitest";
import { calendarSeed } from "#content/seed/calendar";
import { formatDateRange } from "~/lib/dates";
import { calendarSeedItems, toCalendarEntry, upcomingCalendarItems } from "./calendar";
import { calendarFieldsSchema } from "./items";

describe("school calendar", () => {
  const items = [
    { start: "2026-12-01", end: "2026-12-10", title: "Pre-boards" },
    { start: "2026-11-21", title: "Yesterday" },
    { start: "2026-11-22", title: "Today" },
    { start: "2027-01-26", title: "Republic Day" },
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

  it("shows an entry with its date range, day badge and category label", () => {
    expect(toCalendarEntry({ title: "Pre-boards", start: "2026-12-01", end: "2026-12-10", category: "exam", tentative: true })).toEqual({
      title: "Pre-boards",
      start: "2026-12-01",
      end: "2026-12-10",
      category: "exam",
      tentative: true,
      dateLabel: formatDateRange("2026-12-01", "2026-12-10"),
      badge: { day: "1", month: "Dec" },
      categoryLabel: "Examination",
    });
  });

  it("copies the files' calendar, well-formed and in date order, with one address per entry", () => {
    const seeds = calendarSeedItems();
    expect(seeds).toHaveLength(calendarSeed.length);
    for (const seed of seeds) expect(calendarFieldsSchema.safeParse(seed.fields).error, seed.slug).toBeUndefined();
    expect(new Set(seeds.map((s) => s.slug)).size).toBe(seeds.length);
    expect(seeds[0]).toMatchObject({ kind: "calendar", slug: "2026-04-01-new-session-begins-for-classes-1-to-xii", fields: { title: "New session begins for Classes 1 to XII", tentative: false } });
    expect(calendarSeed.map((i) => i.start)).toEqual(calendarSeed.map((i) => i.start).toSorted());
  });
});
