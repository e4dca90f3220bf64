/**
 * Ingest against a real database (PGlite; PostgreSQL in CI's second pass): the SPEC §4 rules as
 * the SQL classifies them (each rule, and random histories against the TypeScript reference),
 * the SPEC §7 insert fallback chain (forced 23502, 23505 and another error), bots dropped, and
 * the queue storing every accepted beacon.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { visitorAnalytics } from "~/db/schema/analytics";
import { DatabaseUnavailableError } from "~/db/unavailable";
import { insertBatch } from "./batch-insert.server";
import { IngestQueue, type Beacon } from "./ingest-queue.server";
import type { VisitRecord } from "./batch-insert.server";
import { insertVisit } from "./insert-visit.server";
import { openTestDatabase, query, resetAnalytics, type TestDatabase } from "../testing/test-database";
import { VisitClassifier, classifyVisit, type EarlierVisit } from "./visitor-rules";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse("2026-05-10T04:00:00.000Z");
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
let t: TestDatabase;

function record(sessionId: string, visitorIp: string, at: number, over: Partial<VisitRecord> = {}): VisitRecord {
  return {
    visitorIp, sessionId, userAgent: CHROME, pageVisited: "/", country: "India", city: "Kharagpur", region: "West Bengal",
    referrer: null, deviceType: "desktop", browser: "Chrome", os: "Windows", isMobile: false, isApplyPage: false, isBot: false,
    timestamp: new Date(at), ...over,
  };
}

type Stored = { session_id: string; visitor_ip: string; is_new_visitor: boolean; visit_count: number; user_agent: string | null; country: string | null; is_bot: boolean | null; page_visited: string };
async function stored(): Promise<Stored[]> {
  return query<Stored>(t.db, sql`SELECT session_id, visitor_ip, is_new_visitor, visit_count, user_agent, country, is_bot, page_visited FROM visitor_analytics ORDER BY "timestamp", id`);
}

async function classify(sessionId: string, ip: string, at: number) {
  await insertVisit(t.db, record(sessionId, ip, at));
  const rows = await stored();
  const last = rows[rows.length - 1]!;
  return { isNewVisitor: last.is_new_visitor, visitCount: last.visit_count };
}

describe("visit ingest", () => {
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => t?.dispose());
  beforeEach(async () => resetAnalytics(t.db));

  describe("new or returning in SQL (SPEC §4)", () => {
    it("a first visit is new with visit_count 1", async () => {
      expect(await classify("s1", "1.1.1.1", T0)).toEqual({ isNewVisitor: true, visitCount: 1 });
    });

    it("matches by session, whatever the IP: one above the session's highest", async () => {
      await classify("s1", "1.1.1.1", T0);
      await classify("s1", "1.1.1.1", T0 + 1000);
      expect(await classify("s1", "5.5.5.5", T0 + 30 * DAY)).toEqual({ isNewVisitor: false, visitCount: 3 });
    });

    it("then by the same IP within 24 hours", async () => {
      await classify("s1", "1.1.1.1", T0);
      await classify("s1", "1.1.1.1", T0 + HOUR);
      expect(await classify("s2", "1.1.1.1", T0 + 23 * HOUR)).toEqual({ isNewVisitor: false, visitCount: 3 });
    });

    it("then by the same IP within 7 days: 2 for a single earlier record, one above the highest for several", async () => {
      await t.db.insert(visitorAnalytics).values({ visitorIp: "1.1.1.1", sessionId: "old", pageVisited: "/", visitCount: 5, isNewVisitor: false, isBot: false, timestamp: new Date(T0) });
      expect(await classify("s2", "1.1.1.1", T0 + 3 * DAY)).toEqual({ isNewVisitor: false, visitCount: 2 });
      // Two records now, the newer 2 days old: beyond 24 h, within 7 days.
      expect(await classify("s3", "1.1.1.1", T0 + 5 * DAY)).toEqual({ isNewVisitor: false, visitCount: 6 });
    });

    it("is new again after 7 days, and ignores bots' records", async () => {
      await classify("s1", "1.1.1.1", T0);
      expect(await classify("s2", "1.1.1.1", T0 + 7 * DAY + 1)).toEqual({ isNewVisitor: true, visitCount: 1 });
      await t.db.insert(visitorAnalytics).values({ visitorIp: "2.2.2.2", sessionId: "bot", pageVisited: "/", visitCount: 9, isBot: true, timestamp: new Date(T0) });
      expect(await classify("bot", "2.2.2.2", T0 + HOUR)).toEqual({ isNewVisitor: true, visitCount: 1 });
    });

    it("agrees with the TypeScript reference on random histories", async () => {
      const event = fc.record({
        sessionId: fc.constantFrom("a", "b", "c", "d", "e"),
        visitorIp: fc.constantFrom("1.1.1.1", "2.2.2.2", "3.3.3.3"),
        gap: fc.oneof(fc.integer({ min: 0, max: 2 * HOUR }), fc.integer({ min: 20 * HOUR, max: 4 * DAY })),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 25 }), async (events) => {
          await resetAnalytics(t.db);
          const reference = new VisitClassifier();
          const expected: { isNewVisitor: boolean; visitCount: number }[] = [];
          let at = T0;
          for (const e of events) {
            at += e.gap;
            await insertVisit(t.db, record(e.sessionId, e.visitorIp, at));
            expected.push(reference.next({ ...e, timestamp: at })!);
          }
          expect((await stored()).map((r) => ({ isNewVisitor: r.is_new_visitor, visitCount: r.visit_count }))).toEqual(expected);
        }),
        { numRuns: 40 },
      );
    });
  });

  describe("batch path", () => {
    it("classifies a batch exactly as one-by-one inserts would, also at the 24 h and 7 day edges", async () => {
      const offsets = [-7 * DAY - 5, -7 * DAY, -7 * DAY + 3, -7 * DAY + 9, -DAY - 4, -DAY, -DAY + 2, -DAY + 7, -3 * DAY, -HOUR];
      // Earlier records with any visit_count (older data need not follow the rules).
      const prior = fc.record({ sessionId: fc.constantFrom("p1", "p2", "p3", "a"), visitorIp: fc.constantFrom("1.1.1.1", "2.2.2.2"), offset: fc.constantFrom(...offsets), visitCount: fc.integer({ min: 1, max: 9 }) });
      // Mostly fresh sessions, so the IP rules decide; small gaps, so visits straddle the edges.
      const event = fc.record({ sessionId: fc.oneof(fc.constantFrom("a", "b"), fc.uuid()), visitorIp: fc.constantFrom("1.1.1.1", "2.2.2.2"), gap: fc.integer({ min: 0, max: 4 }) });
      await fc.assert(
        fc.asyncProperty(fc.array(prior, { maxLength: 8 }), fc.array(event, { minLength: 1, maxLength: 20 }), fc.integer({ min: 1, max: 8 }), async (priors, events, batchSize) => {
          await resetAnalytics(t.db);
          const history: EarlierVisit[] = priors.map((p) => ({ ...p, timestamp: T0 + p.offset }));
          for (const p of history) {
            await t.db.insert(visitorAnalytics).values({ ...record(p.sessionId, p.visitorIp, p.timestamp), isNewVisitor: false, visitCount: p.visitCount });
          }
          const expected: { isNewVisitor: boolean; visitCount: number }[] = [];
          let at = T0;
          const visits = events.map((e) => {
            at += e.gap;
            const c = classifyVisit(history, { ...e, timestamp: at });
            history.push({ ...e, timestamp: at, visitCount: c.visitCount });
            expected.push(c);
            return record(e.sessionId, e.visitorIp, at);
          });
          for (let i = 0; i < visits.length; i += batchSize) await insertBatch(t.db, visits.slice(i, i + batchSize));
          const rows = await query<{ is_new_visitor: boolean; visit_count: number }>(
            t.db,
            sql`SELECT is_new_visitor, visit_count FROM visitor_analytics WHERE "timestamp" >= ${new Date(T0).toISOString()}::timestamptz ORDER BY "timestamp", id`,
          );
          expect(rows.map((r) => ({ isNewVisitor: r.is_new_visitor, visitCount: r.visit_count }))).toEqual(expected);
        }),
        { numRuns: 150 },
      );
    });
  });

  it("in a batch, a record exactly 24 h older than a visit is outside that visit's 24 h window", async () => {
    await t.db.insert(visitorAnalytics).values({ ...record("old", "1.1.1.1", T0 - DAY + 2), isNewVisitor: false, visitCount: 5 });
    await insertBatch(t.db, [record("y", "2.2.2.2", T0), record("x1", "1.1.1.1", T0 + 1), record("x2", "1.1.1.1", T0 + 2)]);
    const rows = await stored();
    // At T0+1 the old record is 24 h less 1 ms old: one above its 5. At T0+2 it is exactly 24 h old,
    // but the visit at T0+1 is within 24 h: one above that visit's 6.
    expect(rows.slice(1).map((r) => [r.session_id, r.visit_count])).toEqual([["y", 1], ["x1", 6], ["x2", 7]]);
    await resetAnalytics(t.db);
    await t.db.insert(visitorAnalytics).values({ ...record("old", "1.1.1.1", T0 - DAY + 2), isNewVisitor: false, visitCount: 5 });
    await insertBatch(t.db, [record("y", "2.2.2.2", T0), record("x2", "1.1.1.1", T0 + 2)]);
    // Only the 7-day rule matches, with a single record: 2.
    expect((await stored()).slice(1).map((r) => [r.session_id, r.visit_count, r.is_new_visitor])).toEqual([["y", 1, true], ["x2", 2, false]]);
  });

  describe("insert fallback chain (SPEC §7)", () => {
    async function failWhen(condition: string, code: string) {
      await t.db.execute(sql.raw(`CREATE OR REPLACE FUNCTION analytics_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF ${condition} THEN RAISE EXCEPTION 'forced failure' USING ERRCODE = '${code}'; END IF; RETURN NEW; END $$`));
      await t.db.execute(sql.raw(`CREATE TRIGGER analytics_test_fail BEFORE INSERT ON visitor_analytics FOR EACH ROW EXECUTE FUNCTION analytics_test_fail()`));
    }
    afterEach(async () => {
      await t.db.execute(sql.raw(`DROP TRIGGER IF EXISTS analytics_test_fail ON visitor_analytics`));
    });

    it.each(["23502", "23505"])("on %s retries with the reduced payload, keeping the classification", async (code) => {
      await insertVisit(t.db, record("s1", "1.1.1.1", T0));
      await failWhen("NEW.user_agent IS NOT NULL", code);
      expect(await insertVisit(t.db, record("s1", "1.1.1.1", T0 + 1000, { pageVisited: "/apply", isApplyPage: true }))).toBe("reduced");
      const rows = await stored();
      expect(rows[1]).toEqual({ session_id: "s1", visitor_ip: "1.1.1.1", is_new_visitor: false, visit_count: 2, user_agent: null, country: null, is_bot: false, page_visited: "/apply" });
    });

    it("on any other error stores the minimal record with visitor_ip 'unavailable'", async () => {
      await failWhen("NEW.visitor_ip <> 'unavailable'", "P0001");
      expect(await insertVisit(t.db, record("s1", "1.1.1.1", T0, { pageVisited: "/fee" }))).toBe("minimal");
      expect(await stored()).toEqual([{ session_id: "s1", visitor_ip: "unavailable", is_new_visitor: true, visit_count: 1, user_agent: null, country: null, is_bot: null, page_visited: "/fee" }]);
    });

    it("when the reduced insert fails too, stores the minimal record", async () => {
      await failWhen("NEW.visitor_ip <> 'unavailable'", "23502");
      expect(await insertVisit(t.db, record("s1", "1.1.1.1", T0))).toBe("minimal");
    });

    it("the queue retries a failed batch visit by visit, so only the bad visit is reduced", async () => {
      await failWhen("NEW.page_visited = '/broken' AND NEW.user_agent IS NOT NULL", "23505");
      const queue = new IngestQueue({ getDb: async () => t.db });
      const beacon = (path: string, i: number): Beacon => ({ payload: { sid: `session-${i}-xxxx`, path }, userAgent: CHROME, visitorIp: `49.37.0.${i}`, receivedAt: new Date(T0 + i) });
      ["/", "/broken", "/fee", "/apply"].forEach((p, i) => queue.push(beacon(p, i)));
      await queue.drain();
      expect(queue.stats.stored).toEqual({ full: 3, reduced: 1, minimal: 0 });
      expect((await stored()).map((r) => [r.page_visited, r.user_agent === null])).toEqual([["/", false], ["/broken", true], ["/fee", false], ["/apply", false]]);
    });
  });

  describe("queue", () => {
    it("stores every human beacon once, in order, with browser, device and place; drops bots", async () => {
      const queue = new IngestQueue({ getDb: async () => t.db, batchSize: 7 });
      const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
      for (let i = 0; i < 50; i++) {
        queue.push({ payload: { sid: `session-${i % 5}-abcd`, path: i % 10 === 0 ? "/apply?x=1" : "/" }, userAgent: i % 2 ? CHROME : iphone, visitorIp: "103.21.58.1", receivedAt: new Date(T0 + i) });
      }
      queue.push({ payload: { sid: "googlebot-xxxx", path: "/" }, userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", visitorIp: "1.2.3.4", receivedAt: new Date(T0 + 60) });
      queue.push({ payload: { sid: "crawler-net-x", path: "/" }, userAgent: CHROME, visitorIp: "66.249.66.1", receivedAt: new Date(T0 + 61) });
      queue.push({ payload: { sid: "headless-xxxx", path: "/" }, userAgent: "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/124.0.0.0 Safari/537.36", visitorIp: "1.2.3.5", receivedAt: new Date(T0 + 62) });
      await queue.drain();
      expect(queue.stats).toMatchObject({ accepted: 53, bots: 3, stored: { full: 50, reduced: 0, minimal: 0 }, dropped: 0, failed: 0 });
      const rows = await query<{ n: number; apply: number; mobile: number; safari: number; india: number; new_n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE is_apply_page AND page_visited = '/apply')::int AS apply,
                   count(*) FILTER (WHERE device_type = 'mobile' AND is_mobile)::int AS mobile, count(*) FILTER (WHERE browser = 'Safari')::int AS safari,
                   count(*) FILTER (WHERE country = 'India' AND city IS NOT NULL)::int AS india, count(*) FILTER (WHERE is_new_visitor)::int AS new_n
            FROM visitor_analytics`,
      );
      // One IP: only the very first visit is new; the rest match by session or by IP within 24 h.
      expect(rows[0]).toEqual({ n: 50, apply: 5, mobile: 25, safari: 25, india: 50, new_n: 1 });
    });

    it("keeps visits while the database is away and stores them, in order, once it is back", async () => {
      let down = true;
      let attempts = 0;
      const queue = new IngestQueue({
        getDb: async () => {
          attempts++;
          if (down) throw new DatabaseUnavailableError("connect ECONNREFUSED");
          return t.db;
        },
        batchSize: 4,
        flushDelayMs: 0,
        retryMinMs: 5,
      });
      for (let i = 0; i < 10; i++) queue.push({ payload: { sid: `outage-${i}-xxxx`, path: `/p${i}` }, userAgent: CHROME, visitorIp: `49.37.1.${i}`, receivedAt: new Date(T0 + i) });
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(attempts).toBeGreaterThan(1);
      expect(queue.stats.pending).toBe(10);
      expect((await stored()).length).toBe(0);
      down = false;
      await queue.drain();
      expect(queue.stats).toMatchObject({ accepted: 10, stored: { full: 10, reduced: 0, minimal: 0 }, dropped: 0, failed: 0, pending: 0 });
      expect((await stored()).map((r) => r.page_visited)).toEqual(Array.from({ length: 10 }, (_, i) => `/p${i}`));
    });

    it("counts what overflows the bound, and what is still waiting when a shutdown drain gives up", async () => {
      const queue = new IngestQueue({
        getDb: async () => {
          throw new DatabaseUnavailableError("connect ECONNREFUSED");
        },
        maxPending: 5,
        flushDelayMs: 0,
        retryMinMs: 5,
      });
      for (let i = 0; i < 8; i++) queue.push({ payload: { sid: `overflow-${i}-xxx`, path: "/" }, userAgent: CHROME, visitorIp: "49.37.2.1", receivedAt: new Date(T0 + i) });
      expect(queue.stats).toMatchObject({ accepted: 8, dropped: 3 });
      const started = Date.now();
      await queue.drain(100);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(queue.stats).toMatchObject({ accepted: 8, dropped: 8, failed: 0, pending: 0 });
    });
  });
});
