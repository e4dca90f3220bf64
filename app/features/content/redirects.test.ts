/** Table-driven test of the legacy redirect table (SPEC §2): every exact entry and its variants. */
import { describe, expect, it } from "vitest";
import { pages } from "#content/pages";
import { HOME_PREFIXES, normalizeLegacyPath, redirectGroups, redirectRuleCount, resolveLegacyPath, withQuery } from "./redirects";

const livePaths = new Set(["/", "/apply", "/enquire", ...pages.map((p) => p.path)]);

describe("normalizeLegacyPath", () => {
  it.each([
    ["/Contact-Us/", "/contact-us"],
    ["/Chairman_Message", "/chairman-message"],
    ["/about%20us.html", "/about-us"],
    ["/fee-structure.php", "/fee-structure"],
    ["//infrastructure//", "/infrastructure"],
    ["/gallery/index.html", "/gallery"],
    ["/index.php", "/"],
    ["/Co-Ordinators", "/coordinators"],
    ["/downloads/Admission_Form.pdf", "/downloads/admission-form.pdf"],
    ["/", "/"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeLegacyPath(input)).toBe(expected);
  });
});

describe("every exact entry of every group", () => {
  for (const group of redirectGroups) {
    describe(`${group.description} → ${group.target}`, () => {
      it("targets a live page and lists no live path", () => {
        expect(livePaths.has(group.target), group.target).toBe(true);
        for (const path of group.paths) expect(livePaths.has(path), path).toBe(false);
      });

      for (const path of group.paths) {
        const variants = [path, `${path}/`, path.toUpperCase(), path.replace(/\.pdf$/, ".PDF")];
        if (!path.endsWith(".pdf")) variants.push(`${path}.php`, `${path}.html`, `${path.replaceAll("-", "_")}`);
        it(`${path} and its case, slash and suffix variants`, () => {
          for (const variant of variants) expect(resolveLegacyPath(variant), variant).toBe(group.target);
        });
      }
    });
  }
});

describe("keyword rules for names the SPEC does not list", () => {
  it.each([
    ["/best-school-in-kolkata", "/school-in-kharagpur"],
    ["/school-in-salua", "/school-in-kharagpur"],
    ["/top-schools-near-iit", "/school-in-kharagpur"],
    ["/kharagpur-cbse-school-ranking-2024", "/school-in-kharagpur"],
    ["/admission-2030-31", "/apply"],
    ["/files/Online_Admission_Form_2023.pdf", "/apply"],
    ["/admission-procedure-2024", "/admissions-overview"],
    ["/scholarship-for-girls", "/admissions-overview"],
    ["/fee-structure-2030-31.pdf", "/fee"],
    ["/KVA-Prospectus-2024.pdf", "/school-brochure"],
    ["/computer-labs", "/facilities"],
    ["/house-system-and-clubs", "/facilities"],
    ["/class-xi-science-stream", "/curriculum"],
    ["/olympiad-2024", "/curriculum"],
    ["/olympiad-results", "/achievements"],
    ["/tc-verification", "/mandatory-disclosure"],
    ["/our-alumni-speak", "/achievements"],
    ["/teachers-list", "/faculty"],
    ["/contact-us-now", "/contact"],
    ["/privacy-policy-app", "/app-privacy-policy"],
    ["/code-of-conduct-for-students", "/overview"],
    ["/virtual-tour-360", "/gallery"],
    ["/Chairman_Message.html", "/chairman"],
  ])("%s → %s", (path, target) => {
    expect(resolveLegacyPath(path)).toBe(target);
  });

  it("sends /blog/*, /index.php/* and WordPress leftovers home, before any keyword", () => {
    for (const prefix of HOME_PREFIXES) expect(resolveLegacyPath(`${prefix}/best-school-in-kharagpur`)).toBe("/");
    expect(resolveLegacyPath("/blog")).toBe("/");
  });

  it("leaves paths no rule knows to the caller (which sends them home)", () => {
    for (const path of ["/", "/xyz", "/news", "/enquire", "/businesses"]) expect(resolveLegacyPath(path), path).toBeNull();
  });
});

describe("withQuery", () => {
  it("keeps the query string", () => {
    expect(withQuery("/fee", "?utm_source=google&x=1")).toBe("/fee?utm_source=google&x=1");
    expect(withQuery("/fee", "")).toBe("/fee");
    expect(withQuery("/fee", "?")).toBe("/fee");
  });
});

it("counts its rules", () => {
  expect(redirectRuleCount()).toBeGreaterThan(250);
});
