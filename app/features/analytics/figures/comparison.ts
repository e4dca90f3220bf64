/**
 * The period a dashboard range is compared with (decision 008: the change against the previous
 * period of the same length). The current period runs from the range's first midnight (India)
 * to its end or to now, whichever is earlier; the previous period is the same span moved back by
 * the range's length in whole days. So "today" at 2 PM is compared with yesterday until 2 PM,
 * "yesterday" with the whole day before, and "30days" with the 30 days before it up to the same
 * time of day. India keeps one offset all year, so whole days are fixed 24 h steps.
 */
import { rangeBounds, type DateRange } from "./ranges";

export type Period = { start: Date; end: Date };

/** The current and previous periods of `range` at the instant `now` (both [start, end)). */
export function comparisonPeriods(range: DateRange, now: Date): { current: Period; previous: Period } {
  const { start, end } = rangeBounds(range, now);
  const currentEnd = new Date(Math.min(end.getTime(), now.getTime()));
  const shift = end.getTime() - start.getTime();
  return {
    current: { start, end: currentEnd },
    previous: { start: new Date(start.getTime() - shift), end: new Date(currentEnd.getTime() - shift) },
  };
}
