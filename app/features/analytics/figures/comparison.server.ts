/**
 * The figures the headline cards are compared with: totals of the previous period of
 * the same length (comparison.ts) and yesterday's peak hour. Reuses the result's own query (the
 * rollups' figures: yesterday's hours too, a closed day, instead of reading its visits raw), so
 * both periods are counted by the same rules. Throws
 * "Database error: {reason}" (SPEC §8).
 */
import type { Database } from "~/db/client.server";
import { inTurnOrTogether } from "~/db/sql.server";
import { addDays, istMidnight, kolkataDate } from "~/lib/dates";
import { fillHours, peakHour } from "./analytics-result.server";
import { comparisonPeriods } from "./comparison";
import { type DateRange } from "./ranges";
import type { DayTotals } from "./raw-visit-queries.server";
import { rangeFigures } from "./rollups.server";

export type PeriodComparison = {
  /** Totals of the previous period: visits, distinct IPs, /apply visits, new and returning visits. */
  previous: DayTotals;
  /** The busiest hour (0-23, India) of the whole of yesterday; null without visits. */
  yesterdayPeakHour: number | null;
  /** The previous period, ISO instants, [start, end). */
  previousStart: string;
  previousEnd: string;
};

/** Totals of [start, end) from the daily rollups (rollups.server.ts), as periodTotals counts them. */
async function rolledUpTotals(db: Database, start: Date, end: Date, now: Date): Promise<DayTotals> {
  const { counts } = await rangeFigures(db, start, end, { now, internalHosts: [], dimensions: ["all"] });
  return {
    totalVisits: counts.total_visits,
    uniqueVisitors: counts.unique_visitors,
    applyPageVisits: counts.apply_page_visits,
    newVisitors: counts.new_visits,
    returningVisitors: counts.total_visits - counts.new_visits,
  };
}

/** Previous-period totals for `range` at `now`. */
export async function getPeriodComparison(db: Database, range: DateRange, now: Date): Promise<PeriodComparison> {
  const { previous } = comparisonPeriods(range, now);
  const today = kolkataDate(now);
  const totals = () => rolledUpTotals(db, previous.start, previous.end, now);
  const yesterday = async () => (await rangeFigures(db, istMidnight(addDays(today, -1)), istMidnight(today), { now, internalHosts: [], dimensions: ["hour"] })).hourly;
  const [prev, hours] = await inTurnOrTogether(db, [totals, yesterday] as const);
  return {
    previous: prev,
    yesterdayPeakHour: peakHour(fillHours(hours), 23),
    previousStart: previous.start.toISOString(),
    previousEnd: previous.end.toISOString(),
  };
}
