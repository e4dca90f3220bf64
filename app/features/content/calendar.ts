/** The school calendar of content/calendar.ts, as the home page shows it (dates in India). */
import { calendar, categoryLabels, type CalendarItem } from "#content/calendar";
import { dateBadge, formatDateRange, kolkataDate } from "~/lib/dates";

/**
 * The next `limit` items that have not finished by `now` (judged by the date in India), in
 * start order. Multi-day items stay listed until their last day has passed.
 */
export function upcomingCalendarItems(now: Date, limit = 6, items: readonly CalendarItem[] = calendar): CalendarItem[] {
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
export function toCalendarEntry(item: CalendarItem): CalendarEntry {
  return { ...item, dateLabel: formatDateRange(item.start, item.end), badge: dateBadge(item.start), categoryLabel: categoryLabels[item.category] };
}
