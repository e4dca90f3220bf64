import { describe, expect, it } from "vitest";
import { fillPrerendered, isBuildTimeRender, NONCE_PLACEHOLDER, renderInstant, SITE_URL_PLACEHOLDER } from "./prerender";

describe("fillPrerendered", () => {
  const html = `<link rel="canonical" href="${SITE_URL_PLACEHOLDER}/fee"/><script nonce="${NONCE_PLACEHOLDER}">x</script>{"url":"${SITE_URL_PLACEHOLDER}/"}`;

  it("puts the configured origin in every URL and leaves the script marks for hashing", () => {
    const out = fillPrerendered(html, { siteUrl: "https://www.example.in" });
    expect(out).toBe(`<link rel="canonical" href="https://www.example.in/fee"/><script nonce="${NONCE_PLACEHOLDER}">x</script>{"url":"https://www.example.in/"}`);
  });

  it("refuses values that could break out of an attribute or a string", () => {
    expect(() => fillPrerendered(html, { siteUrl: 'https://a.in/"><script>' })).toThrow(TypeError);
    expect(() => fillPrerendered(html, { siteUrl: "javascript:alert(1)" })).toThrow(TypeError);
  });
});

describe("renderInstant", () => {
  it("is the load context's instant, else now", () => {
    const instant = new Date("2026-10-31T18:30:00Z");
    expect(renderInstant({ now: instant })).toBe(instant);
    expect(Math.abs(renderInstant(undefined).getTime() - Date.now())).toBeLessThan(1000);
  });
});

describe("isBuildTimeRender", () => {
  it("is true without the Express load context", () => {
    expect(isBuildTimeRender({})).toBe(true);
    expect(isBuildTimeRender(undefined)).toBe(true);
    expect(isBuildTimeRender({ cspNonce: "abc" })).toBe(false);
  });
});
