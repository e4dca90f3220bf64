/**
 * The dashboard's server side against a real database: every panel loads for a range,
 * the previous period and realtime count what they should, a failing panel carries its SPEC §8
 * message while the others still load, the maintenance jobs run in the background with
 * progress (a run a staff member starts is audited before it changes anything), and a table
 * exports as CSV.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { visitorAnalytics } from "~/db/schema/analytics";
import { loadAnalyticsDashboard } from "./load-dashboard.server";
import { tableCsv } from "./tables";
import { jobStatus, startJob } from "../maintenance/dashboard-jobs.server";
import { openTestDatabase, resetAnalytics, type TestDatabase } from "../testing/test-database";
import { auditRows, byActor, testActor } from "~/core/audit/testing.server";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
// 21 Nov 2026, 2:30 PM in India.
const NOW = new Date("2026-11-21T09:00:00.000Z");
const MIN = 60_000;
const DAY = 86_400_000;
const options = { internalHosts: ["kva-school.example"], now: NOW };

type Insert = typeof visitorAnalytics.$inferInsert;
const visit = (ago: number, over: Partial<Insert> = {}): Insert => ({
  visitorIp: "49.37.1.1",
  sessionId: "s1",
  pageVisited: "/",
  userAgent: CHROME,
  deviceType: "mobile",
  browser: "Chrome",
  country: "India",
  city: "Kharagpur",
  region: "West Bengal",
  isBot: false,
  isNewVisitor: false,
  timestamp: new Date(NOW.getTime() - ago),
  ...over,
});

let t: TestDatabase;

describe("the analytics dashboard's panels", () => {
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => t?.dispose());
  beforeEach(async () => resetAnalytics(t.db));

  it("names yesterday's busiest hour in India, bots left out", async () => {
    const HOUR = 60 * MIN;
    await t.db.insert(visitorAnalytics).values([
      // 20 Nov, 3:10 and 3:40 PM in India; 9:00 AM; three bot visits at 11 AM.
      visit(23 * HOUR + 20 * MIN),
      visit(22 * HOUR + 50 * MIN, { visitorIp: "49.37.1.2", sessionId: "s2" }),
      visit(29.5 * HOUR, { visitorIp: "49.37.1.3", sessionId: "s3" }),
      ...[1, 2, 3].map((i) => visit(27.5 * HOUR - i * MIN, { userAgent: GOOGLEBOT, isBot: true, visitorIp: "66.249.66.1", sessionId: "bot" })),
    ]);
    const dashboard = await loadAnalyticsDashboard(t.db, "7days", options);
    if (!dashboard.comparison.ok) throw new Error(dashboard.comparison.error);
    expect(dashboard.comparison.data.yesterdayPeakHour).toBe(15);
  });

  it("loads every panel for a range, with the previous period of the same length and the last 5 minutes", async () => {
    await t.db.insert(visitorAnalytics).values([
      // This week: 3 visits by 2 IPs, one to /apply, one new; two of them in the last 5 minutes.
      visit(2 * MIN, { isNewVisitor: true }),
      visit(4 * MIN, { visitorIp: "49.37.1.2", sessionId: "s2", pageVisited: "/apply", isApplyPage: true }),
      visit(2 * DAY),
      // The previous 7 days: 1 visit, up to the same time of day.
      visit(8 * DAY, { visitorIp: "49.37.1.9", sessionId: "s9", isNewVisitor: true }),
      // 14 Nov, 8 PM: after the same time of day 7 days back, before this week: in neither period.
      visit(6 * DAY + 18.5 * 60 * MIN, { visitorIp: "49.37.1.8", sessionId: "s8" }),
      // A bot never counts.
      visit(MIN, { userAgent: GOOGLEBOT, isBot: true, visitorIp: "66.249.66.1", sessionId: "bot" }),
    ]);
    const dashboard = await loadAnalyticsDashboard(t.db, "7days", options);
    expect(dashboard.range).toBe("7days");
    if (!dashboard.result.ok || !dashboard.comparison.ok || !dashboard.summary.ok || !dashboard.archive.ok || !dashboard.realtime.ok) throw new Error("a panel failed");
    expect(dashboard.result.data).toMatchObject({ totalVisits: 3, uniqueVisitorCount: 2, applyPageVisits: 1 });
    expect(dashboard.comparison.data.previous).toEqual({ totalVisits: 1, uniqueVisitors: 1, applyPageVisits: 0, newVisitors: 1, returningVisitors: 0 });
    expect(dashboard.realtime.data).toEqual({ visitors: 2, visits: 2, asOf: NOW.toISOString() });
    expect(dashboard.summary.data).toMatchObject({ totalRecords: 6, botRecords: 1 });
    expect(dashboard.archive.data).toEqual({ lastResetDate: null, months: [] });
    expect(dashboard.jobs["identify-bots"].state).toBe("idle");
  });

  it("a failing panel carries its SPEC §8 message and the others still load", async () => {
    await t.db.insert(visitorAnalytics).values([visit(MIN)]);
    await t.db.execute(sql`ALTER TABLE analytics_aggregated RENAME TO analytics_aggregated_away`);
    try {
      const dashboard = await loadAnalyticsDashboard(t.db, "30days", options);
      expect(dashboard.archive).toEqual({ ok: false, error: "Failed to fetch historical analytics data" });
      expect(dashboard.result.ok && dashboard.result.data.totalVisits).toBe(1);
      expect(dashboard.summary.ok && dashboard.realtime.ok && dashboard.comparison.ok).toBe(true);
    } finally {
      await t.db.execute(sql`ALTER TABLE analytics_aggregated_away RENAME TO analytics_aggregated`);
    }
  });

  it("exports the daily series of the range as CSV: a header and one row per day", async () => {
    await t.db.insert(visitorAnalytics).values([visit(MIN), visit(DAY)]);
    const dashboard = await loadAnalyticsDashboard(t.db, "7days", options);
    const csv = tableCsv("daily", { result: dashboard.result.ok ? dashboard.result.data : undefined })!;
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Date,Visits,Unique visitors,New visitors,Apply-page visits");
    expect(lines).toHaveLength(8);
    expect(lines.slice(-2)).toEqual(["20 Nov 2026,1,1,0,0", "21 Nov 2026,1,1,0,0"]);
  });

  it("runs Identify bots in the background, reporting progress and the counts, one run at a time", async () => {
    await t.db.insert(visitorAnalytics).values([
      ...Array.from({ length: 30 }, (_, i) => visit(i * MIN, { sessionId: `h${i}`, isBot: null })),
      ...Array.from({ length: 12 }, (_, i) => visit(i * MIN, { sessionId: `b${i}`, userAgent: GOOGLEBOT, isBot: null })),
    ]);
    const owner = testActor("owner@school.test");
    const first = startJob(t.db, "identify-bots", owner);
    expect(first.status.state).toBe("running");
    const second = startJob(t.db, "identify-bots", owner);
    expect(second.finished).toBe(first.finished);
    await first.finished;
    expect(jobStatus("identify-bots")).toMatchObject({ state: "done", processed: 42, total: 42, result: { checked: 42, botsFound: 12, humansConfirmed: 30 } });
    // One row for the one run (the second click joined it), naming who started it and on how many records.
    expect(await auditRows(t.db, "analytics.identify_bots")).toEqual([expect.objectContaining({ ...byActor(owner), entity: "analytics", entityId: "visits", before: null, after: { recordsToCheck: 42 } })]);

    const correction = startJob(t.db, "correct-data");
    await correction.finished;
    expect(jobStatus("correct-data")).toMatchObject({ state: "done", processed: 30, total: 30 });
  });
});
