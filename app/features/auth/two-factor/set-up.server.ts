/**
 * Setting up, and changing, a person's second factor (DESIGN.md §6; docs/decisions/
 * 024-two-factor-sign-in.md) through better-auth's twoFactor plugin, called on the server:
 * the password starts it and the plugin makes a TOTP secret and 10 recovery codes; a first code
 * from the authenticator app turns it on; the recovery codes are then shown once. New recovery
 * codes and turning it off ask for the password again; turning it off is refused to those who
 * must have it (permissions.ts `needsTwoFactor`). Every password typed here goes through the
 * sign-in throttle of decision 007, as at sign-in.
 */
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { signedCookie } from "~/lib/signed-cookie.server";
import { getDb } from "~/db/client.server";
import { twoFactor, user } from "~/db/schema/auth";
import { getAuth } from "../auth.server";
import { deviceIdFor } from "../device-cookie.server";
import { needsTwoFactor } from "../permissions";
import { forwardable, isAuthRejection, type SessionUser } from "../session.server";
import { claimSignInAttempt, settleSignInAttempt } from "../sign-in-throttle.server";

export type PasswordRefusal = { ok: false; reason: "password" } | { ok: false; reason: "throttled"; retryAfterMs: number };

/**
 * Runs `check`, which verifies `who`'s password through better-auth, as one attempt of the
 * sign-in throttle: refused while the client must wait; a wrong password is a failure.
 */
async function withPassword<T>(who: SessionUser, ip: string, request: Request, check: () => Promise<T>): Promise<{ ok: true; value: T } | PasswordRefusal> {
  const db = await getDb();
  const claim = await claimSignInAttempt(db, { email: who.email, ip, device: await deviceIdFor(request, who.email) });
  if (!claim.ok) return { ok: false, reason: "throttled", retryAfterMs: claim.retryAfterMs };
  try {
    const value = await check();
    await settleSignInAttempt(db, claim, "success").catch((error: unknown) => console.error("Sign-in throttle not cleared:", error));
    return { ok: true, value };
  } catch (error) {
    if (isAuthRejection(error)) return { ok: false, reason: "password" };
    await settleSignInAttempt(db, claim, "unchecked").catch(() => undefined);
    throw error;
  }
}

/** An otpauth:// URI as a QR code picture (SVG data URL) for the page. */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** The Base32 secret of an otpauth:// URI in groups of four, for typing into an app by hand. */
export function secretForTyping(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** Whether `uri` is a TOTP URI for `email` (a form sends back the one it was shown). */
export function isTotpUriFor(uri: string, email: string): boolean {
  try {
    const url = new URL(uri);
    const label = decodeURIComponent(url.pathname.replace(/^\/\//, ""));
    return url.protocol === "otpauth:" && url.host === "totp" && label.endsWith(`:${email}`) && Boolean(url.searchParams.get("secret"));
  } catch {
    return false;
  }
}

/**
 * Starts the set-up for the signed-in person: checks the password and returns the otpauth:// URI
 * of a new secret, or, when a set-up was started and not confirmed (the page reloaded, the
 * person came back), of the same secret, so the key the phone already holds keeps working.
 * The second factor is not on until `confirmSetUp`.
 */
export async function startSetUp(who: SessionUser, input: { password: string; ip: string; request: Request }): Promise<{ ok: true; uri: string } | PasswordRefusal> {
  const auth = await getAuth();
  const [pending] = await (await getDb()).select({ verified: twoFactor.verified }).from(twoFactor).where(eq(twoFactor.userId, who.id));
  const body = { body: { password: input.password }, headers: input.request.headers };
  const result = await withPassword(who, input.ip, input.request, async () => (pending && !pending.verified ? auth.api.getTOTPURI(body) : auth.api.enableTwoFactor(body)));
  if (!result.ok) return result;
  const uri = "totpURI" in result.value ? result.value.totpURI : undefined;
  if (!uri) throw new Error("better-auth did not return a TOTP URI");
  return { ok: true, uri };
}

/**
 * Turns the second factor on with a first code from the app. better-auth replaces the session
 * (forward `headers`): the browser must follow a redirect before anything else reads it.
 */
export async function confirmSetUp(input: { code: string; request: Request }): Promise<{ ok: true; headers: Headers } | { ok: false }> {
  const code = input.code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(code)) return { ok: false };
  const auth = await getAuth();
  try {
    const { headers } = await auth.api.verifyTOTP({ body: { code }, headers: input.request.headers, returnHeaders: true });
    return { ok: true, headers: forwardable(headers) };
  } catch (error) {
    if (isAuthRejection(error)) return { ok: false };
    throw error;
  }
}

/** New recovery codes (the old ones stop working) after the password; shown once by the page. */
export async function replaceRecoveryCodes(who: SessionUser, input: { password: string; ip: string; request: Request }): Promise<{ ok: true } | PasswordRefusal> {
  const auth = await getAuth();
  const result = await withPassword(who, input.ip, input.request, () =>
    auth.api.generateBackupCodes({ body: { password: input.password }, headers: input.request.headers }),
  );
  return result.ok ? { ok: true } : result;
}

/** The person's unused recovery codes (server-side only: for showing once after a change). */
export async function recoveryCodesOf(userId: string): Promise<string[]> {
  const auth = await getAuth();
  try {
    return (await auth.api.viewBackupCodes({ body: { userId } })).backupCodes;
  } catch (error) {
    if (isAuthRejection(error)) return [];
    throw error;
  }
}

/**
 * Turns the second factor off after the password; refused ("required") to those who must have
 * it. better-auth replaces the session (forward `headers`).
 */
export async function turnOff(who: SessionUser, input: { password: string; ip: string; request: Request }): Promise<{ ok: true; headers: Headers } | PasswordRefusal | { ok: false; reason: "required" }> {
  if (needsTwoFactor(who)) return { ok: false, reason: "required" };
  const auth = await getAuth();
  const result = await withPassword(who, input.ip, input.request, () =>
    auth.api.disableTwoFactor({ body: { password: input.password }, headers: input.request.headers, returnHeaders: true }),
  );
  return result.ok ? { ok: true, headers: forwardable(result.value.headers) } : result;
}

/**
 * Clears the second factor of `email` (a lost phone: `npm run admin:create -- --reset-two-factor`)
 * and ends its sessions; the next sign-in sets it up again. Returns false when there is no such
 * account.
 */
export async function clearSecondFactor(email: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase()));
  if (!row) return false;
  await db.transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, row.id));
    await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, row.id));
  });
  await (await (await getAuth()).$context).internalAdapter.deleteUserSessions(row.id);
  return true;
}

/**
 * The permission to show recovery codes once, after they were made (set-up finished, or new
 * codes): a signed cookie naming the person, read and cleared by the next page load, so the
 * codes never travel in a cookie or a URL and a reload does not show them again.
 */
const showCodesCookie = () => signedCookie("show_codes", 10 * 60);

/** A Set-Cookie line letting the next page load show `userId`'s recovery codes once. */
export function showCodesOnce(userId: string): Promise<string> {
  return showCodesCookie().serialize({ userId });
}

/**
 * The recovery codes to show now (once) and a Set-Cookie line that spends the permission, or
 * null when the request carries no permission for `userId`.
 */
export async function codesToShow(request: Request, userId: string): Promise<{ codes: string[]; clear: string } | null> {
  const value = (await showCodesCookie().parse(request.headers.get("cookie")).catch(() => null)) as { userId?: unknown } | null;
  if (value?.userId !== userId) return null;
  return { codes: await recoveryCodesOf(userId), clear: await showCodesCookie().serialize("", { maxAge: 0 }) };
}
