/**
 * The fast path of ingest: a batch of visits classified in TypeScript by SPEC §4 from one look-up
 * query, then stored with one multi-row INSERT, in one transaction. It gives exactly what
 * `insertVisit` (one classified INSERT per visit) gives when the visits are stored one after
 * another, at a fraction of the statements: the look-up reads each IP's highest visit_count in the
 * part of the 24 h and 7 day windows common to the whole batch, plus the few records at the
 * windows' old edges one by one, so every visit gets its own exact windows. It relies on being
 * the only writer at a time: one IngestQueue per process, and across processes a transaction
 * advisory lock (INGEST_LOCK_KEY) taken before the look-up, so each batch sees every batch
 * committed before it (READ COMMITTED takes a new snapshot per statement).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/sql.server";
import { RETURNING_WINDOW_LONG_MS, RETURNING_WINDOW_SHORT_MS, UNAVAILABLE_IP, type Classification } from "./visitor-rules";

/** A visit ready to store, every SPEC §3 field except the classification and id. */
export type VisitRecord = {
  visitorIp: string;
  sessionId: string;
  userAgent: string | null;
  pageVisited: string;
  country: string | null;
  city: string | null;
  region: string | null;
  referrer: string | null;
  deviceType: string | null;
  browser: string | null;
  os: string | null;
  isMobile: boolean | null;
  isApplyPage: boolean;
  isBot: boolean;
  timestamp: Date;
};

/** pg_advisory_xact_lock key serialising visit writers across server processes: "kva ingest". */
export const INGEST_LOCK_KEY = 0x6b76_696e;

type Edge = { at: number; visitCount: number };
type IpLookup = { dayMax: number | null; dayCount: number; weekMax: number | null; weekCount: number; dayEdges: Edge[]; weekEdges: Edge[] };

/**
 * A list of strings as one query parameter (a JSON array), so a batch costs a few parameters
 * rather than one per value: building a query with thousands of parameters cost more CPU than
 * running it.
 */
const list = (values: readonly string[]): SQL => sql`SELECT json_array_elements_text(${JSON.stringify(values)}::json)`;
const instant = (ms: number): SQL => sql`${new Date(ms).toISOString()}::timestamptz`;

/** Classifies `visits` (in arrival order) against the stored records and each other. */
export async function classifyBatch(db: Database, visits: readonly VisitRecord[]): Promise<Classification[]> {
  const times = visits.map((v) => v.timestamp.getTime());
  const tMin = Math.min(...times);
  const tMax = Math.max(...times);
  const sessions = [...new Set(visits.map((v) => v.sessionId))];
  const ips = [...new Set(visits.map((v) => v.visitorIp).filter((ip) => ip !== UNAVAILABLE_IP))];

  const sessionMax = new Map<string, number>();
  for (const r of await rowsOf<{ session_id: string; m: number }>(
    db,
    sql`SELECT session_id, max(visit_count)::int AS m FROM visitor_analytics
        WHERE session_id IN (${list(sessions)}) AND is_bot IS NOT TRUE GROUP BY session_id`,
  )) {
    sessionMax.set(r.session_id, Number(r.m));
  }

  const byIp = new Map<string, IpLookup>(ips.map((ip) => [ip, { dayMax: null, dayCount: 0, weekMax: null, weekCount: 0, dayEdges: [], weekEdges: [] }]));
  if (ips.length > 0) {
    const dayCore = instant(tMax - RETURNING_WINDOW_SHORT_MS);
    const weekCore = instant(tMax - RETURNING_WINDOW_LONG_MS);
    const rows = await rowsOf<{ visitor_ip: string; kind: "day" | "week" | "dayEdge" | "weekEdge"; m: number | null; n: number; at: number | null }>(
      db,
      sql`SELECT visitor_ip, 'day' AS kind, max(visit_count)::int AS m, count(*)::int AS n, NULL::float8 AS at FROM visitor_analytics
            WHERE visitor_ip IN (${list(ips)}) AND "timestamp" > ${dayCore} AND is_bot IS NOT TRUE GROUP BY visitor_ip
          UNION ALL
          SELECT visitor_ip, 'week', max(visit_count)::int, count(*)::int, NULL::float8 FROM visitor_analytics
            WHERE visitor_ip IN (${list(ips)}) AND "timestamp" > ${weekCore} AND is_bot IS NOT TRUE GROUP BY visitor_ip
          UNION ALL
          SELECT visitor_ip, 'dayEdge', visit_count, 1, extract(epoch FROM "timestamp")::float8 * 1000 FROM visitor_analytics
            WHERE visitor_ip IN (${list(ips)}) AND is_bot IS NOT TRUE
              AND "timestamp" > ${instant(tMin - RETURNING_WINDOW_SHORT_MS)} AND "timestamp" <= ${dayCore}
          UNION ALL
          SELECT visitor_ip, 'weekEdge', visit_count, 1, extract(epoch FROM "timestamp")::float8 * 1000 FROM visitor_analytics
            WHERE visitor_ip IN (${list(ips)}) AND is_bot IS NOT TRUE
              AND "timestamp" > ${instant(tMin - RETURNING_WINDOW_LONG_MS)} AND "timestamp" <= ${weekCore}`,
    );
    for (const r of rows) {
      const ip = byIp.get(r.visitor_ip)!;
      if (r.kind === "day") [ip.dayMax, ip.dayCount] = [Number(r.m), Number(r.n)];
      else if (r.kind === "week") [ip.weekMax, ip.weekCount] = [Number(r.m), Number(r.n)];
      else (r.kind === "dayEdge" ? ip.dayEdges : ip.weekEdges).push({ at: Number(r.at), visitCount: Number(r.m) });
    }
  }

  const earlier: { ip: string; at: number; visitCount: number }[] = [];
  return visits.map((visit, i) => {
    const t = times[i]!;
    const result = classifyOne(visit, t, sessionMax.get(visit.sessionId), byIp.get(visit.visitorIp), earlier);
    sessionMax.set(visit.sessionId, Math.max(sessionMax.get(visit.sessionId) ?? 0, result.visitCount));
    if (visit.visitorIp !== UNAVAILABLE_IP) earlier.push({ ip: visit.visitorIp, at: t, visitCount: result.visitCount });
    return result;
  });
}

