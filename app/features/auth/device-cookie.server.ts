/**
 * The device cookie of the sign-in throttle (OWASP "Slow Down Online Guessing Attacks with
 * Device Cookies"; docs/decisions/007-admin-sign-in.md): after a successful sign-in the browser
 * keeps a signed, HttpOnly cookie naming a random device id and the account. A browser that
 * presents one valid for the account it tries is counted on its own, so strangers guessing from
 * elsewhere never stop the administrator's own browser from signing in.
 *
 * Signed with AUTH_SECRET by React Router's cookie helper (HMAC-SHA256); Secure with the
 * `__Host-` prefix in production; kept a year.
 */
import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { getConfig } from "~/lib/config.server";

const YEAR_S = 365 * 24 * 60 * 60;

type DeviceValue = { id: string; account: string };

function deviceCookie() {
  const config = getConfig();
  return createCookie(config.production ? "__Host-kva.device" : "kva.device", {
    secrets: [config.authSecret],
    httpOnly: true,
    secure: config.production,
    sameSite: "lax",
    path: "/",
    maxAge: YEAR_S,
  });
}

/** The device id of `request`'s cookie when it is valid for `email`; otherwise null. Never throws. */
export async function deviceIdFor(request: Request, email: string): Promise<string | null> {
  try {
    const value = (await deviceCookie().parse(request.headers.get("cookie"))) as DeviceValue | null;
    return value && typeof value.id === "string" && value.account === email.trim().toLowerCase() ? value.id : null;
  } catch {
    return null;
  }
}

/** A Set-Cookie line trusting this browser for `email` (keeping `existingId` when it has one). */
export async function deviceCookieFor(email: string, existingId: string | null): Promise<string> {
  const value: DeviceValue = { id: existingId ?? randomBytes(16).toString("base64url"), account: email.trim().toLowerCase() };
  return deviceCookie().serialize(value);
}
