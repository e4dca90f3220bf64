/**
 * Maintenance and reads against a real database: bot identification in batches, data
 * correction by the SPEC §4 rules, the yearly reset in one transaction (including a failure
 * midway that must leave everything as it was), the Analytics summary and result.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { analyticsAggregated, visitorAnalytics } from "~/db/schema/analytics";
import { settings } from "~/db/schema/settings";
import { getAnalyticsResult } from "../figures/analytics-result.server";
import { getAnalyticsSummary } from "../figures/summary.server";
import { correctVisitData } from "./correct-visits.server";
import { BOT_BATCH_SIZE, identifyBots } from "./identify-bots.server";
import { openTestDatabase, query, resetAnalytics, type TestDatabase } from "../testing/test-database";
import { fetchTestData, latestVisits } from "../dashboard/latest-visits.server";
import { getHistoricalAggregates, RESET_SETTING_KEY, runYearlyReset } from "./yearly-reset.server";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const HOUR = 3_600_000;
let t: TestDatabase;

type Insert = typeof visitorAnalytics.$inferInsert;
const base = (over: Partial<Insert>): Insert => ({ visitorIp: "49.37.1.1", sessionId: "s", pageVisited: "/", userAgent: CHROME, isBot: false, ...over });

describe("analytics maintenance", () => {
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => t?.dispose());
  beforeEach(async () => resetAnalytics(t.db));

  describe("bot identification (SPEC §4, batches of 100)", () => {
    it("re-checks null and false records, flags bots, confirms humans, reports progress", async () => {
      const rows: Insert[] = [];
      for (let i = 0; i < 2_350; i++) {
        const bot = i % 10 === 0;
        rows.push(base({ sessionId: `s${i}`, userAgent: bot ? GOOGLEBOT : CHROME, isBot: i % 3 === 0 ? null : false }));
      }
      rows.push(base({ sessionId: "net", visitorIp: "66.249.66.1", isBot: false }));
      rows.push(base({ sessionId: "minimal", visitorIp: "unavailable", userAgent: null, isBot: null }));
      rows.push(base({ sessionId: "known", userAgent: GOOGLEBOT, isBot: true }));
      for (let i = 0; i < rows.length; i += 500) await t.db.insert(visitorAnalytics).values(rows.slice(i, i + 500));

      const progress: number[] = [];
      const result = await identifyBots(t.db, (p) => progress.push(p.checked));
      // Nulls: i % 3 === 0 (784), less 79 bots among them, plus the minimal record.
      expect(result).toEqual({ checked: 2_352, botsFound: 236, humansConfirmed: 706 });
      expect(progress).toEqual([1000, 2000, 2352]);
      const [counts] = await query<{ bots: number; unchecked: number }>(t.db, sql`SELECT count(*) FILTER (WHERE is_bot)::int AS bots, count(*) FILTER (WHERE is_bot IS NULL)::int AS unchecked FROM visitor_analytics`);
      expect(counts).toEqual({ bots: 237, unchecked: 0 });
      expect(BOT_BATCH_SIZE).toBe(100);
      // Running again changes nothing.
      expect(await identifyBots(t.db)).toEqual({ checked: 2_352 - 236, botsFound: 0, humansConfirmed: 0 });
    });
  });

  describe("data correction (SPEC §4)", () => {
    it("recomputes is_new_visitor and visit_count where they disagree with the rules, and only there", async () => {
      const t0 = Date.parse("2026-04-01T04:00:00Z");
      await t.db.insert(visitorAnalytics).values([
        base({ sessionId: "a", timestamp: new Date(t0), isNewVisitor: true, visitCount: 1 }),
        base({ sessionId: "a", timestamp: new Date(t0 + HOUR), isNewVisitor: true, visitCount: 1 }), // should be 2
        base({ sessionId: "b", timestamp: new Date(t0 + 2 * HOUR), isNewVisitor: true, visitCount: 7 }), // IP within 24 h: 3
        base({ sessionId: "c", visitorIp: "5.5.5.5", timestamp: new Date(t0 + 3 * HOUR), isNewVisitor: false, visitCount: 4 }), // new
        base({ sessionId: "d", visitorIp: "5.5.5.5", timestamp: new Date(t0 + 4 * HOUR), isBot: true, isNewVisitor: true, visitCount: 1 }), // bot: untouched
      ]);
      expect(await correctVisitData(t.db)).toEqual({ checked: 4, corrected: 3 });
      const rows = await query<{ session_id: string; is_new_visitor: boolean; visit_count: number }>(t.db, sql`SELECT session_id, is_new_visitor, visit_count FROM visitor_analytics ORDER BY "timestamp"`);
      expect(rows).toEqual([
        { session_id: "a", is_new_visitor: true, visit_count: 1 },
        { session_id: "a", is_new_visitor: false, visit_count: 2 },
        { session_id: "b", is_new_visitor: false, visit_count: 3 },
        { session_id: "c", is_new_visitor: true, visit_count: 1 },
        { session_id: "d", is_new_visitor: true, visit_count: 1 },
      ]);
      expect(await correctVisitData(t.db)).toEqual({ checked: 4, corrected: 0 });
    });
  });

  describe("yearly reset (SPEC §4)", () => {
    // 2 January 2027, 10:00 in India.
    const now = new Date("2027-01-02T04:30:00Z");

    async function seedTwoYears() {
      await t.db.insert(visitorAnalytics).values([
        base({ timestamp: new Date("2026-11-03T05:00:00Z"), country: "India", browser: "Chrome", deviceType: "desktop", referrer: "https://www.google.com/" }),
        base({ timestamp: new Date("2026-11-20T05:00:00Z"), visitorIp: "49.37.1.2", country: "India", browser: "Safari", deviceType: "mobile", pageVisited: "/apply", isApplyPage: true }),
        base({ timestamp: new Date("2026-12-31T18:29:00Z"), country: "Nepal", browser: "Chrome", deviceType: "desktop" }), // 31 Dec 23:59 in India
        base({ timestamp: new Date("2026-12-10T05:00:00Z"), userAgent: GOOGLEBOT, isBot: true }),
        base({ timestamp: new Date("2026-12-31T18:31:00Z"), country: "India" }), // 1 Jan 00:01 in India: kept
      ]);
    }

    it("archives last year's visits by month in India, deletes them and saves the date; a second run does nothing", async () => {
      await seedTwoYears();
      expect(await runYearlyReset(t.db, now)).toEqual({ reset: true, archivedRows: 4, periods: ["2026-11", "2026-12"], resetDate: "2027-01-02" });
      const history = await getHistoricalAggregates(t.db);
      expect(history).toEqual([
        {
          period: "2026-11", totalVisits: 2, uniqueVisitors: 2, applyPageVisits: 1,
          countries: { India: 2 }, browsers: { Chrome: 1, Safari: 1 }, devices: { desktop: 1, mobile: 1 },
          referrers: { "google.com": 1, Direct: 1 }, pages: { "/": 1, "/apply": 1 },
        },
        {
          period: "2026-12", totalVisits: 1, uniqueVisitors: 1, applyPageVisits: 0,
          countries: { Nepal: 1 }, browsers: { Chrome: 1 }, devices: { desktop: 1 }, referrers: { Direct: 1 }, pages: { "/": 1 },
        },
      ]);
      const [left] = await query<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM visitor_analytics`);
      expect(left?.n).toBe(1);
      expect((await t.db.select().from(settings).where(eq(settings.key, RESET_SETTING_KEY)))[0]?.value).toBe("2027-01-02");
      expect(await runYearlyReset(t.db, new Date("2027-01-03T04:30:00Z"))).toEqual({ reset: false, reason: "already-reset-this-year" });
    });

    it("is not due with no stored date and no old rows; an empty table is not an error", async () => {
      expect(await runYearlyReset(t.db, now)).toEqual({ reset: false, reason: "no-old-data" });
      await t.db.insert(visitorAnalytics).values(base({ timestamp: new Date("2027-01-01T00:00:00Z") }));
      expect(await runYearlyReset(t.db, now)).toEqual({ reset: false, reason: "no-old-data" });
    });

    it("is due when the stored date is in an earlier year, even with nothing to archive (updates the date)", async () => {
      await t.db.insert(settings).values({ key: RESET_SETTING_KEY, value: "2026-01-01" });
      expect(await runYearlyReset(t.db, now)).toEqual({ reset: true, archivedRows: 0, periods: [], resetDate: "2027-01-02" });
      expect((await t.db.select().from(settings).where(eq(settings.key, RESET_SETTING_KEY)))[0]?.value).toBe("2027-01-02");
    });

    describe("a failure midway", () => {
      afterEach(async () => {
        await t.db.execute(sql.raw(`DROP TRIGGER IF EXISTS analytics_test_fail ON settings`));
      });

      it("leaves every row, no aggregate and no date: one transaction", async () => {
        await seedTwoYears();
        // Fails at the last step, after the aggregates are stored and the rows deleted.
        await t.db.execute(sql.raw(`CREATE OR REPLACE FUNCTION analytics_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'disk full'; END $$`));
        await t.db.execute(sql.raw(`CREATE TRIGGER analytics_test_fail BEFORE INSERT OR UPDATE ON settings FOR EACH ROW EXECUTE FUNCTION analytics_test_fail()`));
        await expect(runYearlyReset(t.db, now)).rejects.toThrow("Error during archiving: Failed to update reset date");
        const [left] = await query<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM visitor_analytics`);
        expect(left?.n).toBe(5);
        expect(await t.db.select().from(analyticsAggregated)).toEqual([]);
        expect(await t.db.select().from(settings).where(eq(settings.key, RESET_SETTING_KEY))).toEqual([]);
      });
    });
  });

  describe("reads", () => {
    it("lists the latest visits (at most 200) and the 5-row test read; failures carry the SPEC §8 messages", async () => {
      await t.db.insert(visitorAnalytics).values(Array.from({ length: 7 }, (_, i) => base({ sessionId: `s${i}`, timestamp: new Date(Date.UTC(2026, 0, 1, i)) })));
      expect((await latestVisits(t.db, 3)).map((v) => v.sessionId)).toEqual(["s6", "s5", "s4"]);
      expect(await latestVisits(t.db, 10_000)).toHaveLength(7);
      expect(await fetchTestData(t.db)).toHaveLength(5);
      await t.db.execute(sql`ALTER TABLE visitor_analytics RENAME TO visitor_analytics_off`);
      try {
        await expect(fetchTestData(t.db)).rejects.toThrow(/^Failed to fetch test data$/);
        await expect(latestVisits(t.db, 5)).rejects.toThrow(/^Database error: /);
        await expect(getAnalyticsSummary(t.db)).rejects.toThrow(/^Database error: /);
        await expect(runYearlyReset(t.db)).rejects.toThrow(/^Error checking for reset: Failed to check oldest analytics data$/);
        await expect(identifyBots(t.db)).rejects.toThrow(/^Failed to fetch unprocessed records$/);
        await expect(correctVisitData(t.db)).rejects.toThrow(/^Failed to fetch problematic data$/);
      } finally {
        await t.db.execute(sql`ALTER TABLE visitor_analytics_off RENAME TO visitor_analytics`);
      }
      await t.db.execute(sql`ALTER TABLE analytics_aggregated RENAME TO analytics_aggregated_off`);
      try {
        await expect(getHistoricalAggregates(t.db)).rejects.toThrow(/^Failed to fetch historical analytics data$/);
      } finally {
        await t.db.execute(sql`ALTER TABLE analytics_aggregated_off RENAME TO analytics_aggregated`);
      }
    });

    it("summary: records by bot flag and the last 24 hours' visitors", async () => {
      const now = new Date("2026-06-01T12:00:00Z");
      await t.db.insert(visitorAnalytics).values([
        base({ timestamp: new Date(now.getTime() - HOUR), isNewVisitor: true }),
        base({ timestamp: new Date(now.getTime() - 2 * HOUR), isNewVisitor: false, visitCount: 2 }),
        base({ timestamp: new Date(now.getTime() - 3 * HOUR), isBot: true }),
        base({ timestamp: new Date(now.getTime() - 30 * HOUR), isBot: null }),
      ]);
      expect(await getAnalyticsSummary(t.db, now)).toEqual({
        totalRecords: 4, botRecords: 1, humanRecords: 2, unprocessedRecords: 1, botPercentage: 25,
        recentVisitors: { total: 2, new: 1, returning: 1 },
      });
      // A late visit still counts.
      await t.db.insert(visitorAnalytics).values([base({ timestamp: new Date(now.getTime() - 5 * HOUR), isNewVisitor: true })]);
      expect((await getAnalyticsSummary(t.db, now)).recentVisitors).toEqual({ total: 3, new: 2, returning: 1 });
    });

    it("the Analytics result: IST days and hours, today's stats, caps and labels", async () => {
      // 15 Mar 2026, 14:10 in India.
      const now = new Date("2026-03-15T08:40:00Z");
      const at = (iso: string) => new Date(iso);
      await t.db.insert(visitorAnalytics).values([
        // 15 Mar 00:10 in India (14 Mar in UTC): today, hour 0.
        base({ timestamp: at("2026-03-14T18:40:00Z"), visitorIp: "1.1.1.1", sessionId: "a", country: "India", city: "Kharagpur", browser: "Chrome", deviceType: "desktop" }),
        // 15 Mar 09:30 in India, twice from one IP in two sessions: hour 9 is the peak.
        base({ timestamp: at("2026-03-15T04:00:00Z"), visitorIp: "2.2.2.2", sessionId: "b", pageVisited: "/apply", isApplyPage: true, country: "India", city: "Kolkata", browser: "Safari", deviceType: "mobile", referrer: "https://www.google.co.in/" }),
        base({ timestamp: at("2026-03-15T04:05:00Z"), visitorIp: "2.2.2.2", sessionId: "c", isNewVisitor: false, visitCount: 2, country: "India", city: "Kolkata", browser: "Safari", deviceType: "mobile", referrer: "https://l.facebook.com/" }),
        // 14 Mar 23:50 in India: yesterday.
        base({ timestamp: at("2026-03-14T18:20:00Z"), visitorIp: "1.1.1.1", sessionId: "a", isNewVisitor: false, visitCount: 2, country: "India", city: "Kharagpur" }),
        base({ timestamp: at("2026-03-15T04:10:00Z"), visitorIp: "3.3.3.3", isBot: true }),
      ]);
      const result = await getAnalyticsResult(t.db, "7days", { internalHosts: ["kva-school.example"], now });
      expect(result.dailyVisitors).toHaveLength(7);
      expect(result.dailyVisitors.slice(-2).map((d) => [d.visit_date, d.visitor_count])).toEqual([["2026-03-14", 1], ["2026-03-15", 3]]);
      expect(result.hourlyVisitors).toHaveLength(24);
      expect(result.hourlyVisitors[0]).toEqual({ hour: 0, visitor_count: 1, unique_visitors: 1 });
      expect(result.hourlyVisitors[9]).toEqual({ hour: 9, visitor_count: 2, unique_visitors: 1 });
      expect(result.hourlyVisitors[23]).toEqual({ hour: 23, visitor_count: 1, unique_visitors: 1 });
      expect(result.todayStats).toEqual({ totalVisits: 3, uniqueVisitors: 2, applyPageVisits: 1, newVisitors: 2, returningVisitors: 1, peakHour: 9 });
      expect(result).toMatchObject({ totalVisits: 4, uniqueVisitorCount: 2, applyPageVisits: 1 });
      expect(result.popularPages).toEqual([
        { page_visited: "/", visit_count: 3, unique_visitors: 2, label: "Homepage" },
        { page_visited: "/apply", visit_count: 1, unique_visitors: 1, label: "Apply Now" },
      ]);
      expect(result.topLocations[0]).toEqual({ country: "India", region: "", city: "Kharagpur", visits: 2, unique_visitors: 1 });
      expect(result.repeatVisitors).toEqual([
        expect.objectContaining({ ip: "2.2.2.2", visits: 2, session_count: 2, days_between_visits: 0, is_truly_returning: true, browser: "Safari", device_type: "mobile", city: "Kolkata" }),
        expect.objectContaining({ ip: "1.1.1.1", visits: 2, session_count: 1, days_between_visits: 1, is_truly_returning: false, first_visit: "2026-03-14T18:20:00.000Z", last_visit: "2026-03-14T18:40:00.000Z" }),
      ]);
      expect(result.deviceBreakdown).toEqual([{ name: "mobile", count: 2 }, { name: "Unknown", count: 1 }, { name: "desktop", count: 1 }]);
      expect(result.referrerData.categories.map((c) => [c.category, c.visit_count])).toEqual([
        ["Direct", 2], ["Search Engines", 1], ["Social Media", 1], ["Internal", 0], ["Other Websites", 0], ["Development", 0],
      ]);
      expect(result.referrerData.specific.map((s) => s.source)).toEqual(["google.co.in", "l.facebook.com"]);
      expect(result.sources).toEqual({ counts: "rollup", pages: "rollup", categories: "rollup", details: "rollup" });
      expect(result.lastUpdated).toBe(now.toISOString());
      // So do the procedures over raw visits when the rollups cannot be read.
      await t.db.execute(sql`ALTER TABLE analytics_daily_rollup RENAME TO analytics_daily_rollup_off`);
      try {
        const raw = await getAnalyticsResult(t.db, "7days", { internalHosts: ["kva-school.example"], now });
        expect(raw).toEqual({ ...result, sources: { counts: "procedure", pages: "procedure", categories: "procedure", details: "procedure" } });
      } finally {
        await t.db.execute(sql`ALTER TABLE analytics_daily_rollup_off RENAME TO analytics_daily_rollup`);
      }
    });
  });
});