function classifyOne(visit: VisitRecord, t: number, session: number | undefined, ip: IpLookup | undefined, earlier: readonly { ip: string; at: number; visitCount: number }[]): Classification {
  if (session !== undefined) return { isNewVisitor: false, visitCount: session + 1 };
  if (!ip) return { isNewVisitor: true, visitCount: 1 };
  const dayStart = t - RETURNING_WINDOW_SHORT_MS;
  const weekStart = t - RETURNING_WINDOW_LONG_MS;
  // Stored records: the common part of the window, plus edge records inside this visit's window.
  let dayMax = ip.dayMax ?? -1;
  let dayCount = ip.dayCount;
  let weekMax = ip.weekMax ?? -1;
  let weekCount = ip.weekCount;
  for (const e of ip.dayEdges) if (e.at > dayStart) [dayMax, dayCount] = [Math.max(dayMax, e.visitCount), dayCount + 1];
  for (const e of ip.weekEdges) if (e.at > weekStart) [weekMax, weekCount] = [Math.max(weekMax, e.visitCount), weekCount + 1];
  // Visits earlier in this batch.
  for (const e of earlier) {
    if (e.ip !== visit.visitorIp) continue;
    if (e.at > dayStart) [dayMax, dayCount] = [Math.max(dayMax, e.visitCount), dayCount + 1];
    if (e.at > weekStart) [weekMax, weekCount] = [Math.max(weekMax, e.visitCount), weekCount + 1];
  }
  if (dayCount > 0) return { isNewVisitor: false, visitCount: dayMax + 1 };
  if (weekCount === 1) return { isNewVisitor: false, visitCount: 2 };
  if (weekCount > 1) return { isNewVisitor: false, visitCount: weekMax + 1 };
  return { isNewVisitor: true, visitCount: 1 };
}

/**
 * Classifies and stores a batch in one transaction; throws on any database error (nothing
 * stored). The rows travel as one JSON parameter read by json_to_recordset.
 */
export async function insertBatch(db: Database, visits: readonly VisitRecord[]): Promise<void> {
  if (visits.length === 0) return;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${INGEST_LOCK_KEY})`);
    const classes = await classifyBatch(tx, visits);
    const rows = visits.map((v, i) => ({
      visitor_ip: v.visitorIp, session_id: v.sessionId, user_agent: v.userAgent, page_visited: v.pageVisited,
      country: v.country, city: v.city, region: v.region, referrer: v.referrer, device_type: v.deviceType,
      browser: v.browser, os: v.os, is_mobile: v.isMobile, is_apply_page: v.isApplyPage, is_bot: v.isBot,
      timestamp: v.timestamp.toISOString(), is_new_visitor: classes[i]!.isNewVisitor, visit_count: classes[i]!.visitCount,
    }));
    await tx.execute(sql`INSERT INTO visitor_analytics (${sql.raw(COLUMNS)}) SELECT ${sql.raw(COLUMNS)}
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(${sql.raw(COLUMN_TYPES)})`);
  });
}

const COLUMN_TYPES =
  'visitor_ip text, session_id text, user_agent text, page_visited text, country text, city text, region text, referrer text, device_type text, browser text, os text, is_mobile boolean, is_apply_page boolean, is_bot boolean, "timestamp" timestamptz, is_new_visitor boolean, visit_count integer';
const COLUMNS = COLUMN_TYPES.split(", ").map((c) => c.split(" ")[0]).join(", ");
