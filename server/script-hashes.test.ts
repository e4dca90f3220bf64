import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashMarkedScripts } from "./script-hashes";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("hashMarkedScripts", () => {
  const token = "tok+/en==";
  const html = [
    `<link rel="modulepreload" href="/assets/a.js" nonce="${token}"/>`,
    `<script type="application/ld+json">{"@type":"School"}</script>`,
    `<script nonce="${token}">window.__ctx = {"a":"\\u003c/script>"};</script>`,
    `<script nonce="${token}" type="module" async="">import "/assets/a.js";</script>`,
    `<script nonce="${token}">window.__ctx = {"a":"\\u003c/script>"};</script>`,
    `<script nonce="${token}" src="/assets/b.js"></script>`,
    `<script>alert("injected")</script>`,
    `<script nonce="other">alert("other")</script>`,
  ].join("");

  it("hashes each inline script the renderer marked, once, in document order", () => {
    expect(hashMarkedScripts(html, token).hashes).toEqual([sha('window.__ctx = {"a":"\\u003c/script>"};'), sha('import "/assets/a.js";')]);
  });

  it("leaves scripts without the token unhashed, so the CSP still refuses them", () => {
    const { hashes } = hashMarkedScripts(html, token);
    expect(hashes).not.toContain(sha('alert("injected")'));
    expect(hashes).not.toContain(sha('alert("other")'));
    expect(hashes).not.toContain(sha('{"@type":"School"}'));
  });

  it("removes the token from every element and nothing else", () => {
    const out = hashMarkedScripts(html, token).html;
    expect(out).not.toContain(token);
    expect(out).toContain('<link rel="modulepreload" href="/assets/a.js"/>');
    expect(out).toContain('<script type="module" async="">import "/assets/a.js";</script>');
    expect(out).toContain('<script nonce="other">');
    expect(out.length).toBe(html.length - 5 * ` nonce="${token}"`.length);
  });

  it("hashes the UTF-8 bytes of content that is not ASCII", () => {
    expect(hashMarkedScripts(`<script nonce="${token}">x="₹ ক"</script>`, token).hashes).toEqual([sha('x="₹ ক"')]);
  });

  it("refuses a token that is not base64", () => {
    expect(() => hashMarkedScripts(html, 'x" onload="a')).toThrow(TypeError);
  });
});
