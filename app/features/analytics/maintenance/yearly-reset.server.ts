/**
 * The yearly reset (SPEC §4, §7, §8, §9): once a year, visits from before 1 January (in India)
 * are summed by month into analytics_aggregated and deleted, and the reset date is saved in
 * settings (key last_analytics_reset) — all in one transaction, so a failure leaves everything
 * as it was. Runs at server start and daily (scheduled-jobs.server.ts); running it twice is harmless.
 */
import { asc, eq, inArray, lt, min, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/sql.server";
import { analyticsAggregated, visitorAnalytics } from "~/db/schema/analytics";
import { settings } from "~/db/schema/settings";
import { istMidnight, kolkataDate } from "~/lib/dates";
import { messageOf, reasonOf } from "~/lib/errors";

export const RESET_SETTING_KEY = "last_analytics_reset";

export type MonthlyAggregate = {
  period: string;
  totalVisits: number;
  uniqueVisitors: number;
  applyPageVisits: number;
  countries: Record<string, number>;
  browsers: Record<string, number>;
  devices: Record<string, number>;
  referrers: Record<string, number>;
  pages: Record<string, number>;
};

export type ResetOutcome =
  | { reset: false; reason: "already-reset-this-year" | "no-old-data" }
  | { reset: true; archivedRows: number; periods: string[]; resetDate: string };

/** The year in India of an instant, e.g. 2026. */
function kolkataYear(instant: Date): number {
  return Number(kolkataDate(instant).slice(0, 4));
}

/**
 * Whether a reset is due at `now`: the stored reset date is in an earlier year, or none is
 * stored and the oldest record is from an earlier year. An empty table is not an error.
 * Throws "Failed to fetch analytics reset settings" or "Failed to check oldest analytics data".
 */
export async function isResetDue(db: Database, now: Date): Promise<{ due: boolean; reason?: "already-reset-this-year" | "no-old-data" }> {
  const year = kolkataYear(now);
  let stored: { value: string }[];
  try {
    stored = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, RESET_SETTING_KEY));
  } catch (error) {
    throw new Error("Failed to fetch analytics reset settings", { cause: error });
  }
  const last = stored[0]?.value;
  if (last && /^\d{4}/.test(last)) {
    return Number(last.slice(0, 4)) < year ? { due: true } : { due: false, reason: "already-reset-this-year" };
  }
  let oldest: Date | null;
  try {
    const [row] = await db.select({ oldest: min(visitorAnalytics.timestamp) }).from(visitorAnalytics);
    oldest = row?.oldest ?? null;
  } catch (error) {
    throw new Error("Failed to check oldest analytics data", { cause: error });
  }
  if (!oldest) return { due: false, reason: "no-old-data" };
  return kolkataYear(oldest) < year ? { due: true } : { due: false, reason: "no-old-data" };
}

const DIMENSIONS = {
  countries: sql`coalesce(country, 'Unknown')`,
  browsers: sql`coalesce(browser, 'Unknown')`,
  devices: sql`coalesce(device_type, 'Unknown')`,
  referrers: sql`CASE WHEN coalesce(referrer, '') = '' THEN 'Direct' ELSE coalesce(analytics_referrer_host(referrer), 'Unknown Source') END`,
  pages: sql`page_visited`,
} as const;

/** Monthly aggregates (India) of non-bot visits before `cutoff`, oldest month first. */
export async function aggregateBefore(db: Database, cutoff: Date): Promise<MonthlyAggregate[]> {
  const before = sql`"timestamp" < ${cutoff.toISOString()}::timestamptz AND is_bot IS NOT TRUE`;
  const month = sql`to_char("timestamp" AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM')`;
  const totals = await rowsOf<{ period: string; total: number; uniq: number; apply: number }>(
    db,
    sql`SELECT ${month} AS period, count(*)::int AS total, count(DISTINCT visitor_ip)::int AS uniq,
               count(*) FILTER (WHERE is_apply_page)::int AS apply
        FROM visitor_analytics WHERE ${before} GROUP BY 1 ORDER BY 1`,
  );
  const months = new Map<string, MonthlyAggregate>(
    totals.map((t) => [
      t.period,
      { period: t.period, totalVisits: Number(t.total), uniqueVisitors: Number(t.uniq), applyPageVisits: Number(t.apply), countries: {}, browsers: {}, devices: {}, referrers: {}, pages: {} },
    ]),
  );
  for (const [key, expression] of Object.entries(DIMENSIONS) as [keyof typeof DIMENSIONS, (typeof DIMENSIONS)[keyof typeof DIMENSIONS]][]) {
    const rows = await rowsOf<{ period: string; name: string; n: number }>(
      db,
      sql`SELECT ${month} AS period, ${expression} AS name, count(*)::int AS n FROM visitor_analytics WHERE ${before} GROUP BY 1, 2`,
    );
    for (const r of rows) {
      const m = months.get(r.period);
      if (m) m[key][r.name] = Number(r.n);
    }
  }
  return [...months.values()];
}

