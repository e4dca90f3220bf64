/**
 * Response headers written once. `Cache-Control: no-store` goes on every answer that holds
 * personal data or a one-off state (admin pages, payment and receipt pages, exports, errors of
 * those): no browser, proxy or CDN may keep a copy (DESIGN.md §6).
 */

/** The headers of an answer no cache may keep. */
export const NO_STORE_HEADERS = { "Cache-Control": "no-store" } as const;

/** Marks `headers` (e.g. the admin guard's, which may carry a refreshed session cookie) no-store; returns them. */
export function setNoStore(headers: Headers): Headers {
  for (const [name, value] of Object.entries(NO_STORE_HEADERS)) headers.set(name, value);
  return headers;
}
