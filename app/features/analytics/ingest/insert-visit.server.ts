/**
 * Stores one visit (SPEC §3, §4, §7), the path of a batch that failed: classified new or
 * returning by the batch classifier (classifyBatch with a batch of one), then inserted. On error
 * 23502 (not-null) or 23505 (unique) the reduced payload of SPEC §7 is tried with the same
 * classification; on any other failure, the minimal record with visitor_ip 'unavailable'. The
 * ingest queue is the only writer of its process, and the writers' lock orders processes, so
 * nothing is stored between the look-up and the insert.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isDatabaseUnavailable } from "~/db/unavailable";
import { sqlState } from "~/db/sql.server";
import { classifyBatch, INGEST_LOCK_KEY, type VisitRecord } from "./batch-insert.server";
import { UNAVAILABLE_IP, type Classification } from "./visitor-rules";
import { reasonOf } from "~/lib/errors";

/** Which payload was stored: all fields, SPEC §7's reduced set, or the minimal record. */
export type InsertOutcome = "full" | "reduced" | "minimal";

/** SPEC §7's reduced payload, plus the classification. */
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

/** A plain INSERT of `fields` of the visit with its classification. */
function classifiedInsert(visit: VisitRecord, fields: readonly Field[], classification: Classification): SQL {
  const columns = sql.join([...fields.map((f) => sql.identifier(COLUMN[f])), sql`is_new_visitor`, sql`visit_count`], sql`, `);
  const values = sql.join([...fields.map((f) => valueOf(visit, f)), classification.isNewVisitor ? sql`true` : sql`false`, sql`${classification.visitCount}::int`], sql`, `);
  return sql`INSERT INTO visitor_analytics (${columns}) VALUES (${values})`;
}

function minimalInsert(visit: VisitRecord): SQL {
  return sql`INSERT INTO visitor_analytics (visitor_ip, session_id, page_visited, "timestamp")
             VALUES (${UNAVAILABLE_IP}, ${visit.sessionId}, ${visit.pageVisited}, ${visit.timestamp.toISOString()}::timestamptz)`;
}

/**
 * Runs `work` in a transaction holding the visit writers' lock (INGEST_LOCK_KEY), so server
 * processes classify and insert in turn, each seeing the visits committed before it.
 */
async function locked(db: Database, work: (tx: Database) => Promise<unknown>): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${INGEST_LOCK_KEY})`);
    await work(tx);
  });
}

/**
 * Inserts `visit` with the SPEC §7 fallback chain and says which payload was stored. Throws
 * only when even the minimal record cannot be stored (the database is down).
 */
export async function insertVisit(db: Database, visit: VisitRecord): Promise<InsertOutcome> {
  let firstError: unknown;
  let classification: Classification | undefined;
  try {
    await locked(db, async (tx) => {
      [classification] = await classifyBatch(tx, [visit]);
      await tx.execute(classifiedInsert(visit, FULL_FIELDS, classification!));
    });
    return "full";
  } catch (error) {
    firstError = error;
  }
  // The database is away: nothing to fall back to; the caller keeps the visit and retries.
  if (isDatabaseUnavailable(firstError)) throw firstError;
  const code = sqlState(firstError);
  if (classification && (code === "23502" || code === "23505")) {
    try {
      await locked(db, (tx) => tx.execute(classifiedInsert(visit, REDUCED_FIELDS, classification!)));
      return "reduced";
    } catch (error) {
      firstError = error;
    }
  }
  console.error(`Analytics insert failed (${sqlState(firstError) ?? "no code"}: ${reasonOf(firstError)}); storing the minimal record.`);
  await locked(db, (tx) => tx.execute(minimalInsert(visit)));
  return "minimal";
}
