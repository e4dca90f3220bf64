/**
 * Signing in over HTTP as a browser without JavaScript would, for specs and scripts that drive a
 * running server: the password form, then the code form when the account has a second factor;
 * and setting the second factor up on /admin/account/two-factor (the owner must before any admin
 * page opens). Codes come from the otpauth:// URI the set-up page shows (totp.ts).
 */
import { codeOf, cookiesAfter } from "./totp";

type Account = { email: string; password: string };

/** Posts a form as the site's own page would (same-origin), without following redirects. */
async function post(origin: string, path: string, form: Record<string, string>, cookie: string, headers: Record<string, string>) {
  return fetch(`${origin}${path}`, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}), ...headers },
    redirect: "manual",
  });
}

async function expectStatus(response: Response, statuses: number[], step: string) {
  if (!statuses.includes(response.status)) throw new Error(`${step} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
}

/**
 * Signs `account` in on `origin`: the password, then (when the server asks) the code of `uri`.
 * Returns the Cookie header of the session, and whether the server asked for a code.
 * `headers` go with every request (e.g. X-Forwarded-For).
 */
export async function signInOverHttp(origin: string, account: Account, options: { uri?: string; headers?: Record<string, string> } = {}): Promise<{ cookie: string; askedForCode: boolean }> {
  const headers = options.headers ?? {};
  const password = await post(origin, "/admin/login", { email: account.email, password: account.password, redirectTo: "/admin" }, "", headers);
  await expectStatus(password, [302], "the password");
  let cookie = cookiesAfter(password.headers.getSetCookie());
  if (!password.headers.get("location")?.startsWith("/admin/login/code")) return { cookie, askedForCode: false };
  if (!options.uri) throw new Error(`${account.email} has a second factor on ${origin} whose secret is unknown here`);
  const code = await post(origin, "/admin/login/code", { code: codeOf(options.uri), redirectTo: "/admin" }, cookie, headers);
  await expectStatus(code, [302], "the code");
  cookie = cookiesAfter(code.headers.getSetCookie(), cookie);
  return { cookie, askedForCode: true };
}

/**
 * Sets up the second factor of the signed-in session in `cookie` through the set-up page's
 * forms; returns the otpauth:// URI and the Cookie header of the new session.
 */
export async function enrolOverHttp(origin: string, account: Account, cookie: string, headers: Record<string, string> = {}): Promise<{ uri: string; cookie: string }> {
  const start = await post(origin, "/admin/account/two-factor", { intent: "start", password: account.password }, cookie, headers);
  await expectStatus(start, [200], "the set-up's password");
  const html = await start.text();
  const uri = html.match(/name="uri" value="([^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
  if (!uri) throw new Error(`the set-up page showed no otpauth:// URI: ${html.slice(0, 300)}`);
  const confirm = await post(origin, "/admin/account/two-factor", { intent: "confirm", uri, code: codeOf(uri) }, cookie, headers);
  await expectStatus(confirm, [302, 303], "the set-up's first code");
  return { uri, cookie: cookiesAfter(confirm.headers.getSetCookie(), cookie) };
}
