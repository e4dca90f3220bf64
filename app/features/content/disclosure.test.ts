import { describe, expect, it } from "vitest";
import { disclosure } from "#content/mandatory-disclosure";
import { school } from "#content/school";
import { disclosureView, passPercentage, teacherSectionRatio } from "./disclosure";

describe("passPercentage", () => {
  it("gives two decimals and refuses impossible rows", () => {
    expect(passPercentage({ registered: 62, passed: 62 })).toBe("100.00");
    expect(passPercentage({ registered: 3, passed: 2 })).toBe("66.67");
    expect(passPercentage({ registered: 0, passed: 0 })).toBe("–");
    expect(() => passPercentage({ registered: 2, passed: 3 })).toThrow(RangeError);
  });
});

describe("teacherSectionRatio", () => {
  it("divides teachers by sections", () => {
    expect(teacherSectionRatio(48, 32)).toBe("1.50 : 1");
    expect(() => teacherSectionRatio(1, 0)).toThrow(RangeError);
  });
});

describe("disclosureView (CBSE Affiliation Bye-Laws 2018, Appendix IX)", () => {
  const view = disclosureView();

  it("A: has every general-information item, from the school facts", () => {
    expect(view.general.map((r) => r.label)).toEqual([
      "Name of the school",
      "Affiliation No.",
      "School code",
      "Complete address with PIN code",
      "Principal name",
      "Principal qualification",
      "School e-mail ID",
      "Contact details (landline/mobile)",
    ]);
    expect(view.general[1]!.value).toBe(school.affiliationNo);
    expect(view.general[3]!.value).toContain(school.address.postalCode);
  });

  it("B: lists the eight documents, each a link", () => {
    expect(view.documents).toHaveLength(8);
    for (const d of view.documents) expect(d.href).toMatch(/^\/documents\/.+\.pdf$|^https:\/\//);
  });

  it("C: has three years of Class X and XII results with pass percentages", () => {
    expect(view.resultsX).toHaveLength(3);
    expect(view.resultsXII).toHaveLength(3);
    expect(view.resultsX[0]).toMatchObject({ year: disclosure.academics.results.x[0]!.year, percentage: expect.stringMatching(/^\d+\.\d\d$/) });
    expect(view.smc.length).toBeGreaterThan(0);
    expect(view.pta.length).toBeGreaterThan(0);
  });

  it("D and E: staff and infrastructure items", () => {
    expect(view.staff.map((r) => r.label)).toEqual(expect.arrayContaining(["PGT", "TGT", "PRT", "Teachers section ratio", "Details of special educator"]));
    expect(view.infrastructure).toHaveLength(7);
    expect(view.infrastructure.at(-1)!.href).toMatch(/^https:\/\//);
  });
});
