/**
 * Sign-in throttling (DESIGN.md §6, OWASP ASVS 2.2.1): at most 100 failed sign-ins an hour
 * per account and per client IP. Failures live in the database (table sign_in_failures) so
 * the limit holds across processes and restarts.
 */
import { and, count, eq, gte, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { signInFailures } from "~/db/schema/sign-in-attempts";

export const MAX_FAILURES_PER_HOUR = 100;
const HOUR_MS = 60 * 60 * 1000;

/** True when the account or the IP already has 100 failures in the last hour. */
export async function isSignInThrottled(db: Database, email: string, ip: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - HOUR_MS);
  const key = email.trim().toLowerCase();
  const [byEmail, byIp] = await Promise.all([
    db.select({ n: count() }).from(signInFailures).where(and(eq(signInFailures.email, key), gte(signInFailures.createdAt, since))),
    db.select({ n: count() }).from(signInFailures).where(and(eq(signInFailures.ip, ip), gte(signInFailures.createdAt, since))),
  ]);
  return Number(byEmail[0]?.n ?? 0) >= MAX_FAILURES_PER_HOUR || Number(byIp[0]?.n ?? 0) >= MAX_FAILURES_PER_HOUR;
}

/** Records one failed sign-in, and forgets failures older than a day. */
export async function recordSignInFailure(db: Database, email: string, ip: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(signInFailures).values({ email: email.trim().toLowerCase(), ip, createdAt: now });
    await tx.delete(signInFailures).where(lt(signInFailures.createdAt, new Date(now.getTime() - 24 * HOUR_MS)));
  });
}
