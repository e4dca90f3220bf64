/**
 * Enquiry storage and queries (table `enquiries`). Every function takes the Drizzle database
 * so tests can pass their own; throws whatever the driver throws (callers decide what the
 * parent sees: DESIGN.md §8, never a fake success).
 */
import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { recordChange, type Actor } from "~/core/audit/audit.server";
import type { Database } from "~/db/client.server";
import type { EnquiryStatus } from "~/db/enquiry-statuses";
import { enquiries } from "~/db/schema/enquiries";
import { enqueue } from "~/core/messages/outbox.server";
import { addDays, istMidnight } from "~/lib/dates";
import { SCHOOL_CLASSES } from "#content/school";
import { type EnquiryInput } from "./schema";
import { escapeLike } from "~/lib/search";

export type Enquiry = typeof enquiries.$inferSelect;

/**
 * Stores one validated enquiry and returns its id. In the same transaction it enqueues
 * `enquiry_new` to the office and, when the parent gave an e-mail, `enquiry_acknowledgement` to
 * them (key `enquiry:<id>`): the enquiry and its messages are stored together or not at all.
 */
export async function createEnquiry(db: Database, input: EnquiryInput, sourcePage?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(enquiries)
      .values({ name: input.name, phone: input.phone, class: input.class, email: input.email ?? null, sourcePage: sourcePage ?? null })
      .returning({ id: enquiries.id, createdAt: enquiries.createdAt });
    const key = `enquiry:${row!.id}`;
    const related = `enquiry:${row!.id}`;
    await enqueue(tx, {
      kind: "enquiry_new",
      data: { name: input.name, phone: input.phone, className: input.class, email: input.email ?? null, receivedAt: row!.createdAt.toISOString() },
      key,
      related,
    });
    if (input.email) await enqueue(tx, { kind: "enquiry_acknowledgement", data: { name: input.name, className: input.class }, to: { email: input.email }, key, related });
    return row!.id;
  });
}

/** How many enquiries arrived on the IST day `day` ("yyyy-mm-dd"), for the office's daily summary. */
export async function enquiriesOn(db: Database, day: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(and(gte(enquiries.createdAt, istMidnight(day)), lt(enquiries.createdAt, istMidnight(addDays(day, 1)))));
  return Number(row?.n ?? 0);
}

export type EnquiryFilters = {
  /** Matches the name (case-insensitive, anywhere) or the phone digits. */
  q?: string;
  class?: string;
  status?: EnquiryStatus;
  /** IST dates "yyyy-mm-dd", inclusive. */
  from?: string;
  to?: string;
};

/** The WHERE clause of a filter set; unknown classes and malformed dates are ignored. */
function whereOf(f: EnquiryFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  const q = f.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, "");
    parts.push(
      or(
        ilike(enquiries.name, `%${escapeLike(q)}%`),
        digits.length >= 3 ? sql`${enquiries.phone} like ${`%${digits}%`}` : undefined,
      ),
    );
  }
  if (f.class && (SCHOOL_CLASSES as readonly string[]).includes(f.class)) parts.push(eq(enquiries.class, f.class));
  if (f.status) parts.push(eq(enquiries.status, f.status));
  const day = (iso: string | undefined) => {
    try {
      return iso ? istMidnight(iso) : undefined;
    } catch {
      return undefined;
    }
  };
  const from = day(f.from);
  const to = day(f.to);
  if (from) parts.push(gte(enquiries.createdAt, from));
  if (to) parts.push(lt(enquiries.createdAt, new Date(to.getTime() + 86_400_000)));
  return parts.length ? and(...parts) : undefined;
}

/** One page of enquiries, newest first, and the total matching the filters. */
export async function listEnquiries(
  db: Database,
  filters: EnquiryFilters,
  page: { number: number; size: number },
): Promise<{ rows: Enquiry[]; total: number }> {
  const where = whereOf(filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(enquiries)
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    db.select({ total: count() }).from(enquiries).where(where),
  ]);
  return { rows, total: Number(totals?.total ?? 0) };
}

/** Every enquiry matching the filters, newest first (for CSV export). */
export async function allEnquiries(db: Database, filters: EnquiryFilters): Promise<Enquiry[]> {
  return db.select().from(enquiries).where(whereOf(filters)).orderBy(desc(enquiries.createdAt), desc(enquiries.id));
}

/**
 * Marks an enquiry contacted with the staff member's note (≤ 1000 characters) on behalf of
 * `actor`, with the audit row (`enquiry.status`: status and note before and after, by enquiry
 * id) in the same transaction. Returns false when there is no such enquiry.
 */
export async function markContacted(db: Database, id: number, note: string, actor: Actor, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select({ status: enquiries.status, note: enquiries.note }).from(enquiries).where(eq(enquiries.id, id)).for("update");
    if (!old) return false;
    const after = { status: "contacted" as const, note: note.trim().slice(0, 1000) || null };
    await tx.update(enquiries).set({ ...after, contactedAt: now }).where(eq(enquiries.id, id));
    await recordChange(tx, { actor, action: "enquiry.status", entity: "enquiry", entityId: String(id), before: old, after });
    return true;
  });
}

/** Counts for the dashboard: new (not yet contacted), received in the last 7 days, and all. */
export async function enquiryCounts(db: Database, now = new Date()): Promise<{ new: number; lastSevenDays: number; total: number }> {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      new: sql<number>`(count(*) filter (where ${enquiries.status} = 'new'))::int`,
      lastSevenDays: sql<number>`(count(*) filter (where ${enquiries.createdAt} >= ${weekAgo}))::int`,
    })
    .from(enquiries);
  return { new: Number(row?.new ?? 0), lastSevenDays: Number(row?.lastSevenDays ?? 0), total: Number(row?.total ?? 0) };
}
