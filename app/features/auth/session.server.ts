/**
 * Administrator sessions on the server (SPEC §4, §6; DESIGN.md §6). better-auth keeps a random
 * session id in an HttpOnly, SameSite=Lax cookie (Secure in production) and the session in the
 * database; it expires 30 minutes after the last request (refreshed at most once a minute).
 * Loaders and actions forward the refreshed cookie in the headers these functions return.
 */
import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { staff } from "~/db/schema/staff";
import { getConfig } from "~/lib/config.server";
import { getAuth } from "./auth.server";
import { ACCESS_DENIED_TEXT, roleOf, type Role } from "./roles";
import { deviceCookieFor, deviceIdFor } from "./device-cookie.server";
import { claimSignInAttempt, settleSignInAttempt } from "./sign-in-throttle.server";
import { can, needsTwoFactor, permissionsOf, type Permission, type StaffRole } from "./permissions";
import { challengeCookieFor } from "./two-factor/challenge-cookie.server";

/** The page where a person sets up, or changes, their second factor. */
export const TWO_FACTOR_PATH = "/admin/account/two-factor";

/**
 * A signed-in person: `role` is SPEC §3's (ADMIN for the owner, USER otherwise); `owner` and
 * `roles` decide permissions (permissions.ts); `twoFactorEnabled` whether TOTP is set up.
 */
export type SessionUser = { id: string; email: string; role: Role; owner: boolean; roles: StaffRole[]; permissions: Permission[]; twoFactorEnabled: boolean };

/**
 * The signed-in user of a request, and headers to forward (a refreshed cookie), or null when
 * nobody is signed in or the account is disabled (its sessions are deleted when it is; this
 * refuses one that raced the disabling).
 */
