/**
 * The second step of signing in (DESIGN.md §6; docs/decisions/024-two-factor-sign-in.md): after
 * a right password for an account with a second factor, the person gives the 6-digit code of
 * their authenticator app (TOTP, RFC 6238) or one of their recovery codes. better-auth's
 * twoFactor plugin checks it against its challenge cookie; every code tried is first claimed
 * from the sign-in throttle of decision 007, per account and client, so wrong codes are
 * failures like wrong passwords and the same growing delay applies.
 */
import { getDb } from "~/db/client.server";
import { getAuth } from "../auth.server";
import { deviceCookieFor, deviceIdFor } from "../device-cookie.server";
import { forwardable } from "../session.server";
import { claimSignInAttempt, settleSignInAttempt } from "../sign-in-throttle.server";
import { challengedEmail, clearChallengeCookie } from "./challenge-cookie.server";
import { recoveryCodeCandidates } from "./recovery-codes";

export type SecondFactorResult =
  | { ok: true; headers: Headers }
  /** A wrong code (it counts as a failed sign-in). */
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterMs: number }
  /** No challenge (never started, more than 10 minutes old, or 5 wrong codes): sign in again. */
  | { ok: false; reason: "expired"; headers: Headers }
  /** better-auth's own lock after 10 wrong codes in a row on the account (15 minutes). */
  | { ok: false; reason: "locked" };

/** What the person typed: a 6-digit TOTP, or a recovery code (`abcde-12345`, dash optional). */
export function readCode(input: string): { kind: "totp" | "recovery"; code: string } | null {
  const compact = input.replace(/[\s-]/g, "");
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact };
  if (/^[A-Za-z0-9]{10}$/.test(compact)) return { kind: "recovery", code: `${compact.slice(0, 5)}-${compact.slice(5)}` };
  return null;
}

/**
 * Tries each form of a typed recovery code (recoveryCodeCandidates) with `verify` until one is
 * accepted; rethrows the last refusal.
 */
async function verifyRecoveryCode<T>(code: string, verify: (value: string) => Promise<T>): Promise<T> {
  const [first, ...rest] = recoveryCodeCandidates(code);
  try {
    return await verify(first!);
  } catch (error) {
    if (rest.length === 0 || refusalCode(error) !== "INVALID_BACKUP_CODE") throw error;
    return verify(rest[0]!);
  }
}

/** better-auth's error code of a refusal, e.g. "INVALID_CODE"; undefined for anything else. */
function refusalCode(error: unknown): string | undefined {
  const status = (error as { statusCode?: unknown })?.statusCode;
  const code = (error as { body?: { code?: unknown } })?.body?.code;
  return typeof status === "number" && status >= 400 && status < 500 && typeof code === "string" ? code : undefined;
}

/**
 * Checks the code of the request's second step. A success issues the session cookie and the
 * device cookie (as a password success does) in `headers`. Throws only when the database or
 * the auth library fails.
 */
export async function signInWithSecondFactor(input: { code: string; ip: string; request: Request }): Promise<SecondFactorResult> {
  const email = await challengedEmail(input.request);
  const expired = async (): Promise<SecondFactorResult> => ({ ok: false, reason: "expired", headers: new Headers({ "Set-Cookie": await clearChallengeCookie() }) });
  if (!email) return expired();
  const db = await getDb();
  const device = await deviceIdFor(input.request, email);
  const claim = await claimSignInAttempt(db, { email, ip: input.ip, device });
  if (!claim.ok) return { ok: false, reason: "throttled", retryAfterMs: claim.retryAfterMs };
  const code = readCode(input.code);
  // Not a code at all: a failure like any wrong code, without asking the library.
  if (!code) return { ok: false, reason: "invalid" };
  const auth = await getAuth();
  try {
    const call = (value: string) => ({ body: { code: value }, headers: input.request.headers, returnHeaders: true }) as const;
    const { headers } = code.kind === "totp" ? await auth.api.verifyTOTP(call(code.code)) : await verifyRecoveryCode(code.code, (value) => auth.api.verifyBackupCode(call(value)));
    await settleSignInAttempt(db, claim, "success").catch((error: unknown) => console.error("Sign-in throttle not cleared:", error));
    const out = forwardable(headers);
    out.append("Set-Cookie", await deviceCookieFor(email, device));
    out.append("Set-Cookie", await clearChallengeCookie());
    return { ok: true, headers: out };
  } catch (error) {
    const refusal = refusalCode(error);
    // The claim stays as the failure.
    if (refusal === "INVALID_CODE" || refusal === "INVALID_BACKUP_CODE") return { ok: false, reason: "invalid" };
    // A sixth code on one challenge: counted too, and the challenge is gone.
    if (refusal === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return expired();
    await settleSignInAttempt(db, claim, "unchecked").catch(() => undefined);
    if (refusal === "ACCOUNT_TEMPORARILY_LOCKED") return { ok: false, reason: "locked" };
    // The challenge or the second factor is gone (expired, used, or cleared meanwhile).
    if (refusal) return expired();
    throw error;
  }
}
