import { describe, expect, it } from "vitest";
import { withoutReact } from "./without-react";

describe("withoutReact", () => {
  const routerPage = [
    `<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js" nonce="tok"/><link rel="modulepreload" href="/r.js" nonce="tok"/>`,
    `<link rel="preload" as="image" href="/h.svg"/><script type="application/ld+json">{"@type":"School"}</script></head><body><main>Text</main>`,
    `<script nonce="tok">window.__reactRouterContext = {"state":{}};window.__reactRouterContext.stream = new ReadableStream();</script>`,
    `<script nonce="tok" type="module" async="">;\nimport * as route0 from "/r.js";\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/e.js");</script>`,
    `<script nonce="tok">window.__reactRouterContext.streamController.close();</script></body></html>`,
  ].join("");

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
