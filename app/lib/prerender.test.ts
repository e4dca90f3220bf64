import { describe, expect, it } from "vitest";
import { fillPrerendered, isBuildTimeRender, NONCE_PLACEHOLDER, SITE_URL_PLACEHOLDER } from "./prerender";

describe("fillPrerendered", () => {
  const html = `<link rel="canonical" href="${SITE_URL_PLACEHOLDER}/fee"/><script nonce="${NONCE_PLACEHOLDER}">x</script><script nonce="${NONCE_PLACEHOLDER}" type="module">y</script>{"url":"${SITE_URL_PLACEHOLDER}/"}`;

  it("puts the response's nonce on every script and the configured origin in every URL", () => {
    const out = fillPrerendered(html, { nonce: "abc+/123==", siteUrl: "https://www.example.in" });
    expect(out).toBe('<link rel="canonical" href="https://www.example.in/fee"/><script nonce="abc+/123==">x</script><script nonce="abc+/123==" type="module">y</script>{"url":"https://www.example.in/"}');
  });

  it("refuses values that could break out of an attribute or a string", () => {
    expect(() => fillPrerendered(html, { nonce: 'x" onload="alert(1)', siteUrl: "https://a.in" })).toThrow(TypeError);
    expect(() => fillPrerendered(html, { nonce: "abc", siteUrl: 'https://a.in/"><script>' })).toThrow(TypeError);
    expect(() => fillPrerendered(html, { nonce: "abc", siteUrl: "javascript:alert(1)" })).toThrow(TypeError);
  });
});

describe("isBuildTimeRender", () => {
  it("is true without the Express load context", () => {
    expect(isBuildTimeRender({})).toBe(true);
    expect(isBuildTimeRender(undefined)).toBe(true);
    expect(isBuildTimeRender({ cspNonce: "abc" })).toBe(false);
  });
});
