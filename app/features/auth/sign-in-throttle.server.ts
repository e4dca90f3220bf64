/**
 * Sign-in throttling that slows guessing without letting a stranger lock the owner out
 * (DESIGN.md §6; OWASP Authentication Cheat Sheet, "Protect against automated
 * attacks" and "Account lockout"; OWASP "Slow Down Online Guessing Attacks with Device Cookies";
 * ASVS 4.0.3 2.2.1). docs/decisions/007-admin-sign-in.md says why.
 *
 * Failures are counted per account and client, where the client is the browser's device
 * cookie when it carries a valid one for that account (a browser that signed in to it before),
 * and otherwise the client IP (an IPv6 address by its /56 network):
 * - each (account, client) pair gets FREE_FAILURES failures, then waits before its next attempt
 *   1 s, 2 s, 4 s … doubling up to 15 minutes (a growing delay, never a lockout); a success
 *   clears the pair, and failures older than a day are forgotten;
 * - clients without a device cookie together get at most 100 failures an hour per account, and
 *   one IP at most 100 an hour over all accounts (ASVS 2.2.1). Past that, only browsers with a
 *   device cookie for the account may try: the administrator's own browser still signs in while
 *   strangers are refused.
 *
 * Every attempt is claimed before the password is checked, inside a transaction holding an
 * advisory lock on the account, and counts as a failure until it succeeds: parallel guesses
 * from one client cannot slip past the delay, and the limit holds across server processes and
 * restarts (the table is in the database).
 */
import { and, count, desc, eq, gt, isNull, lt, lte, max, sql } from "drizzle-orm";
import { ipKeyGenerator } from "express-rate-limit";
import type { Database } from "~/db/client.server";
import { signInFailures } from "~/db/schema/sign-in-attempts";

/** Failures a client may make on an account before the delays start. */
export const FREE_FAILURES = 5;
/** The longest delay between two attempts of one client on one account. */
export const MAX_DELAY_MS = 15 * 60 * 1000;
/** ASVS 2.2.1: failures an hour per account (clients without a device cookie) and per IP. */
export const MAX_FAILURES_PER_HOUR = 100;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type SignInClient = {
  /** The account tried (any case; stored lower-cased). */
  email: string;
  /** The client IP as Express computed it (TRUST_PROXY applied); "" when unknown. */
  ip: string;
  /** Id from a device cookie valid for this account, or null. */
  device: string | null;
};

export type SignInClaim = { ok: true; id: number; email: string; ip: string; device: string | null } | { ok: false; retryAfterMs: number };

/** Failures of one client: its device cookie's, or (without one) its IP's. */
function sameClientAs(ip: string, device: string | null) {
  return device ? eq(signInFailures.device, device) : and(isNull(signInFailures.device), eq(signInFailures.ip, ip));
}

/** Failures in the `ms` before `now`. */
function within(ms: number, now: Date) {
  return and(gt(signInFailures.createdAt, new Date(now.getTime() - ms)), lte(signInFailures.createdAt, now));
}

/** Delay owed after `failures` consecutive failures of one client on one account, in ms. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - FREE_FAILURES));
}

/** The key an IP is counted under: IPv4 as is, IPv6 by its /56 (one customer's network). */
export function ipKeyOf(ip: string): string {
  try {
    return ip ? ipKeyGenerator(ip, 56) : "unknown";
  } catch {
    return ip || "unknown";
  }
}

/**
 * Claims one sign-in attempt for `client`, or refuses it with the wait in ms. A claim is
 * recorded as a failure at once; call `settleSignInAttempt` when the password was right (or
 * could not be checked). Throws when the database is unavailable.
 */
export async function claimSignInAttempt(db: Database, client: SignInClient, now = new Date()): Promise<SignInClaim> {
  const email = client.email.trim().toLowerCase();
  const ip = ipKeyOf(client.ip);
  const device = client.device;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kva-sign-in:${email}`}, 0))`);
    const [pair] = await tx
      .select({ n: count(), last: max(signInFailures.createdAt) })
      .from(signInFailures)
      .where(and(eq(signInFailures.email, email), sameClientAs(ip, device), within(DAY_MS, now)));
    const failures = Number(pair?.n ?? 0);
    const last = pair?.last ? new Date(pair.last).getTime() : 0;
    const waits = [last + delayAfter(failures) - now.getTime()];
    if (!device) {
      // The 100th most recent failure in the hour, per account and per IP: its hour must pass.
      const hundredth = async (where: ReturnType<typeof and>) => {
        const [row] = await tx
          .select({ at: signInFailures.createdAt })
          .from(signInFailures)
          .where(and(where, isNull(signInFailures.device), within(HOUR_MS, now)))
          .orderBy(desc(signInFailures.createdAt))
          .offset(MAX_FAILURES_PER_HOUR - 1)
          .limit(1);
        return row ? new Date(row.at).getTime() + HOUR_MS - now.getTime() : 0;
      };
      waits.push(await hundredth(eq(signInFailures.email, email)), await hundredth(eq(signInFailures.ip, ip)));
    }
    const retryAfterMs = Math.max(...waits);
    if (retryAfterMs > 0) return { ok: false as const, retryAfterMs };
    const [row] = await tx.insert(signInFailures).values({ email, ip, device, createdAt: now }).returning({ id: signInFailures.id });
    await tx.delete(signInFailures).where(lt(signInFailures.createdAt, new Date(now.getTime() - DAY_MS)));
    return { ok: true as const, id: row!.id, email, ip, device };
  });
}

/**
 * Settles a claimed attempt: "success" clears the client's failures on the account (the delay
 * starts again from nothing); "unchecked" (the password could not be checked: the database or
 * the auth library failed) withdraws the claim. A wrong password needs no call: the claim is
 * already its failure. Throws when the database is unavailable.
 */
export async function settleSignInAttempt(db: Database, claim: Extract<SignInClaim, { ok: true }>, outcome: "success" | "unchecked"): Promise<void> {
  if (outcome === "unchecked") {
    await db.delete(signInFailures).where(eq(signInFailures.id, claim.id));
    return;
  }
  await db.delete(signInFailures).where(and(eq(signInFailures.email, claim.email), sameClientAs(claim.ip, claim.device)));
}
