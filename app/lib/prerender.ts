/**
 * Build-time prerendering with a deploy-time site URL (docs/decisions/004-prerendering-nonce-and-site-url.md,
 * 011-pages-from-memory-hash-csp-and-crowd-limits.md).
 *
 * React Router prerenders static pages at build time by calling the request handler without our
 * Express load context. Those pages are rendered with two placeholders instead of values that
 * only the running server knows: PUBLIC_SITE_URL (set per deployment), which the server fills in
 * once when it loads the file (`fillPrerendered`), and a nonce that marks the inline scripts
 * React Router rendered, which the server allows by CSP hash (server/script-hashes.ts).
 */

/** Marks React Router's inline scripts in prerendered HTML (base64 alphabet, so a valid nonce). */
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

/**
 * The instant a page's date-dependent content is computed for: the load context's `now` (the
 * server's time of the request, or the instant a daily page is rendered for), else the current
 * time (build-time renders have no context).
 */
export function renderInstant(context: { now?: Date } | undefined): Date {
  return context?.now ?? new Date();
}

/** A site URL is put into HTML attributes, JSON strings and scripts: allow only plain origins and paths. */
const SAFE_SITE_URL = /^https?:\/\/[a-z0-9.-]+(:\d+)?(\/[a-z0-9._~/-]*)?$/i;

/**
 * Replaces the site-URL placeholder in a prerendered HTML or `.data` file with the configured
 * site URL (origin, no trailing slash). Throws TypeError when the value could break out of an
 * attribute or string (it never should: it comes from our own config).
 */
export function fillPrerendered(text: string, values: { siteUrl: string }): string {
  if (!SAFE_SITE_URL.test(values.siteUrl)) throw new TypeError(`Unsafe PUBLIC_SITE_URL: ${values.siteUrl}`);
  return text.replaceAll(SITE_URL_PLACEHOLDER, values.siteUrl);
}
