/**
 * Build-time prerendering with a per-request CSP nonce and a deploy-time site URL
 * (docs/decisions/004-prerendering-nonce-and-site-url.md).
 *
 * React Router prerenders static pages at build time by calling the request handler without our
 * Express load context. Those pages are rendered with two placeholders instead of values that
 * only the running server knows: the CSP nonce (new for every response) and PUBLIC_SITE_URL
 * (set per deployment). The server fills both in when it serves the file (`fillPrerendered`).
 */

/** Stands in for the per-response CSP nonce in prerendered HTML (base64 alphabet, so valid). */
export const NONCE_PLACEHOLDER = "KVAprerenderNONCEplaceholder0000";

/**
 * Stands in for PUBLIC_SITE_URL in prerendered HTML and `.data` files: canonical URLs, Open
 * Graph URLs and JSON-LD. A valid origin (the reserved .invalid top-level domain, RFC 2606) so
 * every URL built from it parses.
 */
export const SITE_URL_PLACEHOLDER = "https://kva-site-url.invalid";

/**
 * True when the request comes from React Router's build-time prerender rather than from
 * Express: our server always puts a CSP nonce in the load context; the prerender passes none.
 */
export function isBuildTimeRender(context: { cspNonce?: string } | undefined): boolean {
  return !context?.cspNonce;
}

/** A site URL is put into HTML attributes, JSON strings and scripts: allow only plain origins and paths. */
const SAFE_SITE_URL = /^https?:\/\/[a-z0-9.-]+(:\d+)?(\/[a-z0-9._~/-]*)?$/i;
const SAFE_NONCE = /^[A-Za-z0-9+/=]+$/;

/**
 * Replaces the placeholders in a prerendered HTML or `.data` file with this response's nonce
 * and the configured site URL (origin, no trailing slash). Throws TypeError when either value
 * could break out of an attribute or string (it never should: both come from our own config).
 */
export function fillPrerendered(text: string, values: { nonce: string; siteUrl: string }): string {
  if (!SAFE_NONCE.test(values.nonce)) throw new TypeError("Unsafe CSP nonce");
  if (!SAFE_SITE_URL.test(values.siteUrl)) throw new TypeError(`Unsafe PUBLIC_SITE_URL: ${values.siteUrl}`);
  return text.replaceAll(NONCE_PLACEHOLDER, values.nonce).replaceAll(SITE_URL_PLACEHOLDER, values.siteUrl);
}
