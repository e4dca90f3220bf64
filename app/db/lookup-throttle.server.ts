/**
 * The throttle of the parents' look-ups (OWASP ASVS 2.2.1 style): a receipt by its number
 * (/receipt-download), a student by admission number and date of birth (/fees,
 * /bus-fee-payment), an application by number and mobile (/admissions/status). Each wrong try
 * is stored in `lookup_failures` with its kind, the number tried and the client IP, in the
 * database so the limit holds across processes. A look-up is refused once either its IP or its
 * number has reached the kind's limit within the window, counting that kind's tries only.
 * Password reset requests (/admin/forgot-password) count every request, found or not, by the
 * address typed: a stranger cannot fill someone's inbox, nor learn which addresses exist.
 * Throws what the driver throws.
 */
import { and, eq, gte, lt, or, sql } from "drizzle-orm";
import type { Database } from "./client.server";
import { lookupFailures, type LookupKind } from "./schema/lookup-failures";

export type { LookupKind };

export type LookupLimit = {
  /** Wrong tries allowed per client IP within `windowMs`. */
  perIp: number;
  /** Wrong tries allowed per number tried (from any IP) within `windowMs`. */
  perKey: number;
  windowMs: number;
};

/**
 * The limits of each look-up; the parents' messages ("wait 15 minutes") follow the windows. The
 * parents' look-ups allow 25 wrong tries an address (decision 030): on admission and fee day 50
 * parents behind one carrier-grade NAT address, one in ten mistyping once, make 5, which used to
 * lock the whole address out; guessing one child's details stays bound by `perKey`.
 */
export const LOOKUP_LIMITS: Record<LookupKind, LookupLimit> = {
  receipt: { perIp: 25, perKey: 10, windowMs: 15 * 60_000 },
  fee_student: { perIp: 25, perKey: 10, windowMs: 15 * 60_000 },
  application: { perIp: 25, perKey: 10, windowMs: 15 * 60_000 },
  password_reset: { perIp: 10, perKey: 3, windowMs: 60 * 60_000 },
};

/** Wrong tries older than this are deleted as new ones are stored (longer than every window). */
export const KEEP_FAILURES_MS = 86_400_000;

/** One try: the number looked up (normalised by the caller) and the client IP. */
export type LookupTry = { key: string; ip: string };

/** Whether a look-up of `kind` must be refused now, even a right one (so the limit cannot be probed). */
export async function lookupThrottled(db: Database, kind: LookupKind, { key, ip }: LookupTry, now = new Date()): Promise<boolean> {
  const limit = LOOKUP_LIMITS[kind];
  const since = new Date(now.getTime() - limit.windowMs);
  const [tries] = await db
    .select({
      byIp: sql<number>`count(*) FILTER (WHERE ${lookupFailures.ip} = ${ip})::int`,
      byKey: sql<number>`count(*) FILTER (WHERE ${lookupFailures.key} = ${key})::int`,
    })
    .from(lookupFailures)
    .where(and(eq(lookupFailures.kind, kind), gte(lookupFailures.at, since), or(eq(lookupFailures.ip, ip), eq(lookupFailures.key, key))));
  return Number(tries?.byIp ?? 0) >= limit.perIp || Number(tries?.byKey ?? 0) >= limit.perKey;
}

/** Stores a wrong try of `kind` at `now`, and deletes every try older than KEEP_FAILURES_MS. */
export async function recordLookupFailure(db: Database, kind: LookupKind, { key, ip }: LookupTry, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(lookupFailures).values({ kind, key, ip, at: now });
    await tx.delete(lookupFailures).where(lt(lookupFailures.at, new Date(now.getTime() - KEEP_FAILURES_MS)));
  });
}

