/**
 * Renders without the server's load context (docs/decisions/004-prerendering-nonce-and-site-url.md,
 * 025-content-in-the-database.md). Pages are no longer prerendered at build (the server renders
 * them into memory), but React Router's build still calls the request handler for the documents
 * it makes, without our Express load context: a page rendered that way gets placeholders for
 * the values only the running server knows (PUBLIC_SITE_URL, the CSP nonce), never real ones.
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
