/**
 * Password reset by e-mail for the owner and staff (issue 27; OWASP Forgot Password Cheat
 * Sheet), on better-auth's own reset: `requestPasswordReset` stores a one-time token for an
 * hour and calls auth.server.ts `sendResetPassword`, which puts the e-mail in the outbox (none
 * for a disabled account); `resetPassword` consumes the token, sets the password and ends every
 * session of the account. The request page answers the same whether or not the address has an
 * account, and the e-mail is queued after the answer is decided, so neither the words nor the
 * time tell. Requests are throttled per address and per IP (app/db/lookup-throttle.server.ts).
 */
import type { Database } from "~/db/client.server";
import { lookupThrottled, recordLookupFailure } from "~/db/lookup-throttle.server";
import { getAuth, isDisabled } from "./auth.server";
import { ipKeyOf } from "./sign-in-throttle.server";

export type ResetRequest = { throttled: true } | { throttled: false; sending: Promise<void> };

/**
 * Asks for a reset e-mail to `email` from client `ip`. Throttled: nothing is sent. Otherwise the
 * request is counted and `sending` settles once better-auth has (or has not) queued the e-mail;
 * it never rejects (a failure is logged). Throws when the database is unavailable.
 */
export async function requestPasswordReset(db: Database, input: { email: string; ip: string }, now = new Date()): Promise<ResetRequest> {
  const attempt = { key: input.email.trim().toLowerCase(), ip: ipKeyOf(input.ip) };
  if (await lookupThrottled(db, "password_reset", attempt, now)) return { throttled: true };
  await recordLookupFailure(db, "password_reset", attempt, now);
  const auth = await getAuth();
  const sending = auth.api.requestPasswordReset({ body: { email: attempt.key } }).then(
    () => undefined,
    (error: unknown) => console.error("Password reset e-mail not queued:", error),
  );
  return { throttled: false, sending };
}

/** better-auth's reset tokens: 24 letters and digits. */
const TOKEN = /^[A-Za-z0-9]{16,64}$/;

/** Whether `token` is a reset link that still works: known, unexpired, for an account not disabled. */
export async function resetLinkWorks(db: Database, token: string, now = new Date()): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const { internalAdapter } = await (await getAuth()).$context;
  const found = await internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(found && found.expiresAt >= now && !(await isDisabled(db, found.value)));
}

/**
 * Sets `password` through reset link `token` and ends every session of the account. False when
 * the link does not work (any more); throws when the database is unavailable.
 */
export async function resetPasswordWith(db: Database, token: string, password: string): Promise<boolean> {
  if (!(await resetLinkWorks(db, token))) return false;
  try {
    await (await getAuth()).api.resetPassword({ body: { newPassword: password, token } });
    return true;
  } catch (error) {
    // A token used or expired in between: better-auth answers 400.
    const status = (error as { statusCode?: unknown })?.statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) return false;
    throw error;
  }
}
