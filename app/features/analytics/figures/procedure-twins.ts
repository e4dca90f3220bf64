/**
 * TypeScript twins of the SQL procedures (SPEC §7; DESIGN.md §5): pure computations over raw
 * visitor_analytics rows. They are the SPEC's fallback when a procedure fails (fed with the
 * latest rows up to the SPEC's caps) and the oracle of the property tests, which assert that
 * procedure and twin agree on random visit sets on both drivers. Bots (is_bot true) never count.
 */
import { kolkataDate } from "~/lib/dates";
import type { AnalyticsCounts, DailyVisitorRow, PagePopularityRow, TrafficCategoryRow, TrafficDetailRow } from "./figure-rows";
import { REFERRER_CATEGORIES, referrerCategory, referrerSource, type ReferrerCategory } from "./referrer";

/** The columns the twins read, as Drizzle returns them. */
export type VisitRow = {
  visitorIp: string;
  sessionId: string;
  pageVisited: string;
  referrer: string | null;
  isApplyPage: boolean;
  isNewVisitor: boolean;
  isBot: boolean | null;
  timestamp: Date;
};

const DAY_MS = 86_400_000;

function humansBetween(rows: readonly VisitRow[], start: Date, end: Date): VisitRow[] {
  const from = start.getTime();
  const to = end.getTime();
  return rows.filter((r) => r.isBot !== true && r.timestamp.getTime() >= from && r.timestamp.getTime() < to);
}

function humansSince(rows: readonly VisitRow[], daysBack: number, asOf: Date): VisitRow[] {
  const from = asOf.getTime() - daysBack * DAY_MS;
  return rows.filter((r) => r.isBot !== true && r.timestamp.getTime() >= from);
}

/** Byte order of ASCII strings, as COLLATE "C" sorts them. */
function byCode(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** get_analytics_counts(start, end): visits in [start, end), distinct IPs, /apply visits. */
export function countsFromRows(rows: readonly VisitRow[], start: Date, end: Date): AnalyticsCounts {
  const inRange = humansBetween(rows, start, end);
  return {
    total_visits: inRange.length,
    unique_visitors: new Set(inRange.map((r) => r.visitorIp)).size,
    apply_page_visits: inRange.filter((r) => r.isApplyPage).length,
  };
}

/** get_daily_visitor_data(start, end): one row per day in India with visits, oldest first. */
export function dailyFromRows(rows: readonly VisitRow[], start: Date, end: Date): DailyVisitorRow[] {
  const days = new Map<string, { rows: number; ips: Set<string>; fresh: number; apply: number }>();
  for (const r of humansBetween(rows, start, end)) {
    const day = kolkataDate(r.timestamp);
    const d = days.get(day) ?? { rows: 0, ips: new Set<string>(), fresh: 0, apply: 0 };
    d.rows++;
    d.ips.add(r.visitorIp);
    if (r.isNewVisitor) d.fresh++;
    if (r.isApplyPage) d.apply++;
    days.set(day, d);
  }
  return [...days.entries()]
    .sort(([a], [b]) => byCode(a, b))
    .map(([day, d]) => ({ visit_date: day, visitor_count: d.rows, unique_visitors: d.ips.size, new_visitors: d.fresh, apply_page_visits: d.apply }));
}

/** get_page_popularity_data(start, end): visits per page, most first, ties by path. */
export function pagePopularityFromRows(rows: readonly VisitRow[], start: Date, end: Date): PagePopularityRow[] {
  const pages = new Map<string, { rows: number; ips: Set<string> }>();
  for (const r of humansBetween(rows, start, end)) {
    const p = pages.get(r.pageVisited) ?? { rows: 0, ips: new Set<string>() };
    p.rows++;
    p.ips.add(r.visitorIp);
    pages.set(r.pageVisited, p);
  }
  return [...pages.entries()]
    .map(([page, p]) => ({ page_visited: page, visit_count: p.rows, unique_visitors: p.ips.size }))
    .sort((a, b) => b.visit_count - a.visit_count || byCode(a.page_visited, b.page_visited));
}

/** get_traffic_source_categories(days_back): all six categories in SPEC order, since asOf - daysBack days. */
export function trafficCategoriesFromRows(rows: readonly VisitRow[], daysBack: number, asOf: Date, internalHosts: readonly string[] = []): TrafficCategoryRow[] {
  const totals = new Map<ReferrerCategory, { rows: number; ips: Set<string> }>(REFERRER_CATEGORIES.map((c) => [c, { rows: 0, ips: new Set<string>() }]));
  for (const r of humansSince(rows, daysBack, asOf)) {
    const t = totals.get(referrerCategory(r.referrer, internalHosts))!;
    t.rows++;
    t.ips.add(r.visitorIp);
  }
  return REFERRER_CATEGORIES.map((category) => ({ category, visit_count: totals.get(category)!.rows, unique_visitors: totals.get(category)!.ips.size }));
}

/**
 * get_traffic_source_details(days_back, limit_results = 25): referring sources (host or
 * "Unknown Source") of non-direct visits since asOf - daysBack days, most first, at most `limit`.
 */
export function trafficDetailsFromRows(rows: readonly VisitRow[], daysBack: number, limit = 25, asOf: Date = new Date(), internalHosts: readonly string[] = []): TrafficDetailRow[] {
  const sources = new Map<string, TrafficDetailRow & { ips: Set<string> }>();
  for (const r of humansSince(rows, daysBack, asOf)) {
    const source = referrerSource(r.referrer);
    if (source === null) continue;
    const category = referrerCategory(r.referrer, internalHosts);
    const key = `${source}\u0000${category}`;
    const s = sources.get(key) ?? { source, category, visit_count: 0, unique_visitors: 0, ips: new Set<string>() };
    s.visit_count++;
    s.ips.add(r.visitorIp);
    sources.set(key, s);
  }
  return [...sources.values()]
    .map(({ ips, ...s }) => ({ ...s, unique_visitors: ips.size }))
    .sort((a, b) => b.visit_count - a.visit_count || byCode(a.source, b.source) || byCode(a.category, b.category))
    .slice(0, Math.max(0, limit));
}
