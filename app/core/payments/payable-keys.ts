/**
 * The payment core's name for the thing an order pays for: "<kind>:<id>", e.g.
 * "application:Xy3…" (an application's fee), "student:42:2026-27" (a student's fees for a
 * session), "sample:two-months" (a development sample). Every payment of one key holds the lock
 * on it, so the key is what makes "paid twice" impossible to race. Written and read only here.
 */

/** "<kind>:<id>". `id` may itself contain colons. */
export function payableKey(kind: string, id: string): string {
  return `${kind}:${id}`;
}

/** The id of `key` when it is of `kind` ("application:abc", "application" → "abc"), else null. */
export function payableIdOf(key: string, kind: string): string | null {
  return key.startsWith(`${kind}:`) ? key.slice(kind.length + 1) : null;
}
