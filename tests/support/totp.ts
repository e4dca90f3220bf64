/**
 * What a person's authenticator app and browser do in the two-factor tests: compute the TOTP
 * code of an otpauth:// URI (with `otpauth`, independent of the implementation that checks it)
 * and keep cookies from one answer to the next.
 */
import { TOTP, URI } from "otpauth";

/** The TOTP code an authenticator app shows at `timestamp` (now) for an otpauth:// URI. */
export function codeOf(uri: string, timestamp = Date.now()): string {
  const totp = URI.parse(uri);
  if (!(totp instanceof TOTP)) throw new Error("not a TOTP URI");
  return totp.generate({ timestamp });
}

/** The Cookie header a browser sends after `previous` and these Set-Cookie lines (deletions dropped). */
export function cookiesAfter(setCookies: string[], previous = ""): string {
  const jar = new Map(previous.split("; ").filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const));
  for (const line of setCookies) {
    const pair = line.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (/;\s*Max-Age=0/i.test(line) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}
