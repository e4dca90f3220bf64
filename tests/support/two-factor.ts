/**
 * Signing in as an account with a second factor in database tests, as a person would: the
 * password, then the 6-digit code of an authenticator app. Codes are computed with `otpauth`,
 * an implementation independent of the one that checks them. The first sign-in of an account
 * (or one whose secret this process does not know: on PostgreSQL files share the database) sets
 * the second factor up from scratch. Codes and cookies as in totp.ts.
 *
 * App modules are imported when first used, so a test file sets its environment (ADMIN_EMAIL,
 * DATA_DIR) before they read it.
 */
import { codeOf, cookiesAfter } from "./totp";

export const TEST_ORIGIN = "http://localhost:3000";

/** A request as the browser sends it to `path`, with `cookie`. */
export function browserRequest(path: string, init: { cookie?: string; method?: string } = {}): Request {
  const headers = new Headers({ origin: TEST_ORIGIN, "user-agent": "vitest" });
  if (init.cookie) headers.set("cookie", init.cookie);
  return new Request(`${TEST_ORIGIN}${path}`, { method: init.method ?? "GET", headers });
}

/** Secrets (as otpauth:// URIs) of the accounts this process set up, by e-mail. */
const enrolled = new Map<string, string>();

/** Sets up the second factor of the session in `cookie`; returns the URI and the new session's cookies. */
export async function enrol(account: { email: string; password: string }, cookie: string, ip = "203.0.113.90"): Promise<{ uri: string; cookie: string }> {
  const { getSessionUser } = await import("~/features/auth/session.server");
  const { confirmSetUp, startSetUp } = await import("~/features/auth/two-factor/set-up.server");
  const session = await getSessionUser(browserRequest("/admin/account/two-factor", { cookie }));
  if (!session) throw new Error("not signed in");
  const started = await startSetUp(session.user, { password: account.password, ip, request: browserRequest("/admin/account/two-factor", { method: "POST", cookie }) });
  if (!started.ok) throw new Error(`set-up refused: ${started.reason}`);
  const confirmed = await confirmSetUp({ code: codeOf(started.uri), request: browserRequest("/admin/account/two-factor", { method: "POST", cookie }) });
  if (!confirmed.ok) throw new Error("first code refused");
  enrolled.set(account.email.toLowerCase(), started.uri);
  return { uri: started.uri, cookie: cookiesAfter(confirmed.headers.getSetCookie(), cookie) };
}

/**
 * The cookies of a fresh session for `account` with its second factor set up and answered.
 * Throws when a step is refused.
 */
export async function signedInWithCode(account: { email: string; password: string }, ip = "203.0.113.90"): Promise<string> {
  const { signInWithPassword } = await import("~/features/auth/session.server");
  const { signInWithSecondFactor } = await import("~/features/auth/two-factor/sign-in.server");
  const { clearSecondFactor } = await import("~/features/auth/two-factor/set-up.server");
  const email = account.email.toLowerCase();
  if (!enrolled.has(email)) await clearSecondFactor(email);
  const first = await signInWithPassword({ ...account, ip, request: browserRequest("/admin/login", { method: "POST" }) });
  if (first.ok) return (await enrol(account, cookiesAfter(first.headers.getSetCookie()), ip)).cookie;
  if (first.reason !== "second-factor") throw new Error(`sign-in refused: ${first.reason}`);
  const challenge = cookiesAfter(first.headers.getSetCookie());
  const second = await signInWithSecondFactor({ code: codeOf(enrolled.get(email)!), ip, request: browserRequest("/admin/login/code", { method: "POST", cookie: challenge }) });
  if (!second.ok) throw new Error(`code refused: ${second.reason}`);
  return cookiesAfter(second.headers.getSetCookie(), challenge);
}
