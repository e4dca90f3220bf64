/**
 * Sample rows for a fresh development database, so the admin area has something to show.
 * Idempotent: a `settings` row (`sample_seed_version`) records that the seed ran, and the
 * rows and the marker are written in one transaction. Never called in production.
 */
import { eq } from "drizzle-orm";
import type { Database } from "./client.server";
import { enquiries } from "./schema/enquiries";
import { settings } from "./schema/settings";

const SEED_KEY = "sample_seed_version";
const SEED_VERSION = "1";

/** Writes the sample rows once. Returns true when it wrote them, false when already seeded. */
export async function seedSampleData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx.select().from(settings).where(eq(settings.key, SEED_KEY));
    if (done.length > 0) return false;
    await tx.insert(enquiries).values([
      { name: "Sample Parent (Ananya Ghosh)", phone: "9000000011", class: "Class 1", email: null },
      { name: "Sample Parent (Rahul Mahato)", phone: "9000000012", class: "Nursery", email: "rahul.sample@example.com" },
      { name: "Sample Parent (Farhana Begum)", phone: "9000000013", class: "Class 11", email: null },
    ]);
    await tx.insert(settings).values({ key: SEED_KEY, value: SEED_VERSION });
    return true;
  });
}
