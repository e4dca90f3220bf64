/** The latest stored visits, every SPEC §3 field, for the admin area. */
import { desc } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { visitorAnalytics } from "~/db/schema/analytics";
import { reasonOf } from "~/lib/errors";

/** SPEC §7's largest plain list limit. */
export const MAX_LIST = 200;

/** Up to `limit` (1-200) latest records, newest first. Throws "Database error: {reason}". */
export async function latestVisits(db: Database, limit: number) {
  const n = Math.min(MAX_LIST, Math.max(1, Number.isFinite(limit) ? Math.floor(limit) : 50));
  try {
    return await db.select().from(visitorAnalytics).orderBy(desc(visitorAnalytics.timestamp), desc(visitorAnalytics.id)).limit(n);
  } catch (error) {
    throw new Error(`Database error: ${reasonOf(error)}`, { cause: error });
  }
}

/**
 * A connection check for the dashboard: the 5 latest records (SPEC §7's smallest limit).
 * Throws "Failed to fetch test data" (SPEC §8) when the table cannot be read.
 */
export async function fetchTestData(db: Database) {
  try {
    return await db.select().from(visitorAnalytics).orderBy(desc(visitorAnalytics.id)).limit(5);
  } catch (error) {
    throw new Error("Failed to fetch test data", { cause: error });
  }
}
