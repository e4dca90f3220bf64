/** Current job openings (/openings): those whose closing date has not passed in India. */
import { openings, type Opening } from "#content/openings";
import { formatDisplayDate, kolkataDate } from "~/lib/dates";

export type OpeningView = Opening & { closingLabel: string; postedLabel: string };

/**
 * Openings still open at the instant `now`: an opening closes at the end of its closing date in
 * India (Asia/Kolkata). Sorted by closing date, soonest first.
 */
export function currentOpenings(now: Date, all: readonly Opening[] = openings): OpeningView[] {
  const today = kolkataDate(now);
  return all
    .filter((o) => o.closingDate >= today)
    .toSorted((a, b) => a.closingDate.localeCompare(b.closingDate) || a.role.localeCompare(b.role))
    .map((o) => ({ ...o, closingLabel: formatDisplayDate(o.closingDate), postedLabel: formatDisplayDate(o.posted) }));
}
