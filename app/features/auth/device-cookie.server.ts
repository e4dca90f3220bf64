/**
 * The device cookie of the sign-in throttle (OWASP "Slow Down Online Guessing Attacks with
 * Device Cookies"; docs/decisions/007-admin-sign-in.md): after a successful sign-in the browser
 * keeps a signed, HttpOnly cookie naming a random device id and the account. A browser that
 * presents one valid for the account it tries is counted on its own, so strangers guessing from
 * elsewhere never stop the administrator's own browser from signing in.
 *
 * Signed like every cookie of ours (app/lib/signed-cookie.server.ts); kept a year.
 */
import { randomBytes } from "node:crypto";
import { signedCookie } from "~/lib/signed-cookie.server";

const YEAR_S = 365 * 24 * 60 * 60;

type DeviceValue = { id: string; account: string };

const deviceCookie = () => signedCookie("device", YEAR_S);

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
