/**
 * The rollup figures against the raw-visit procedures and TypeScript twins (themselves checked
 * against each other in procedures.db.test.ts) on random visit sets, on whichever driver runs the tests; then again after
 * late inserts, bot flags and deletions in days already rolled up, which the triggers must catch.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { visitorAnalytics } from "~/db/schema/analytics";
import { addDays, istMidnight, kolkataDate } from "~/lib/dates";
import { getAnalyticsSummary } from "./summary.server";
import { getAnalyticsCounts, getDailyVisitorData, getPagePopularity, latestRows } from "./procedures.server";
import { trafficCategoriesFromRows, trafficDetailsFromRows, type VisitRow } from "./procedure-twins";
import { hourlyVisitors, periodTotals, rangeBreakdown, repeatVisitors } from "./raw-visit-queries.server";
import { dashboardFigures, disjointWindows, pruneHourlyRollups, rangeFigures, rangeRepeatVisitors, refreshHourlyRollups, refreshRollups, splitRange } from "./rollups.server";
import { BASE, visitRow, visitRows } from "../testing/random-visits";
import { openTestDatabase, query, resetAnalytics, type TestDatabase } from "../testing/test-database";

const DAY = 86_400_000;
const INTERNAL = ["kva-school.example"];
let t: TestDatabase;

const insert = async (rows: readonly VisitRow[]) => {
  if (rows.length > 0) await t.db.insert(visitorAnalytics).values(rows.map((r) => ({ ...r })));
};

/** The figures of [start, end) (whole days) from the raw-visit procedures. */
async function fromRawVisits(start: Date, end: Date, locationLimit: number, sourceLimit: number) {
  const daysBack = Math.round((end.getTime() - start.getTime()) / DAY);
  const counts = (await getAnalyticsCounts(t.db, start, end)).value;
  const [fresh] = await query<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM visitor_analytics WHERE "timestamp" >= ${start.toISOString()}::timestamptz
        AND "timestamp" < ${end.toISOString()}::timestamptz AND is_bot IS NOT TRUE AND is_new_visitor`,
  );
  const breakdown = await rangeBreakdown(t.db, start, end, locationLimit);
  const inRange = await latestRows(t.db, 1_000_000, start, end);
  return {
    counts: { ...counts, new_visits: Number(fresh?.n) },
    daily: await getDailyVisitorData(t.db, start, end),
    pages: (await getPagePopularity(t.db, start, end)).value,
    hourly: breakdown.hourly,
    locations: breakdown.locations,
    // The traffic-source procedures have no end (days back from now): their twins over [start, end).
    categories: trafficCategoriesFromRows(inRange, daysBack, end, INTERNAL),
    details: trafficDetailsFromRows(inRange, daysBack, sourceLimit, end, INTERNAL),
    devices: breakdown.devices,
    browsers: breakdown.browsers,
  };
}

describe("analytics rollups", () => {
  beforeAll(async () => {
    t = await openTestDatabase();
    console.log(`[analytics rollups] driver: ${t.driver}`);
  });
  afterAll(async () => t?.dispose());
  beforeEach(async () => resetAnalytics(t.db));

  it("give the procedures' figures, before and after closed days change", async () => {
    const change = fc.record({
      added: fc.array(visitRow, { maxLength: 10 }),
      // visits of hours the first reads rolled up: the day before now, and the traffic sources' first day
      recent: fc.array(fc.tuple(visitRow, fc.integer({ min: 0, max: DAY }), fc.boolean()), { maxLength: 6 }),
      flagged: fc.array(fc.nat(), { maxLength: 5 }),
      deleted: fc.array(fc.nat(), { maxLength: 5 }),
    });
    const shape = fc.record({
      firstDay: fc.integer({ min: -40, max: 2 }),
      days: fc.integer({ min: 1, max: 40 }),
      // `now` relative to the range's start, from inside the first day to a day after its end
      // (doubles come mostly at the ends, just after a midnight; the integers put now at any time of day)
      nowOffset: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 999 }).map((n) => n / 1000)),
      locationLimit: fc.integer({ min: 1, max: 12 }),
      sourceLimit: fc.integer({ min: 1, max: 30 }),
      repeatLimit: fc.integer({ min: 1, max: 6 }),
      // the traffic-source range: this many days back from now
      sourceDays: fc.integer({ min: 1, max: 45 }),
    });
    await fc.assert(
      fc.asyncProperty(visitRows, shape, change, async (rows, s, c) => {
        await resetAnalytics(t.db);
        await insert(rows);
        const start = istMidnight(addDays(kolkataDate(new Date(BASE)), s.firstDay));
        const end = new Date(start.getTime() + s.days * DAY);
        const now = new Date(start.getTime() + 60_000 + s.nowOffset * (s.days + 1) * DAY);
        const figures = () => rangeFigures(t.db, start, end, { now, internalHosts: INTERNAL, locationLimit: s.locationLimit, sourceLimit: s.sourceLimit });
        const repeat = () => rangeRepeatVisitors(t.db, start, end, s.repeatLimit, now);
        const sources = { start: new Date(now.getTime() - s.sourceDays * DAY), end: new Date(Math.max(now.getTime(), end.getTime())) };
        const today = { start: istMidnight(kolkataDate(now)), end: istMidnight(addDays(kolkataDate(now), 1)) };
        // The dashboard's one query: the same figures as each query on its own, and those as the raw visits'.
        const dashboard = async () => {
          const d = await dashboardFigures(t.db, start, end, { now, internalHosts: INTERNAL, sources, today, ...s });
          expect(d.range).toEqual(await rangeFigures(t.db, start, end, { now, internalHosts: INTERNAL, dimensions: ["all", "page", "hour", "place", "device"], locationLimit: s.locationLimit }));
          expect(d.sources).toEqual(await rangeFigures(t.db, sources.start, sources.end, { now, internalHosts: INTERNAL, dimensions: ["referrer"], sourceLimit: s.sourceLimit }));
          // The traffic-source range starts mid-day: compared with the raw visits too, not only through rangeFigures.
          const sourceRows = await latestRows(t.db, 1_000_000, sources.start, sources.end);
          expect(d.sources.categories).toEqual(trafficCategoriesFromRows(sourceRows, s.sourceDays, now, INTERNAL));
          expect(d.sources.details).toEqual(trafficDetailsFromRows(sourceRows, s.sourceDays, s.sourceLimit, now, INTERNAL));
          expect(d.repeat).toEqual(await repeatVisitors(t.db, start, end, s.repeatLimit));
          expect(d.today.totals).toEqual(await periodTotals(t.db, today.start, today.end));
          expect(d.today.hours).toEqual(await hourlyVisitors(t.db, today.start, today.end));
        };
        expect(await figures()).toEqual(await fromRawVisits(start, end, s.locationLimit, s.sourceLimit));
        expect(await repeat()).toEqual(await repeatVisitors(t.db, start, end, s.repeatLimit));
        await dashboard();
        // A second read comes from the range caches the first one built.
        expect(await figures()).toEqual(await fromRawVisits(start, end, s.locationLimit, s.sourceLimit));

        await insert(c.added);
        await insert(c.recent.map(([row, ms, first]) => ({ ...row, timestamp: new Date(first ? sources.start.getTime() + ms : now.getTime() - ms) })));
        const ids = (await query<{ id: number }>(t.db, sql`SELECT id::int AS id FROM visitor_analytics ORDER BY id`)).map((r) => r.id);
        const pick = (n: number[]) => n.filter(() => ids.length > 0).map((i) => ids[i % ids.length]!);
        if (c.flagged.length > 0) await t.db.execute(sql`UPDATE visitor_analytics SET is_bot = NOT coalesce(is_bot, false) WHERE id = ANY (${`{${pick(c.flagged).join(",")}}`}::bigint[])`);
        if (c.deleted.length > 0) await t.db.execute(sql`DELETE FROM visitor_analytics WHERE id = ANY (${`{${pick(c.deleted).join(",")}}`}::bigint[])`);
        expect(await figures()).toEqual(await fromRawVisits(start, end, s.locationLimit, s.sourceLimit));
        expect(await repeat()).toEqual(await repeatVisitors(t.db, start, end, s.repeatLimit));
        await dashboard();
        expect(await figures()).toEqual(await fromRawVisits(start, end, s.locationLimit, s.sourceLimit));
      }),
      { numRuns: 40 },
    );
  });

  it("build a day once, and again only after its visits change", async () => {
    const day = "2026-03-10";
    const at = new Date(istMidnight(day).getTime() + 3_600_000);
    const row: VisitRow = { visitorIp: "1.1.1.1", sessionId: "s", pageVisited: "/", referrer: null, isApplyPage: false, isNewVisitor: true, isBot: false, timestamp: at };
    await insert([row]);
    expect(await refreshRollups(t.db, day, addDays(day, 2))).toBe(2);
    expect(await refreshRollups(t.db, day, addDays(day, 2))).toBe(0);
    await insert([{ ...row, visitorIp: "2.2.2.2" }]);
    expect(await refreshRollups(t.db, day, addDays(day, 2))).toBe(1);
    const [all] = await query<{ visits: number; visitors: string }>(
      t.db,
      sql`SELECT visits, visitors::text AS visitors FROM analytics_daily_rollup WHERE day = ${day}::date AND dimension = 'all'`,
    );
    expect(all?.visits).toBe(2);
    expect(all?.visitors).toMatch(/^\{\d+,\d+\}$/);
  });

  it("roll an hour up once it ended, again only after its visits change, and read the rest of the live part raw", async () => {
    const day = "2026-03-10";
    const at = (h: number, m = 0) => new Date(istMidnight(day).getTime() + h * 3_600_000 + m * 60_000);
    const row: VisitRow = { visitorIp: "1.1.1.1", sessionId: "s", pageVisited: "/", referrer: null, isApplyPage: false, isNewVisitor: true, isBot: false, timestamp: at(1, 5) };
    await insert([row, { ...row, visitorIp: "2.2.2.2", timestamp: at(2, 59) }, { ...row, visitorIp: "3.3.3.3", timestamp: at(3, 1) }]);
    const today = { start: istMidnight(day), end: istMidnight(addDays(day, 1)) };
    const now = at(3, 5); // hours 0 and 1 ended ten minutes ago; hour 2 ended five minutes ago; hour 3 is under way
    const built = async () =>
      (await query<{ hour: string }>(t.db, sql`SELECT hour::text AS hour FROM analytics_rollup_hours WHERE built_version = version ORDER BY hour`)).map((r) => new Date(r.hour).getTime());
    const read = async () => (await rangeFigures(t.db, today.start, today.end, { now, internalHosts: INTERNAL, dimensions: ["all", "hour"] })).counts;
    expect(await refreshHourlyRollups(t.db, [today], now)).toBe(2);
    expect(await built()).toEqual([at(0).getTime(), at(1).getTime()]);
    expect(await refreshHourlyRollups(t.db, [today], now)).toBe(0);
    expect(await read()).toMatchObject({ total_visits: 3, unique_visitors: 3 });
    // A late visit of hour 1 marks it; the next read rebuilds it.
    await insert([{ ...row, visitorIp: "4.4.4.4", timestamp: at(1, 30) }]);
    expect(await built()).toEqual([at(0).getTime()]);
    expect(await read()).toMatchObject({ total_visits: 4, unique_visitors: 4 });
    expect(await built()).toEqual([at(0).getTime(), at(1).getTime()]);
    const [hour1] = await query<{ visits: number; visitors: string }>(
      t.db,
      sql`SELECT visits, visitors::text AS visitors FROM analytics_hourly_rollup WHERE hour = ${at(1).toISOString()}::timestamptz AND dimension = 'all'`,
    );
    expect(hour1?.visits).toBe(2);
    expect(hour1?.visitors).toMatch(/^\{\d+,\d+\}$/);
    // The nightly job keeps yesterday's and today's hours and those of the days it is given, and drops the rest.
    const hours = (await query(t.db, sql`SELECT 1 FROM analytics_rollup_hours`)).length;
    const dayAfter = (n: number) => new Date(istMidnight(addDays(day, n)).getTime() + 3_600_000);
    expect(await pruneHourlyRollups(t.db, dayAfter(1), [])).toBe(0);
    expect(await pruneHourlyRollups(t.db, dayAfter(3), [day])).toBe(0);
    expect(await pruneHourlyRollups(t.db, dayAfter(3), [])).toBe(hours);
    expect(await built()).toEqual([]);
    expect(await query(t.db, sql`SELECT 1 FROM analytics_hourly_rollup`)).toEqual([]);
  });

  it("sum a range's closed days into a cache once, and again only after one of its days changes", async () => {
    const day = "2026-03-10";
    const at = new Date(istMidnight(day).getTime() + 3_600_000);
    const row: VisitRow = { visitorIp: "1.1.1.1", sessionId: "s", pageVisited: "/", referrer: null, isApplyPage: false, isNewVisitor: true, isBot: false, timestamp: at };
    await insert([row, { ...row, visitorIp: "2.2.2.2" }]);
    const [start, end, now] = [istMidnight(day), istMidnight(addDays(day, 3)), istMidnight(addDays(day, 4))];
    const read = async () => (await rangeFigures(t.db, start, end, { now, internalHosts: INTERNAL, dimensions: ["all"] })).counts;
    const caches = async () => (await query<{ id: number }>(t.db, sql`SELECT id FROM analytics_range_cache ORDER BY id`)).map((r) => r.id);
    expect(await read()).toMatchObject({ total_visits: 2, unique_visitors: 2 });
    const first = await caches();
    expect(first).toHaveLength(1);
    expect(await read()).toMatchObject({ total_visits: 2, unique_visitors: 2 });
    expect(await caches()).toEqual(first);
    await insert([{ ...row, timestamp: new Date(at.getTime() + 86_400_000), visitorIp: "3.3.3.3" }]);
    expect(await read()).toMatchObject({ total_visits: 3, unique_visitors: 3 });
    expect(await caches()).not.toEqual(first);
  });

  it("rank repeat visitors as the raw visits do when the closed part leaves live IPs with few closed visits out", async () => {
    const day = "2026-03-10";
    const at = (d: number, h: number) => new Date(istMidnight(addDays(day, d)).getTime() + h * 3_600_000);
    const row: VisitRow = { visitorIp: "", sessionId: "s", pageVisited: "/", referrer: null, isApplyPage: false, isNewVisitor: false, isBot: false, timestamp: at(0, 1) };
    const visits = (ip: string, closed: number, live: number): VisitRow[] => [
      ...Array.from({ length: closed }, (_, i) => ({ ...row, visitorIp: ip, sessionId: `${ip}-${i % 2}`, timestamp: at(i % 3, 2 + i) })),
      ...Array.from({ length: live }, (_, i) => ({ ...row, visitorIp: ip, sessionId: `${ip}-live`, timestamp: at(3, 1 + i) })),
    ];
    // Two IPs of 6 closed visits: the 2nd best closed count T is 6 and H = 3, so a live IP of fewer than 3 live visits
    // needs more than 3 closed ones to reach the top two, and one of 3 or more (6.6.6.6, 7.7.7.7) is looked up;
    // 4.4.4.4 (4 closed, 2 live) ties with the best two and wins on its latest visit.
    await insert([
      ...visits("1.1.1.1", 6, 0), ...visits("2.2.2.2", 6, 0), ...visits("3.3.3.3", 3, 2), ...visits("4.4.4.4", 4, 2), ...visits("5.5.5.5", 0, 2),
      ...visits("6.6.6.6", 2, 4), ...visits("7.7.7.7", 0, 3),
    ]);
    const [start, end, now] = [istMidnight(day), istMidnight(addDays(day, 4)), at(3, 12)];
    for (const limit of [1, 2, 3, 5]) {
      const ranked = await rangeRepeatVisitors(t.db, start, end, limit, now);
      expect(ranked).toEqual(await repeatVisitors(t.db, start, end, limit));
    }
    expect((await rangeRepeatVisitors(t.db, start, end, 3, now)).map((r) => r.ip)).toEqual(["6.6.6.6", "4.4.4.4", "1.1.1.1"]);
  });

  it("keep the summary's record counts through inserts, bot flags, deletions and truncation", async () => {
    const now = new Date(BASE);
    const row: VisitRow = { visitorIp: "1.1.1.1", sessionId: "s", pageVisited: "/", referrer: null, isApplyPage: false, isNewVisitor: true, isBot: null, timestamp: now };
    await insert([row, row, { ...row, isBot: true }, { ...row, isBot: false }]);
    const counts = async () => {
      const s = await getAnalyticsSummary(t.db, now);
      return [s.totalRecords, s.botRecords, s.humanRecords, s.unprocessedRecords];
    };
    expect(await counts()).toEqual([4, 1, 1, 2]);
    await t.db.execute(sql`UPDATE visitor_analytics SET is_bot = false WHERE is_bot IS NULL`);
    expect(await counts()).toEqual([4, 1, 3, 0]);
    await t.db.execute(sql`DELETE FROM visitor_analytics WHERE is_bot`);
    expect(await counts()).toEqual([3, 0, 3, 0]);
    await resetAnalytics(t.db);
    expect(await counts()).toEqual([0, 0, 0, 0]);
  });
});

describe("disjointWindows", () => {
  const at = (h: number) => new Date(Date.UTC(2026, 2, 15, h));
  it("reads a stretch several ranges share once, with all their bits, and drops empty windows", () => {
    expect(
      disjointWindows([
        { start: at(0), end: at(10), scopes: 1 },
        { start: at(4), end: at(12), scopes: 2 },
        { start: at(6), end: at(6), scopes: 8 },
        { start: at(4), end: at(10), scopes: 4 },
      ]),
    ).toEqual([
      { start: at(0), end: at(4), scopes: 1 },
      { start: at(4), end: at(10), scopes: 7 },
      { start: at(10), end: at(12), scopes: 2 },
    ]);
  });

  it("joins touching windows of the same ranges and keeps gaps out", () => {
    expect(
      disjointWindows([
        { start: at(0), end: at(2), scopes: 1 },
        { start: at(2), end: at(3), scopes: 1 },
        { start: at(5), end: at(6), scopes: 1 },
      ]),
    ).toEqual([
      { start: at(0), end: at(3), scopes: 1 },
      { start: at(5), end: at(6), scopes: 1 },
    ]);
  });
});

describe("splitRange", () => {
  const now = new Date("2026-03-15T08:40:00Z"); // 15 Mar 14:10 in India
  it("rolls up whole days that ended ten minutes ago and reads the rest raw", () => {
    const start = istMidnight("2026-02-14");
    const end = istMidnight("2026-03-16");
    expect(splitRange(start, end, now)).toEqual({
      closedFrom: "2026-02-14",
      closedTo: "2026-03-15",
      head: { start, end: start },
      tail: { start: istMidnight("2026-03-15"), end },
    });
  });

  it("keeps yesterday raw for the first ten minutes after midnight", () => {
    const justAfter = new Date(istMidnight("2026-03-15").getTime() + 5 * 60_000);
    expect(splitRange(istMidnight("2026-03-10"), istMidnight("2026-03-16"), justAfter).closedTo).toBe("2026-03-14");
  });

  it("reads a partial first day raw, and a range without a whole closed day entirely raw", () => {
    const start = new Date(istMidnight("2026-03-01").getTime() + 3_600_000);
    const split = splitRange(start, istMidnight("2026-03-10"), now);
    expect(split).toMatchObject({ closedFrom: "2026-03-02", closedTo: "2026-03-10", head: { start, end: istMidnight("2026-03-02") } });
    const today = splitRange(istMidnight("2026-03-15"), istMidnight("2026-03-16"), now);
    expect(today).toEqual({ closedFrom: "2026-03-15", closedTo: "2026-03-15", head: { start: istMidnight("2026-03-15"), end: istMidnight("2026-03-16") }, tail: { start: istMidnight("2026-03-16"), end: istMidnight("2026-03-16") } });
  });
});
