/** Writes the sample fee book and roll into a fresh development database. */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { feeBooks, students } from "~/db/schema/fees";
import { settings } from "~/db/schema/settings";
import { kolkataDate, sessionOf } from "~/lib/dates";
import { sampleFeeBook, sampleStudents } from "./sample";

const FEES_SEED_KEY = "sample_fees_seed_version";

/**
 * The sample fee book of the current session and a handful of students, once (a `settings`
 * marker), in one transaction; a database seeded before fees existed gets them too. Never called
 * in production. Returns true when written.
 */
export async function seedSampleFees(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx.select().from(settings).where(eq(settings.key, FEES_SEED_KEY));
    if (done.length > 0) return false;
    const session = sessionOf(kolkataDate(now));
    await tx.insert(feeBooks).values({ session, book: sampleFeeBook(session), updatedBy: "sample data" }).onConflictDoNothing();
    await tx.insert(students).values(sampleStudents(session)).onConflictDoNothing();
    await tx.insert(settings).values({ key: FEES_SEED_KEY, value: "1" });
    return true;
  });
}