function mergeCounts(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
  return out;
}

/**
 * Archives every visit before `cutoff` in one transaction and saves `resetDate` (yyyy-mm-dd).
 * A month already archived is added to (its unique visitors become the sum, an upper bound).
 * Throws "Error during archiving: {reason}", the reason being the step's SPEC §8 message
 * (Failed to fetch old analytics data / to store aggregated analytics data / to delete old
 * analytics data / to check settings record / to update reset date); nothing is changed then.
 */
export async function archiveBefore(db: Database, cutoff: Date, resetDate: string): Promise<{ archivedRows: number; periods: string[] }> {
  const step = async <T>(message: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new Error(message, { cause: error });
    }
  };
  try {
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const aggregates = await step("Failed to fetch old analytics data", () => aggregateBefore(tx, cutoff));
      await step("Failed to store aggregated analytics data", async () => {
        if (aggregates.length === 0) return;
        const existing = await tx.select().from(analyticsAggregated).where(inArray(analyticsAggregated.period, aggregates.map((a) => a.period)));
        const byPeriod = new Map(existing.map((e) => [e.period, e]));
        for (const a of aggregates) {
          const old = byPeriod.get(a.period);
          if (!old) {
            await tx.insert(analyticsAggregated).values(a);
            continue;
          }
          await tx
            .update(analyticsAggregated)
            .set({
              totalVisits: old.totalVisits + a.totalVisits,
              uniqueVisitors: old.uniqueVisitors + a.uniqueVisitors,
              applyPageVisits: old.applyPageVisits + a.applyPageVisits,
              countries: mergeCounts(old.countries, a.countries),
              browsers: mergeCounts(old.browsers, a.browsers),
              devices: mergeCounts(old.devices, a.devices),
              referrers: mergeCounts(old.referrers, a.referrers),
              pages: mergeCounts(old.pages, a.pages),
            })
            .where(eq(analyticsAggregated.id, old.id));
        }
      });
      const deleted = await step("Failed to delete old analytics data", async () => {
        const rows = await tx.delete(visitorAnalytics).where(lt(visitorAnalytics.timestamp, cutoff)).returning({ id: visitorAnalytics.id });
        return rows.length;
      });
      const current = await step("Failed to check settings record", () => tx.select({ id: settings.id }).from(settings).where(eq(settings.key, RESET_SETTING_KEY)));
      await step("Failed to update reset date", async () => {
        if (current.length > 0) await tx.update(settings).set({ value: resetDate, updatedAt: new Date() }).where(eq(settings.key, RESET_SETTING_KEY));
        else await tx.insert(settings).values({ key: RESET_SETTING_KEY, value: resetDate });
      });
      return { archivedRows: deleted, periods: aggregates.map((a) => a.period) };
    });
  } catch (error) {
    // The step's own message is the reason; a failed COMMIT has only the driver's.
    const reason = /^Failed to /.test(messageOf(error)) ? messageOf(error) : reasonOf(error);
    throw new Error(`Error during archiving: ${reason}`, { cause: error });
  }
}

/**
 * Checks and, when due, runs the yearly reset at `now` (SPEC §4). Throws "Error checking for
 * reset: {reason}" when the check fails, or archiveBefore's "Error during archiving: …".
 */
export async function runYearlyReset(db: Database, now: Date = new Date()): Promise<ResetOutcome> {
  let due: Awaited<ReturnType<typeof isResetDue>>;
  try {
    due = await isResetDue(db, now);
  } catch (error) {
    throw new Error(`Error checking for reset: ${(error as Error).message}`, { cause: error });
  }
  if (!due.due) return { reset: false, reason: due.reason ?? "no-old-data" };
  const year = kolkataYear(now);
  const resetDate = kolkataDate(now);
  const { archivedRows, periods } = await archiveBefore(db, istMidnight(`${year}-01-01`), resetDate);
  return { reset: true, archivedRows, periods, resetDate };
}

/** Monthly aggregates for the dashboard, oldest first. Throws "Failed to fetch historical analytics data". */
export async function getHistoricalAggregates(db: Database): Promise<MonthlyAggregate[]> {
  try {
    const rows = await db.select().from(analyticsAggregated).orderBy(asc(analyticsAggregated.period));
    return rows.map(({ period, totalVisits, uniqueVisitors, applyPageVisits, countries, browsers, devices, referrers, pages }) => ({
      period, totalVisits, uniqueVisitors, applyPageVisits, countries, browsers, devices, referrers, pages,
    }));
  } catch (error) {
    throw new Error("Failed to fetch historical analytics data", { cause: error });
  }
}

/**
 * The date of the last yearly reset (settings key last_analytics_reset, "yyyy-mm-dd"), or null
 * when none has run. Throws "Failed to fetch analytics reset settings" (SPEC §8).
 */
export async function getLastResetDate(db: Database): Promise<string | null> {
  try {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, RESET_SETTING_KEY));
    return row?.value ?? null;
  } catch (error) {
    throw new Error("Failed to fetch analytics reset settings", { cause: error });
  }
}
