/** The latest stored visits, every SPEC §3 field, for the admin area. */
import { desc } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { visitorAnalytics } from "~/db/schema/analytics";
import { analyticsError, reasonOf } from "./db-errors";

/** SPEC §7's largest plain list limit. */
export const MAX_LIST = 200;

/** Up to `limit` (1-200) latest records, newest first. Throws "Database error: {reason}". */
export async function latestVisits(db: Database, limit: number) {
  const n = Math.min(MAX_LIST, Math.max(1, Number.isFinite(limit) ? Math.floor(limit) : 50));
  try {
    return await db.select().from(visitorAnalytics).orderBy(desc(visitorAnalytics.timestamp), desc(visitorAnalytics.id)).limit(n);
  } catch (error) {
    throw analyticsError(`Database error: ${reasonOf(error)}`, error);
  }
}