export async function getSessionUser(request: Request): Promise<{ user: SessionUser; headers: Headers } | null> {
  const auth = await getAuth();
  const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  if (!response) return null;
  const { id, email } = response.user;
  const role = roleOf(email, getConfig().adminEmail);
  const owner = role === "ADMIN";
  const [row] = owner ? [] : await (await getDb()).select({ roles: staff.roles, disabledAt: staff.disabledAt }).from(staff).where(eq(staff.userId, id));
  if (row?.disabledAt) return null;
  const roles = (row?.roles ?? []) as StaffRole[];
  const twoFactorEnabled = Boolean((response.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
  return { user: { id, email, role, owner, roles, permissions: permissionsOf({ owner, roles }), twoFactorEnabled }, headers: forwardable(headers) };
}

/** Only the Set-Cookie lines matter to the browser; cache headers are the route's business. */
export function forwardable(headers: Headers): Headers {
  const out = new Headers();
  for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return out;
}

/**
 * The one permission check (issue 27) for every admin loader and action: returns the signed-in
 * user holding `permission` and headers to forward. Throws a redirect to
 * /admin/login?redirectTo=<path> when nobody is signed in (or the account is disabled), a
 * redirect to the two-factor set-up page when the person must have a second factor and has none
 * yet (permissions.ts `needsTwoFactor`), and a 403 response (rendered as SPEC §2's Access
 * Denied) when the person lacks the permission.
 */
export async function requirePermission(request: Request, permission: Permission): Promise<{ user: SessionUser; headers: Headers }> {
  const session = await requireSignedIn(request);
  requireSecondFactorSetUp(request, session);
  if (!can(session.user, permission)) throw accessDenied(session);
  return session;
}

/**
 * For an action whose permission depends on the form it received (its intent), after
 * `requirePermission` has opened it: throws the 403 of Access Denied, as `requirePermission`
 * does, unless the person of `session` also holds `permission`. Reads no session again.
 */
export function demandPermission(session: { user: SessionUser; headers: Headers }, permission: Permission): void {
  if (!can(session.user, permission)) throw accessDenied(session);
}

/**
 * Any staff member (at least one permission), for what shows no data of its own: the admin
 * frame (its navigation lists only what `permissions` allows) and unknown /admin paths.
 * Signed out, without the second factor they must have, or lacking every permission: as
 * `requirePermission`. Around the person's own account pages (TWO_FACTOR_PATH) the frame admits
 * anyone signed in, as those pages do.
 */
export async function requireStaff(request: Request): Promise<{ user: SessionUser; headers: Headers }> {
  const session = await requireSignedIn(request);
  if (isOwnAccountPage(request)) return session;
  requireSecondFactorSetUp(request, session);
  if (session.user.permissions.length === 0) throw accessDenied(session);
  return session;
}

/**
 * Anyone signed in, whatever their permissions: the person's own account pages (setting up the
 * second factor). Throws a redirect to /admin/login?redirectTo=<path> when nobody is signed in
 * (or the account is disabled).
 */
export async function requireSignedIn(request: Request): Promise<{ user: SessionUser; headers: Headers }> {
  const session = await getSessionUser(request);
  if (session) return session;
  const url = new URL(request.url);
  throw redirect(`/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

function isOwnAccountPage(request: Request): boolean {
  return new URL(request.url).pathname === TWO_FACTOR_PATH;
}

/** Throws a redirect to the set-up page when `session`'s person must have a second factor and has none. */
function requireSecondFactorSetUp(request: Request, session: { user: SessionUser; headers: Headers }): void {
  if (!needsTwoFactor(session.user) || session.user.twoFactorEnabled) return;
  const url = new URL(request.url);
  throw redirect(`${TWO_FACTOR_PATH}?reason=required&redirectTo=${encodeURIComponent(url.pathname + url.search)}`, { headers: session.headers });
}

/** SPEC §2's Access Denied as a 403 the admin layout's ErrorBoundary renders. */
function accessDenied(session: { user: SessionUser; headers: Headers }) {
  return data({ message: ACCESS_DENIED_TEXT, email: session.user.email }, { status: 403, headers: session.headers });
}

export type SignInResult =
  | { ok: true; headers: Headers }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterMs: number }
  /** The password was right; the code of the second factor is asked next (`headers` carry the challenge). */
  | { ok: false; reason: "second-factor"; headers: Headers };

/**
 * Signs in with e-mail and password. Each attempt is claimed from the sign-in throttle first
 * (sign-in-throttle.server.ts): a client that must wait is refused without checking the
 * password. A success issues a new session id and a device cookie for the account (forwarded
 * in `headers`); for an account with a second factor it issues no session yet but the
 * challenge cookies of the second step (two-factor/sign-in.server.ts). Throws only when the
 * database is unavailable.
 */
export async function signInWithPassword(input: { email: string; password: string; ip: string; request: Request }): Promise<SignInResult> {
  const db = await getDb();
  const email = input.email.trim().toLowerCase();
  const device = await deviceIdFor(input.request, email);
  const claim = await claimSignInAttempt(db, { email, ip: input.ip, device });
  if (!claim.ok) return { ok: false, reason: "throttled", retryAfterMs: claim.retryAfterMs };
  const auth = await getAuth();
  try {
    const { headers, response } = await auth.api.signInEmail({
      // rememberMe keeps the 30-minute sliding expiry (without it better-auth ignores idle time).
      body: { email, password: input.password, rememberMe: true },
      headers: input.request.headers,
      returnHeaders: true,
    });
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
      // Right password, no session yet: the attempt counts neither way. Clearing the client's
      // failures here would give every wrong code after it a fresh allowance.
      await settleSignInAttempt(db, claim, "unchecked").catch((error: unknown) => console.error("Sign-in throttle not settled:", error));
      const out = forwardable(headers);
      const challenge = await challengeCookieFor(email, headers.getSetCookie());
      if (!challenge) throw new Error("better-auth asked for a second factor without its challenge cookie");
      out.append("Set-Cookie", challenge);
      return { ok: false, reason: "second-factor", headers: out };
    }
    // The session exists now: a failure to clear the delay must not turn it into an error.
    await settleSignInAttempt(db, claim, "success").catch((error: unknown) => console.error("Sign-in throttle not cleared:", error));
    const out = forwardable(headers);
    out.append("Set-Cookie", await deviceCookieFor(email, device));
    return { ok: true, headers: out };
  } catch (error) {
    // A wrong e-mail or password: the claim stays as the failure.
    if (isAuthRejection(error)) return { ok: false, reason: "invalid" };
    await settleSignInAttempt(db, claim, "unchecked").catch(() => undefined);
    throw error;
  }
}

/** better-auth signals a wrong e-mail or password with an APIError carrying a 4xx status. */
export function isAuthRejection(error: unknown): boolean {
  const status = (error as { statusCode?: unknown })?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

/** Ends the request's session on the server; returns headers that clear the cookie. */
export async function signOut(request: Request): Promise<Headers> {
  const auth = await getAuth();
  try {
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return forwardable(headers);
  } catch {
    // No session (already signed out or expired): nothing to end on the server.
    return new Headers();
  }
}
