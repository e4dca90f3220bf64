/**
 * Data correction (SPEC §4, §7, §8): recomputes is_new_visitor and visit_count of every non-bot
 * record by the SPEC §4 rules (visitor-rules.ts), reading the table in (timestamp, id) order,
 * and updates by id the records that disagree. Idempotent: a second run finds nothing.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { visitorAnalytics } from "~/db/schema/analytics";
import { VisitClassifier } from "../ingest/visitor-rules";
import { reasonOf } from "~/lib/errors";

const READ_PAGE = 5_000;

export type CorrectionResult = { checked: number; corrected: number };

/**
 * Corrects the table. Throws "Failed to fetch problematic data" when reading fails and
 * "Data correction failed: {reason}" when an update fails; updates already made stay (each is
 * correct on its own).
 */
export async function correctVisitData(db: Database, onProgress?: (p: { checked: number; corrected: number }) => void): Promise<CorrectionResult> {
  const classifier = new VisitClassifier();
  const result: CorrectionResult = { checked: 0, corrected: 0 };
  // Keyset on (timestamp, id) with the timestamp as text to the microsecond: a JS Date has only
  // milliseconds, and rows stored with now() have microseconds.
  let cursor: { ts: string; id: number } | null = null;
  for (;;) {
    let page: { id: number; sessionId: string; visitorIp: string; timestamp: Date; exact: string; isNewVisitor: boolean; visitCount: number }[];
    try {
      const after = cursor ? sql`(${visitorAnalytics.timestamp}, ${visitorAnalytics.id}) > (${cursor.ts}::timestamptz, ${cursor.id})` : undefined;
      page = await db
        .select({
          id: visitorAnalytics.id,
          sessionId: visitorAnalytics.sessionId,
          visitorIp: visitorAnalytics.visitorIp,
          timestamp: visitorAnalytics.timestamp,
          exact: sql<string>`to_char(${visitorAnalytics.timestamp} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          isNewVisitor: visitorAnalytics.isNewVisitor,
          visitCount: visitorAnalytics.visitCount,
        })
        .from(visitorAnalytics)
        .where(and(sql`${visitorAnalytics.isBot} IS NOT TRUE`, after))
        .orderBy(asc(visitorAnalytics.timestamp), asc(visitorAnalytics.id))
        .limit(READ_PAGE);
    } catch (error) {
      throw new Error("Failed to fetch problematic data", { cause: error });
    }
    if (page.length === 0) break;
    const last = page[page.length - 1]!;
    cursor = { ts: last.exact, id: Number(last.id) };
    for (const row of page) {
      const expected = classifier.next({ sessionId: row.sessionId, visitorIp: row.visitorIp, timestamp: row.timestamp.getTime() })!;
      result.checked++;
      if (expected.isNewVisitor === row.isNewVisitor && expected.visitCount === row.visitCount) continue;
      try {
        await db.update(visitorAnalytics).set({ isNewVisitor: expected.isNewVisitor, visitCount: expected.visitCount }).where(eq(visitorAnalytics.id, Number(row.id)));
      } catch (error) {
        throw new Error(`Data correction failed: ${reasonOf(error)}`, { cause: error });
      }
      result.corrected++;
    }
    onProgress?.({ ...result });
  }
  return result;
}
