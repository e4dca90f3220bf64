/**
 * Cross-site write detection (DESIGN.md §6; OWASP CSRF Prevention Cheat Sheet, "Verifying
 * origin with standard headers" and Fetch Metadata).
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a state-changing request comes from another site: `Sec-Fetch-Site: cross-site`,
 * or an `Origin` header whose host is neither the public site's nor the request's `Host`.
 * Requests with neither header (server-to-server webhooks, curl) pass.
 */
export function isCrossSiteWrite(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  publicSiteUrl: string,
  host: string | undefined,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite === "cross-site") return true;
  const origin = headers.origin;
  if (typeof origin !== "string" || origin === "") return false;
  if (origin === "null") return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  return originHost !== new URL(publicSiteUrl).host && originHost !== host;
}
