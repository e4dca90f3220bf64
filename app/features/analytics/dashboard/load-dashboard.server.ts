/**
 * Everything the /admin analytics dashboard shows for one range, as independent
 * panels: the Analytics result, the previous-period comparison, the Analytics summary, the
 * archive (last reset date and monthly history), the realtime count and the maintenance jobs.
 * A panel whose query fails carries its SPEC §8 message instead of data and the others still
 * load; nothing here throws.
 */
import type { Database } from "~/db/client.server";
import { inTurnOrTogether } from "~/db/sql.server";
import { pageLabel } from "../figures/page-labels";
import { getAnalyticsResult, type AnalyticsResult } from "../figures/analytics-result.server";
import { getAnalyticsSummary, type AnalyticsSummary } from "../figures/summary.server";
import { getPeriodComparison, type PeriodComparison } from "../figures/comparison.server";
import { JOB_KINDS, type JobKind } from "../maintenance/job-kinds";
import { jobStatus, type JobStatus } from "../maintenance/dashboard-jobs.server";
import type { DateRange } from "../figures/ranges";
import { getRealtimeVisitors, type Realtime } from "../figures/realtime.server";
import { getHistoricalAggregates, getLastResetDate } from "../maintenance/yearly-reset.server";
import { messageOf } from "~/lib/errors";

/** A panel's data, or the message to show in its place. */
export type Panel<T> = { ok: true; data: T } | { ok: false; error: string };

/** One archived month (analytics_aggregated) as the dashboard lists it. */
export type ArchivedMonth = {
  /** "yyyy-mm" */
  period: string;
  totalVisits: number;
  uniqueVisitors: number;
  applyPageVisits: number;
  /** The month's most visited page (friendly label) and country; null when the map is empty. */
  topPage: string | null;
  topCountry: string | null;
};

export type Archive = { lastResetDate: string | null; months: ArchivedMonth[] };

export type AnalyticsDashboard = {
  range: DateRange;
  result: Panel<AnalyticsResult>;
  comparison: Panel<PeriodComparison>;
  summary: Panel<AnalyticsSummary>;
  archive: Panel<Archive>;
  realtime: Panel<Realtime>;
  jobs: Record<JobKind, JobStatus>;
};

export type DashboardOptions = {
  /** The site's own hosts, for the Internal referrer category. */
  internalHosts: readonly string[];
  now?: Date;
};

async function panel<T>(load: () => Promise<T>): Promise<Panel<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (error) {
    const message = messageOf(error);
    console.error(`Dashboard panel failed: ${message}`);
    return { ok: false, error: message };
  }
}

function topKey(counts: Record<string, number>): string | null {
  let best: [string, number] | null = null;
  for (const entry of Object.entries(counts)) if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
  return best?.[0] ?? null;
}

/** The last reset date and the archived months, newest first. */
export async function loadArchive(db: Database): Promise<Archive> {
  const lastResetDate = await getLastResetDate(db);
  const months = (await getHistoricalAggregates(db)).map((m) => {
    const page = topKey(m.pages);
    return {
      period: m.period,
      totalVisits: m.totalVisits,
      uniqueVisitors: m.uniqueVisitors,
      applyPageVisits: m.applyPageVisits,
      topPage: page === null ? null : pageLabel(page),
      topCountry: topKey(m.countries),
    };
  });
  return { lastResetDate, months: months.reverse() };
}

/** Loads every panel for `range`, all computed at the same instant `now` (side by side on PostgreSQL). */
export async function loadAnalyticsDashboard(db: Database, range: DateRange, options: DashboardOptions): Promise<AnalyticsDashboard> {
  const now = options.now ?? new Date();
  const [result, comparison, summary, archive, realtime] = await inTurnOrTogether(db, [
    () => panel(() => getAnalyticsResult(db, range, { internalHosts: options.internalHosts, now })),
    () => panel(() => getPeriodComparison(db, range, now)),
    () => panel(() => getAnalyticsSummary(db, now)),
    () => panel(() => loadArchive(db)),
    () => panel(() => getRealtimeVisitors(db, now)),
  ] as const);
  return {
    range,
    result,
    comparison,
    summary,
    archive,
    realtime,
    jobs: Object.fromEntries(JOB_KINDS.map((kind) => [kind, jobStatus(kind)])) as Record<JobKind, JobStatus>,
  };
}
