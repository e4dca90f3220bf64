/** Writes the sample fee books and roll into a development database. */
import { eq } from "drizzle-orm";
import { admissionsSession } from "#content/calendar";
import type { Database } from "~/db/client.server";
import { feeBooks, students } from "~/db/schema/fees";
import { settings } from "~/db/schema/settings";
import { bumpContentVersion } from "~/core/content/version.server";
import { kolkataDate, sessionKey, sessionOf } from "~/lib/dates";
import { sampleFeeBook, sampleStudents } from "./sample";

/** The marker of the first seed: the current session's book and the roll. */
const FEES_SEED_KEY = "sample_fees_seed_version";
/** The marker of each session's sample book after the first ("sample_fee_book:2027-28"). */
const bookSeedKey = (session: string) => `sample_fee_book:${session}`;

/**
 * The sample fee book of the current session and a handful of students (once: a `settings`
 * marker), and the sample book of the admissions session (content/calendar.ts
 * `admissionsSession`, which /fee shows), once per session (a marker each, so a database seeded
 * before gets the new session's book too; a book the office already set is kept). One
 * transaction; the content version is bumped when a book is written (/fee shows it). Never called
 * in production. Returns true when anything was written.
 */
export async function seedSampleFees(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = async (key: string) => (await tx.select().from(settings).where(eq(settings.key, key))).length > 0;
    const current = sessionOf(kolkataDate(now));
    let wrote = false;
    if (!(await marked(FEES_SEED_KEY))) {
      await tx.insert(feeBooks).values({ session: current, book: sampleFeeBook(current), updatedBy: "sample data" }).onConflictDoNothing();
      await tx.insert(students).values(sampleStudents(current)).onConflictDoNothing();
      await tx.insert(settings).values({ key: FEES_SEED_KEY, value: "1" });
      wrote = true;
    }
    const admissions = sessionKey(admissionsSession);
    if (admissions !== current && !(await marked(bookSeedKey(admissions)))) {
      await tx.insert(feeBooks).values({ session: admissions, book: sampleFeeBook(admissions), updatedBy: "sample data" }).onConflictDoNothing();
      await tx.insert(settings).values({ key: bookSeedKey(admissions), value: "1" });
      wrote = true;
    }
    if (wrote) await bumpContentVersion(tx);
    return wrote;
  });
}
