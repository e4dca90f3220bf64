/**
 * The SPEC §3 Analytics summary: record counts by bot flag and the last 24 hours' visitors.
 * Throws "Database error: {reason}" (SPEC §8) when the database fails.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/sql.server";
import { reasonOf } from "~/lib/errors";

export type AnalyticsSummary = {
  totalRecords: number;
  /** is_bot true. */
  botRecords: number;
  /** is_bot false. */
  humanRecords: number;
  /** is_bot null: not yet checked by bot identification. */
  unprocessedRecords: number;
  /** botRecords / totalRecords × 100, two decimals; 0 when there are no records. */
  botPercentage: number;
  /** Non-bot visits in the 24 hours before `now`: all, new, returning. */
  recentVisitors: { total: number; new: number; returning: number };
};

/** Counts every record once; `now` defaults to the current instant. */
export async function getAnalyticsSummary(db: Database, now: Date = new Date()): Promise<AnalyticsSummary> {
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  try {
    // Record counts by bot flag are kept by triggers (drizzle/0005_analytics_daily_rollups.sql):
    // counting a million records on every dashboard load took most of a second.
    const [row] = await rowsOf<Record<string, number>>(
      db,
      sql`SELECT (c.bots + c.humans + c.unprocessed)::int AS total, c.bots::int AS bots, c.humans::int AS humans, c.unprocessed::int AS unprocessed,
                 recent.total::int AS recent, recent.fresh::int AS recent_new
          FROM analytics_record_counts c,
               (SELECT count(*) AS total, count(*) FILTER (WHERE is_new_visitor) AS fresh FROM visitor_analytics
                WHERE is_bot IS NOT TRUE AND "timestamp" >= ${since}::timestamptz) recent`,
    );
    const n = (key: string) => Number(row?.[key] ?? 0);
    return {
      totalRecords: n("total"),
      botRecords: n("bots"),
      humanRecords: n("humans"),
      unprocessedRecords: n("unprocessed"),
      botPercentage: n("total") === 0 ? 0 : Math.round((n("bots") / n("total")) * 10_000) / 100,
      recentVisitors: { total: n("recent"), new: n("recent_new"), returning: n("recent") - n("recent_new") },
    };
  } catch (error) {
    throw new Error(`Database error: ${reasonOf(error)}`, { cause: error });
  }
}
