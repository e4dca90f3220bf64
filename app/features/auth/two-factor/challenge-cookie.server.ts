/**
 * The second step's own cookie (DESIGN.md §6; docs/decisions/024-two-factor-sign-in.md): when a
 * right password leaves a second factor to ask for, better-auth sets its signed `two_factor`
 * cookie (the challenge: 10 minutes, 5 tries). We add this one, HttpOnly and signed with
 * AUTH_SECRET, naming the account and the exact challenge it was issued with, so each code tried
 * is counted by the sign-in throttle for the right account without reading better-auth's cookie
 * format: a code is only checked when the browser still presents that same challenge.
 */
import { signedCookie } from "~/lib/signed-cookie.server";
import { getAuth } from "../auth.server";

/** better-auth's challenge lasts 10 minutes (the plugin's `twoFactorCookieMaxAge` default). */
const CHALLENGE_S = 10 * 60;

type ChallengeValue = { email: string; challenge: string };

const challengeCookie = () => signedCookie("second_step", CHALLENGE_S);

/** The name of better-auth's challenge cookie (with the __Secure- prefix in production). */
async function pluginCookieName(): Promise<string> {
  return (await (await getAuth()).$context).createAuthCookie("two_factor").name;
}

/** The raw value of a cookie named `name` in a Cookie header, or null. */
function rawCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/**
 * A Set-Cookie line for the second step of `email`, bound to the challenge cookie among
 * `setCookies` (better-auth's answer to the password); null when there is none.
 */
export async function challengeCookieFor(email: string, setCookies: string[]): Promise<string | null> {
  const name = await pluginCookieName();
  const line = setCookies.find((c) => c.startsWith(`${name}=`));
  const challenge = line ? rawCookie(line.split(";")[0]!, name) : null;
  if (!challenge) return null;
  const value: ChallengeValue = { email: email.trim().toLowerCase(), challenge };
  return challengeCookie().serialize(value);
}

/**
 * The account a request's second step is for: only when our cookie is valid and the browser
 * still presents the very challenge it was issued with. Otherwise null (expired, or never
 * started). Never throws.
 */
export async function challengedEmail(request: Request): Promise<string | null> {
  try {
    const header = request.headers.get("cookie");
    const value = (await challengeCookie().parse(header)) as ChallengeValue | null;
    if (!value || typeof value.email !== "string" || typeof value.challenge !== "string") return null;
    return rawCookie(header, await pluginCookieName()) === value.challenge ? value.email : null;
  } catch {
    return null;
  }
}

/** A Set-Cookie line that forgets the second step. */
export async function clearChallengeCookie(): Promise<string> {
  return challengeCookie().serialize("", { maxAge: 0 });
}
