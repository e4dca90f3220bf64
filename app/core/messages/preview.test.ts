import { describe, expect, it } from "vitest";
import { PREVIEW_HEADERS, PREVIEW_PATH, previewOf } from "./preview";
import { MESSAGE_KINDS, TEMPLATES } from "./templates";

describe("previewOf", () => {
  it("renders every kind's sample: an e-mail and, where it has one, the SMS and its DLT text", () => {
    for (const kind of MESSAGE_KINDS) {
      const p = previewOf(kind, "https://school.example")!;
      expect(p.email === null, kind).toBe(!TEMPLATES[kind].email);
      expect(p.sms === null, kind).toBe(!("sms" in TEMPLATES[kind] && TEMPLATES[kind].sms));
      if (p.sms) {
        expect(p.sms.dlt).not.toMatch(/\{[a-z]+\}/);
        expect(p.sms.text).not.toContain("{");
      }
    }
  });
  it("gives the stop link only to kinds a parent may stop", () => {
    expect(previewOf("fee_reminder", "https://s.example")!.email!.text).toContain("https://s.example/messages/stop/sample");
    expect(previewOf("payment_received", "https://s.example")!.email!.text).not.toContain("/messages/stop/");
  });
  it("knows no kind outside the catalogue", () => {
    expect(previewOf("constructor", "https://s.example")).toBeNull();
    expect(previewOf("nope", "https://s.example")).toBeNull();
  });
});

describe("PREVIEW_PATH and PREVIEW_HEADERS", () => {
  it("cover the two HTML routes only", () => {
    expect(PREVIEW_PATH.test("/admin/messages/templates/fee_reminder/html")).toBe(true);
    expect(PREVIEW_PATH.test("/admin/messages/AbC_-0123456789abcdefgh/html")).toBe(true);
    expect(PREVIEW_PATH.test("/admin/messages/templates")).toBe(false);
    expect(PREVIEW_PATH.test("/admin/messages/x/html/more")).toBe(false);
  });
  it("allow no script and framing by the site itself only", () => {
    const csp = PREVIEW_HEADERS["Content-Security-Policy"];
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(PREVIEW_HEADERS["X-Frame-Options"]).toBe("SAMEORIGIN");
  });
});
