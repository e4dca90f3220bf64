/**
 * Public pages without React in the browser (issue 29, decisions 031 and 043): the pages kept in
 * memory (server/page-cache.ts) and the pages rendered per request whose route says
 * `handle = { hydrate: false }` (app/entry.server.tsx). React Router's markup asks for every
 * module of a page in <head> (`<link rel="modulepreload">`, ~150 KB gzip) and hydrates it; a page
 * of text, links and forms that work as documents needs none of it, only the chrome script
 * (5.3 KB gzip), started after its first paint.
 */

/** What a route module's `handle` may say of its page: `hydrate: false` serves it without React (`withoutReact`). */
export type PageHandle = { hydrate?: boolean };

/** React Router's module preload links (`<Scripts>`). */
const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]+"[^>]*\/?>/gi;
/** Any script element; React Router's are those whose text names `__reactRouter`. */
const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;

/** How long the chrome script waits at most for the hero image (ms): on a slow connection it starts without it. */
const HERO_WAIT_MS = 3000;

/**
 * The inline module script that starts the chrome script at `chromeSrc` once the page has
 * painted: after its hero image (`fetchpriority="high"`) is decoded, at most HERO_WAIT_MS, and
 * its first contentful paint is presented (a Paint Timing entry, not a timer, so a test's paused
 * clock does not hold it; the load event where Paint Timing is missing). Requests that end
 * before the first paint share the connection with the stylesheet and text, and Lighthouse
 * counts each in its LCP estimate (0.9 s without, 1.4 s with the chrome's four small files).
 */
function chromeAfterPaint(chromeSrc: string, nonce: string): string {
  return (
    `<script type="module" nonce="${nonce}">` +
    `await Promise.race([Promise.all([...document.querySelectorAll('img[fetchpriority="high"]')].map((image) => image.decode().catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, ${HERO_WAIT_MS}))]);\n` +
    `await new Promise((resolve) => { try { new PerformanceObserver((list) => list.getEntriesByName("first-contentful-paint").length > 0 && resolve()).observe({ type: "paint", buffered: true }); } catch { addEventListener("load", resolve, { once: true }); } });\n` +
    `await import(${JSON.stringify(chromeSrc)});` +
    `</script>`
  );
}

/**
 * A public page that does not hydrate React (issue 29, decision 031): its HTML is complete, its
 * links are links and its forms work without JavaScript, and what the chrome does (menu,
 * dialogs, floating buttons, reading progress, the visit beacon) is the chrome script's
 * (app/routes/public/chrome.ts), a few KB where React Router's scripts are ~150 KB. Takes the
 * HTML React Router rendered, the chrome script's URL and the nonce for the new script (or the
 * token marking scripts to hash: server/script-hashes.ts); returns it without React Router's
 * module preloads and scripts (its context, stream and module scripts: those naming
 * `__reactRouter`) and with a module script at the end of <body> that imports the chrome script
 * after the first paint (`chromeAfterPaint`). Other scripts (JSON-LD) stay. Idempotent.
 */
export function withoutReact(html: string, chromeSrc: string, nonce: string): string {
  if (html.includes(`await import(${JSON.stringify(chromeSrc)});`)) return html;
  const stripped = html.replace(MODULE_PRELOAD, "").replace(SCRIPT, (script) => (script.includes("__reactRouter") ? "" : script));
  const tag = chromeAfterPaint(chromeSrc, nonce);
  const end = stripped.lastIndexOf("</body>");
  return end < 0 ? stripped + tag : stripped.slice(0, end) + tag + stripped.slice(end);
}
