/**
 * The client IP to store (SPEC §7): the address Express computed with TRUST_PROXY hops, or the
 * SPEC's development placeholder for a visit from this machine (localhost).
 */

/** What a visit from localhost is stored as: not a real address, and never geolocated. */
export const DEVELOPMENT_PLACEHOLDER_IP = "dev-localhost";

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost)$/i;

/** The IP to store for a request's address; "" or undefined counts as localhost too. */
export function visitorIpOf(address: string | undefined | null): string {
  const ip = (address ?? "").trim();
  if (ip === "" || LOOPBACK.test(ip)) return DEVELOPMENT_PLACEHOLDER_IP;
  return ip.startsWith("::ffff:") ? ip.slice(7) : ip;
}
