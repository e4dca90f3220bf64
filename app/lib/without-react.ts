/**
 * Public pages without React in the browser, or without it until a parent starts on the form
 * (issue 29, decisions 031, 043 and 044): the pages kept in memory (server/page-cache.ts) and
 * the pages rendered per request whose route says so in its `handle` (app/entry.server.tsx).
 * React Router's markup asks for every module of a page in <head> (`<link rel="modulepreload">`,
 * ~150 KB gzip) and hydrates it; a page of text, links and forms that work as documents needs
 * none of it, only the chrome script (5.3 KB gzip), started after its first paint.
 */

/**
 * What a route module's `handle` may say of its page: `hydrate: false` serves it without React
 * (`withoutReact`); `hydrate: "on-interaction"` loads React when the parent first points at,
 * touches, focuses or types in the page's main content (`hydrateOnInteraction`).
 */
export type PageHandle = { hydrate?: boolean | "on-interaction" };

/** React Router's module preload links (`<Scripts>`), each href captured. */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/gi;
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
  return beforeBodyEnd(stripped, chromeAfterPaint(chromeSrc, nonce));
}

/** `html` with `tag` inserted before its last `</body>` (at its end when it has none). */
function beforeBodyEnd(html: string, tag: string): string {
  const end = html.lastIndexOf("</body>");
  return end < 0 ? html + tag : html.slice(0, end) + tag + html.slice(end);
}

/** React Router's inline module script: static imports of the manifest and the route modules, then the client entry. */
const ROUTER_MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([^<]*__reactRouterRouteModules[^<]*)(<\/script\s*>)/i;
/** One static import of that script: `import "/assets/manifest-….js";` or `import * as route0 from "/assets/….js";`. */
const STATIC_IMPORT = /^\s*import (?:\* as (\w+) from )?("[^"]+");[ \t]*$/gm;

/**
 * What waits, in the rewritten script, for the parent to start on the page: the first
 * `pointerdown`, `touchstart`, `focusin` or `keydown` in <main>, or `pointerover` on a form in
 * it (a mouse on its way to a field). A page opened with a field already focused, or whose form
 * has a draft kept in this browser to restore (`data-draft-key` naming its localStorage key),
 * goes on at once. Then marks <html> `data-react="loading"` (the chrome holds back what React
 * would find changed: app/features/site/chrome/index.ts) until React says `hydrated` (root.tsx).
 */
const UNTIL_INTERACTION =
  `await new Promise((resolve) => {\n` +
  `  const drafts = [...document.querySelectorAll("[data-draft-key]")].some((form) => { try { return localStorage.getItem(form.dataset.draftKey) !== null; } catch { return false; } });\n` +
  `  if (drafts || document.activeElement?.closest("main")) return resolve();\n` +
  `  const types = ["pointerdown", "touchstart", "focusin", "keydown", "pointerover"];\n` +
  `  const start = (event) => {\n` +
  `    if (!(event.target instanceof Element) || !event.target.closest(event.type === "pointerover" ? "main form" : "main")) return;\n` +
  `    for (const type of types) removeEventListener(type, start, true);\n` +
  `    resolve();\n` +
  `  };\n` +
  `  for (const type of types) addEventListener(type, start, { capture: true, passive: true });\n` +
  `});\n` +
  `document.documentElement.dataset.react = "loading";\n`;

/**
 * A public page whose form needs React (in-browser checks, a draft kept as the parent types)
 * but whose first paint and first seconds do not (issue 29, decision 044): React Router's
 * module preloads are dropped and its inline module script is rewritten so that its imports
 * start when the parent first interacts with the main content (UNTIL_INTERACTION), the
 * preloads then added; the context and stream scripts stay, so React hydrates the same page
 * with the same data. The chrome script starts after the first paint as on pages without React
 * (`chromeAfterPaint`). What the parent typed, chose or ticked before React arrived stays: React
 * keeps a control's value when it hydrates it, and the form library (Conform, uncontrolled
 * fields) reads the form's values from the page once hydrated (tests/e2e/hydrate-on-
 * interaction.spec.ts holds React back to show it). A form with React-controlled fields would
 * need more. Takes the HTML React Router rendered, the chrome script's URL and the response's
 * nonce; returns it unchanged when its module script is not of the expected shape (the page
 * then hydrates at once). Idempotent.
 */
export function hydrateOnInteraction(html: string, chromeSrc: string, nonce: string): string {
  if (html.includes(UNTIL_INTERACTION)) return html;
  const script = ROUTER_MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const [whole, open, body, close] = script as unknown as [string, string, string, string];
  const imports = [...body.matchAll(STATIC_IMPORT)].map(([, name, url]) => ({ name: name ?? "", url: url! }));
  if (!imports.some((i) => i.name)) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href!);
  const deferred =
    UNTIL_INTERACTION +
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));\n` +
    `const [${imports.map((i) => i.name).join(", ")}] = await Promise.all([${imports.map((i) => `import(${i.url})`).join(", ")}]);\n` +
    body.replace(STATIC_IMPORT, "").trim();
  return beforeBodyEnd(html.replace(MODULE_PRELOAD, "").replace(whole, () => open + deferred + close), chromeAfterPaint(chromeSrc, nonce));
}
