/**
 * Stores one visit (SPEC §3, §4, §7): the new/returning classification and the insert are one
 * SQL statement, so a visit sees every visit stored before it. On error 23502 (not-null) or
 * 23505 (unique) the reduced payload of SPEC §7 is tried; on any other failure, the minimal
 * record with visitor_ip 'unavailable'.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { reasonOf, sqlState } from "~/db/sql.server";
import { UNAVAILABLE_IP } from "./visitor-rules";

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

/** Which payload was stored: all fields, SPEC §7's reduced set, or the minimal record. */
export type InsertOutcome = "full" | "reduced" | "minimal";

/** SPEC §7's reduced payload, plus the classification computed in the statement. */
const REDUCED_FIELDS = ["visitorIp", "sessionId", "pageVisited", "isApplyPage", "isBot", "timestamp"] as const;
const FULL_FIELDS = [
  "visitorIp", "sessionId", "userAgent", "pageVisited", "country", "city", "region", "referrer",
  "deviceType", "browser", "os", "isMobile", "isApplyPage", "isBot", "timestamp",
] as const;
type Field = (typeof FULL_FIELDS)[number];

const COLUMN: Record<Field, string> = {
  visitorIp: "visitor_ip", sessionId: "session_id", userAgent: "user_agent", pageVisited: "page_visited",
  country: "country", city: "city", region: "region", referrer: "referrer", deviceType: "device_type",
  browser: "browser", os: "os", isMobile: "is_mobile", isApplyPage: "is_apply_page", isBot: "is_bot", timestamp: "timestamp",
};

function valueOf(visit: VisitRecord, field: Field): SQL {
  const value = visit[field];
  if (field === "timestamp") return sql`${(value as Date).toISOString()}::timestamptz`;
  if (typeof value === "boolean") return value ? sql`true` : sql`false`;
  return value === null ? sql`NULL` : sql`${value}`;
}

/**
 * INSERT … SELECT that classifies the visit by SPEC §4 (see visitor-rules.ts, its reference)
 * from the rows already stored, using the partial indexes on (session_id, visit_count) and
 * (visitor_ip, timestamp, visit_count).
 */
function classifiedInsert(visit: VisitRecord, fields: readonly Field[]): SQL {
  const columns = sql.join([...fields.map((f) => sql.identifier(COLUMN[f])), sql`is_new_visitor`, sql`visit_count`], sql`, `);
  const values = sql.join(fields.map((f) => valueOf(visit, f)), sql`, `);
  const ts = sql`${visit.timestamp.toISOString()}::timestamptz`;
  return sql`
    INSERT INTO visitor_analytics (${columns})
    SELECT ${values},
           m.session_max IS NULL AND m.week_n = 0,
           CASE WHEN m.session_max IS NOT NULL THEN m.session_max + 1
                WHEN m.day_max IS NOT NULL THEN m.day_max + 1
                WHEN m.week_n = 1 THEN 2
                WHEN m.week_n > 1 THEN m.week_max + 1
                ELSE 1 END
    FROM (SELECT
      (SELECT max(visit_count) FROM visitor_analytics WHERE session_id = ${visit.sessionId} AND is_bot IS NOT TRUE) AS session_max,
      (SELECT max(visit_count) FROM visitor_analytics
        WHERE visitor_ip = ${visit.visitorIp} AND "timestamp" > ${ts} - interval '24 hours' AND is_bot IS NOT TRUE) AS day_max,
      (SELECT max(visit_count) FROM visitor_analytics
        WHERE visitor_ip = ${visit.visitorIp} AND "timestamp" > ${ts} - interval '7 days' AND is_bot IS NOT TRUE) AS week_max,
      (SELECT count(*)::int FROM (SELECT 1 FROM visitor_analytics
        WHERE visitor_ip = ${visit.visitorIp} AND "timestamp" > ${ts} - interval '7 days' AND is_bot IS NOT TRUE LIMIT 2) two) AS week_n
    ) m`;
}

function minimalInsert(visit: VisitRecord): SQL {
  return sql`INSERT INTO visitor_analytics (visitor_ip, session_id, page_visited, "timestamp")
             VALUES (${UNAVAILABLE_IP}, ${visit.sessionId}, ${visit.pageVisited}, ${visit.timestamp.toISOString()}::timestamptz)`;
}

/**
 * Inserts `visit` with the SPEC §7 fallback chain and says which payload was stored. Throws
 * only when even the minimal record cannot be stored (the database is down).
 */
export async function insertVisit(db: Database, visit: VisitRecord): Promise<InsertOutcome> {
  let firstError: unknown;
  try {
    await db.execute(classifiedInsert(visit, FULL_FIELDS));
    return "full";
  } catch (error) {
    firstError = error;
  }
  const code = sqlState(firstError);
  if (code === "23502" || code === "23505") {
    try {
      await db.execute(classifiedInsert(visit, REDUCED_FIELDS));
      return "reduced";
    } catch (error) {
      firstError = error;
    }
  }
  console.error(`Analytics insert failed (${sqlState(firstError) ?? "no code"}: ${reasonOf(firstError)}); storing the minimal record.`);
  await db.execute(minimalInsert(visit));
  return "minimal";
}
