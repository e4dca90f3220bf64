/**
 * The school calendar (SPEC §2, home page): the entries still to come from a day in India, with
 * their display strings, and the calendar of content/seed/calendar.ts as items of the database
 * (the first start's copy). The entries are edited in the admin (kind "calendar", items.ts).
 */
import { categoryLabels } from "#content/calendar";
import { calendarSeed } from "#content/seed/calendar";
import { dateBadge, formatDateRange, kolkataDate } from "~/lib/dates";
import { calendarSlug, type CalendarFields } from "./items";

/** What the calendar shows of an entry (its published fields without the schedule). */
export type CalendarItem = Pick<CalendarFields, "title" | "start" | "end" | "category" | "tentative">;

/**
 * The next `limit` items that have not finished by `now` (judged by the date in India), in
 * start order. Multi-day items stay listed until their last day has passed.
 */
export function upcomingCalendarItems<T extends { start: string; end?: string }>(now: Date, limit: number, items: readonly T[]): T[] {
  const today = kolkataDate(now);
  return items
    .filter((item) => (item.end ?? item.start) >= today)
    .toSorted((a, b) => a.start.localeCompare(b.start))
    .slice(0, limit);
}

/** A calendar item with its display strings, ready for the page (plain, serialisable data). */
export type CalendarEntry = CalendarItem & {
  /** "1–10 Dec 2026" */
  dateLabel: string;
  badge: { day: string; month: string };
  categoryLabel: string;
};

/** Adds display strings to an item; throws RangeError if one of its dates is malformed. */
export function toCalendarEntry({ title, start, end, category, tentative }: CalendarItem): CalendarEntry {
  return { title, start, ...(end ? { end } : {}), category, tentative, dateLabel: formatDateRange(start, end), badge: dateBadge(start), categoryLabel: categoryLabels[category] };
}

/** The entries of content/seed/calendar.ts as items of the database (store.server.ts `seedContent`), each addressed by its first day and title. */
export function calendarSeedItems(): { kind: "calendar"; slug: string; fields: Record<string, unknown> }[] {
  return calendarSeed.map((item) => ({ kind: "calendar" as const, slug: calendarSlug(item.start, item.title), fields: { ...item, tentative: item.tentative ?? false } }));
}
