/**
 * CSP hashes for pages rendered once and served to many visitors (prerendered at build, or
 * rendered once per day in India): such a page cannot carry a per-response nonce, so its
 * Content-Security-Policy allows its inline scripts by their SHA-256 instead (CSP Level 3
 * hash-source; OWASP ASVS 14.4.3: a CSP without 'unsafe-inline' scripts).
 *
 * Only the scripts the renderer marked with a render token (the nonce it was given) are hashed,
 * so a `<script>` that reached the HTML any other way (say, raw HTML in Markdown content) is
 * still refused by the browser, as it would be under a nonce.
 */
import { createHash } from "node:crypto";

/** One inline `<script …>…</script>` element; its content ends at the first `</script` (HTML's raw-text rule). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * Finds the scripts of `html` that carry `nonce="<token>"`, returns the `'sha256-…'` sources of
 * the inline ones (each once, in document order) and the HTML with every `nonce="<token>"`
 * attribute removed (scripts, modulepreload and icon links alike). `token` must be base64 (as a
 * CSP nonce is); throws TypeError otherwise.
 */
export function hashMarkedScripts(html: string, token: string): { html: string; hashes: string[] } {
  if (!/^[A-Za-z0-9+/=]+$/.test(token)) throw new TypeError("The render token must be base64");
  const marker = ` nonce="${token}"`;
  const hashes: string[] = [];
  for (const [, attributes, content] of html.matchAll(SCRIPT)) {
    if (!attributes!.includes(marker) || /\bsrc\s*=/i.test(attributes!)) continue;
    const hash = `'sha256-${createHash("sha256").update(content!, "utf8").digest("base64")}'`;
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return { html: html.replaceAll(marker, ""), hashes };
}
