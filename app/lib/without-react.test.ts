import { parse } from "acorn";
import { describe, expect, it } from "vitest";
import { hydrateOnInteraction, withoutReact } from "./without-react";

/** A page as React Router renders it (the shape of its `<Scripts>` in 7.x). */
const routerPage = [
  `<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js" nonce="tok"/><link rel="modulepreload" href="/r.js" nonce="tok"/>`,
  `<link rel="preload" as="image" href="/h.svg"/><script type="application/ld+json">{"@type":"School"}</script></head><body><main>Text</main>`,
  `<script nonce="tok">window.__reactRouterContext = {"state":{}};window.__reactRouterContext.stream = new ReadableStream();</script>`,
  `<script nonce="tok" type="module" async="">import "/m.js";\nimport * as route0 from "/r.js";\nimport * as route1 from "/p.js";\n  \n  window.__reactRouterRouteModules = {"root":route0,"page":route1};\n\nimport("/e.js");</script>`,
  `<script nonce="tok">window.__reactRouterContext.streamController.close();</script></body></html>`,
].join("");

/** The text of each inline module script of `html`. */
const moduleScripts = (html: string) => [...html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].map(([, text]) => text!);

describe("withoutReact", () => {
  it("drops React Router's preloads and scripts, keeps the rest and imports the chrome script after the first paint", () => {
    const out = withoutReact(routerPage, "/assets/chrome-1.js", "tok");
    const [before, script] = out.split(`<script type="module" nonce="tok">`) as [string, string];
    expect(before).toBe(
      `<html><head><link rel="stylesheet" href="/a.css"/><link rel="preload" as="image" href="/h.svg"/><script type="application/ld+json">{"@type":"School"}</script></head><body><main>Text</main>`,
    );
    expect(script).toMatch(/<\/script><\/body><\/html>$/);
    const order = ["decode()", "first-contentful-paint", `await import("/assets/chrome-1.js")`];
    const at = order.map((part) => script.indexOf(part));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    expect(withoutReact(out, "/assets/chrome-1.js", "tok")).toBe(out);
  });

  it("keeps the nonce it is given on its script, for a page rendered per request", () => {
    const out = withoutReact(routerPage.replaceAll('nonce="tok"', 'nonce="n0nce"'), "/assets/chrome-1.js", "n0nce");
    expect(out).toContain(`<script type="module" nonce="n0nce">`);
    expect(out).not.toContain("modulepreload");
  });
});

describe("hydrateOnInteraction", () => {
  const out = hydrateOnInteraction(routerPage, "/assets/chrome-1.js", "tok");
  const [router, chrome] = moduleScripts(out) as [string, string];

  it("drops the preloads and keeps React Router's context and stream scripts", () => {
    expect(out).not.toContain("<link rel=\"modulepreload\"");
    expect(out).toContain(`<script nonce="tok">window.__reactRouterContext = {"state":{}};`);
    expect(out).toContain("window.__reactRouterContext.streamController.close();");
    expect(out.indexOf(router)).toBeLessThan(out.indexOf(chrome));
  });

  it("imports nothing before the parent starts on the page, then every module the page imported and preloaded", () => {
    expect(router).not.toMatch(/^\s*import\s/m);
    const waits = router.indexOf("await new Promise");
    const loads = router.indexOf(`import("/m.js")`);
    expect(waits).toBeGreaterThanOrEqual(0);
    expect(loads).toBeGreaterThan(waits);
    for (const url of ["/r.js", "/p.js"]) expect(router.indexOf(`import("${url}")`)).toBeGreaterThan(waits);
    expect(router).toContain(`${JSON.stringify(["/e.js", "/r.js"])}`);
    expect(router.indexOf(`window.__reactRouterRouteModules = {"root":route0,"page":route1};`)).toBeGreaterThan(loads);
    expect(router.trimEnd().endsWith(`import("/e.js");`)).toBe(true);
  });

  it("writes module scripts a browser parses", () => {
    for (const text of [router, chrome]) expect(() => parse(text, { ecmaVersion: "latest", sourceType: "module" })).not.toThrow();
  });

  it("starts the chrome after the first paint with the nonce given, as pages without React do", () => {
    expect(chrome).toContain(`await import("/assets/chrome-1.js")`);
    expect(out).toContain(`<script type="module" nonce="tok">${chrome}</script></body></html>`);
  });

  it("is idempotent, and leaves a page whose scripts it does not recognise to hydrate at once", () => {
    expect(hydrateOnInteraction(out, "/assets/chrome-1.js", "tok")).toBe(out);
    const unknown = routerPage.replace("import * as route0 from", "import route0 from").replace("import * as route1 from", "import route1 from");
    expect(hydrateOnInteraction(unknown, "/assets/chrome-1.js", "tok")).toBe(unknown);
  });
});
