/**
 * The outbox's own figures for the office's daily summary (docs/decisions/022-messages.md).
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { messages } from "~/db/schema/messages";
import { addDays, istMidnight } from "~/lib/dates";

/**
 * How many messages failed for good on the IST day `day` ("yyyy-mm-dd"): those whose status is
 * `failed` and that last changed that day (when the last try failed or the address was refused).
 * Throws RangeError for a malformed day.
 */
export async function failedMessagesOn(db: Database, day: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.status, "failed"), gte(messages.updatedAt, istMidnight(day)), lt(messages.updatedAt, istMidnight(addDays(day, 1)))));
  return Number(row?.n ?? 0);
}
