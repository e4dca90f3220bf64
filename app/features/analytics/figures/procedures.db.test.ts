/**
 * The SPEC §7 procedures against their TypeScript twins on random visit sets (fast-check), on
 * whichever driver runs the tests (PGlite; PostgreSQL 15 in CI's second pass), plus Asia/Kolkata
 * bucketing across midnight, bot exclusion and the fallbacks.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { visitorAnalytics } from "~/db/schema/analytics";
import {
  getAnalyticsCounts,
  getDailyVisitorData,
  getPagePopularity,
  getTrafficSourceCategories,
  getTrafficSourceDetails,
} from "./procedures.server";
import { countsFromRows, dailyFromRows, pagePopularityFromRows, trafficCategoriesFromRows, trafficDetailsFromRows, type VisitRow } from "./procedure-twins";
import { BASE, visitRows } from "../testing/random-visits";
import { openTestDatabase, query, resetAnalytics, type TestDatabase } from "../testing/test-database";

const DAY = 86_400_000;
const INTERNAL = ["kva-school.example"];
let t: TestDatabase;

async function store(rows: readonly VisitRow[]) {
  await resetAnalytics(t.db);
  if (rows.length > 0) await t.db.insert(visitorAnalytics).values(rows.map((r) => ({ ...r })));
}

describe("analytics procedures", () => {
  beforeAll(async () => {
    t = await openTestDatabase();
    console.log(`[analytics procedures] driver: ${t.driver}`);
  });
  afterAll(async () => t?.dispose());
  beforeEach(async () => resetAnalytics(t.db));

  it("equal their TypeScript twins on random visit sets", async () => {
    const window = fc.record({ from: fc.integer({ min: -42, max: 3 }), days: fc.integer({ min: 0, max: 45 }) });
    await fc.assert(
      fc.asyncProperty(visitRows, window, fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 30 }), async (rows, w, daysBack, limit) => {
        await store(rows);
        const start = new Date(BASE + w.from * DAY);
        const end = new Date(start.getTime() + w.days * DAY + 1234);
        const asOf = new Date(BASE);
        expect((await getAnalyticsCounts(t.db, start, end)).value).toEqual(countsFromRows(rows, start, end));
        expect(await getDailyVisitorData(t.db, start, end)).toEqual(dailyFromRows(rows, start, end));
        expect((await getPagePopularity(t.db, start, end)).value).toEqual(pagePopularityFromRows(rows, start, end));
        expect((await getTrafficSourceCategories(t.db, daysBack, INTERNAL, asOf)).value).toEqual(trafficCategoriesFromRows(rows, daysBack, asOf, INTERNAL));
        const details = await getTrafficSourceDetails(t.db, daysBack, limit, INTERNAL, asOf);
        expect(details.source).toBe("procedure");
        expect(details.value).toEqual(trafficDetailsFromRows(rows, daysBack, limit, asOf, INTERNAL));
      }),
      { numRuns: 100 },
    );
  });

  it("buckets days in Asia/Kolkata: 23:59 and 00:00 in India are different days", async () => {
    const rows: VisitRow[] = [
      // 1 March 23:59:59.999 in India
      { visitorIp: "1.1.1.1", sessionId: "s1", pageVisited: "/", referrer: null, isApplyPage: false, isNewVisitor: true, isBot: false, timestamp: new Date("2026-03-01T18:29:59.999Z") },
      // 2 March 00:00 in India, still 1 March in UTC
      { visitorIp: "2.2.2.2", sessionId: "s2", pageVisited: "/apply", referrer: null, isApplyPage: true, isNewVisitor: false, isBot: false, timestamp: new Date("2026-03-01T18:30:00.000Z") },
    ];
    await store(rows);
    const daily = await getDailyVisitorData(t.db, new Date("2026-02-28T18:30:00Z"), new Date("2026-03-02T18:30:00Z"));
    expect(daily).toEqual([
      { visit_date: "2026-03-01", visitor_count: 1, unique_visitors: 1, new_visitors: 1, apply_page_visits: 0 },
      { visit_date: "2026-03-02", visitor_count: 1, unique_visitors: 1, new_visitors: 0, apply_page_visits: 1 },
    ]);
  });

  it("leaves bots out of every figure", async () => {
    const at = new Date(BASE - DAY);
    const human: VisitRow = { visitorIp: "1.1.1.1", sessionId: "s", pageVisited: "/", referrer: "https://www.google.com/", isApplyPage: true, isNewVisitor: true, isBot: false, timestamp: at };
    await store([human, { ...human, visitorIp: "9.9.9.9", isBot: true }, { ...human, visitorIp: "8.8.8.8", isBot: null }]);
    const start = new Date(BASE - 2 * DAY);
    const end = new Date(BASE);
    expect((await getAnalyticsCounts(t.db, start, end)).value).toEqual({ total_visits: 2, unique_visitors: 2, apply_page_visits: 2 });
    expect((await getPagePopularity(t.db, start, end)).value).toEqual([{ page_visited: "/", visit_count: 2, unique_visitors: 2 }]);
    expect((await getTrafficSourceDetails(t.db, 7, 25, INTERNAL, new Date(BASE))).value).toEqual([{ source: "google.com", category: "Search Engines", visit_count: 2, unique_visitors: 2 }]);
  });

  it("each procedure except the daily data falls back to its twin when it fails; the daily data throws", async () => {
    const rows: VisitRow[] = Array.from({ length: 12 }, (_, i) => ({
      visitorIp: `10.0.0.${i % 4}`, sessionId: `s${i}`, pageVisited: i % 3 === 0 ? "/apply" : "/", referrer: i % 2 ? "https://t.co/x" : null,
      isApplyPage: i % 3 === 0, isNewVisitor: i % 2 === 0, isBot: i === 5 ? true : false, timestamp: new Date(BASE - i * 3_600_000),
    }));
    await store(rows);
    const start = new Date(BASE - 2 * DAY);
    const end = new Date(BASE + 1);
    const asOf = new Date(BASE);
    const functions = ["get_analytics_counts(timestamptz, timestamptz)", "get_page_popularity_data(timestamptz, timestamptz)", "get_traffic_source_categories(integer, text[], timestamptz)", "get_traffic_source_details(integer, integer, text[], timestamptz)", "get_daily_visitor_data(timestamptz, timestamptz)"];
    for (const f of functions) await t.db.execute(sql.raw(`ALTER FUNCTION ${f} RENAME TO ${f.split("(")[0]}_off`));
    try {
      const counts = await getAnalyticsCounts(t.db, start, end);
      expect(counts).toEqual({ source: "fallback", value: countsFromRows(rows, start, end) });
      expect(await getPagePopularity(t.db, start, end)).toEqual({ source: "fallback", value: pagePopularityFromRows(rows, start, end) });
      expect(await getTrafficSourceCategories(t.db, 2, INTERNAL, asOf)).toEqual({ source: "fallback", value: trafficCategoriesFromRows(rows, 2, asOf, INTERNAL) });
      expect(await getTrafficSourceDetails(t.db, 2, 25, INTERNAL, asOf)).toEqual({ source: "fallback", value: trafficDetailsFromRows(rows, 2, 25, asOf, INTERNAL) });
      await expect(getDailyVisitorData(t.db, start, end)).rejects.toThrow(/^Database error: .*get_daily_visitor_data/);
    } finally {
      for (const f of functions) await t.db.execute(sql.raw(`ALTER FUNCTION ${f.split("(")[0]}_off(${f.split("(")[1]} RENAME TO ${f.split("(")[0]}`));
    }
    expect((await getAnalyticsCounts(t.db, start, end)).source).toBe("procedure");
  });

  it("returns numbers, not strings, on this driver", async () => {
    const [row] = await query<Record<string, unknown>>(t.db, sql`SELECT * FROM get_analytics_counts(now() - interval '1 day', now())`);
    expect(row).toEqual({ total_visits: 0, unique_visitors: 0, apply_page_visits: 0 });
  });
});
