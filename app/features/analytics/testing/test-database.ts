/** The analytics tests' database helpers: a fresh database (from ~/db/test-database), emptied analytics tables, raw rows. */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

export { openTestDatabase, openTwoProcessDatabase, type TestDatabase } from "~/db/test-database";

/** Empties the analytics tables and the reset setting. */
export async function resetAnalytics(db: Database): Promise<void> {
  await db.execute(sql`TRUNCATE visitor_analytics, analytics_aggregated RESTART IDENTITY`);
  await db.execute(sql`DELETE FROM settings WHERE key = 'last_analytics_reset'`);
}

/** Rows of a raw query. */
export async function query<T>(db: Database, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}
