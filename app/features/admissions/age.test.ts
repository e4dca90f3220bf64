import { describe, expect, it } from "vitest";
import { ageRules } from "#content/fees";
import { ageCriteria, ageOn, birthRange, classThatFits, defaultCutOff, eligibility, eligibilityMessage, isIsoDate } from "./age";

const CUT_OFF = "2027-03-31";

/** "yyyy-mm-dd" `days` after `iso` (negative: before). */
function shift(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Born exactly `years` before `on` (same month and day). */
const yearsBefore = (on: string, years: number) => `${Number(on.slice(0, 4)) - years}${on.slice(4)}`;

describe("the published table is the rule", () => {
  it("has Nursery 3+, LKG 4+, UKG 5+ and Class 1 6+ (content/fees.ts)", () => {
    expect(ageRules.map((r) => [r.className, r.minimumAge])).toEqual([["Nursery", 3], ["LKG", 4], ["UKG", 5], ["Class 1", 6]]);
  });
  it("reckons age on 31 March of the session's start year by default", () => {
    expect(defaultCutOff("2027-28")).toBe("2027-03-31");
    expect(defaultCutOff("2027–28")).toBe("2027-03-31");
  });
});

describe.each(ageRules.map((r) => [r.className, r.minimumAge] as const))("%s (minimum %i years on the cut-off)", (className, minimum) => {
  const birthday = yearsBefore(CUT_OFF, minimum);
  it(`born on the cut-off date ${minimum} years earlier (${birthday}): eligible`, () => {
    const r = eligibility(birthday, className, CUT_OFF);
    expect(r).toMatchObject({ kind: "eligible", age: minimum });
  });
  it("born one day before that: eligible", () => {
    expect(eligibility(shift(birthday, -1), className, CUT_OFF)).toMatchObject({ kind: "eligible", age: minimum });
  });
  it("born one day after that: too young, and told which class fits", () => {
    const r = eligibility(shift(birthday, 1), className, CUT_OFF);
    expect(r).toMatchObject({ kind: "too_young", age: minimum - 1 });
    const younger = ageRules.find((x) => x.minimumAge === minimum - 1)?.className ?? null;
    expect(r.kind === "too_young" && r.fits).toBe(younger);
  });
});

describe("birthRange", () => {
  it("gives the dates of birth of a child exactly the minimum age on the cut-off", () => {
    expect(birthRange(3, "2027-03-31")).toEqual({ from: "2023-04-01", to: "2024-03-31" });
    expect(birthRange(6, "2027-09-30")).toEqual({ from: "2020-10-01", to: "2021-09-30" });
  });

  it("agrees with ageOn at both ends and just outside them, on leap-day cut-offs too", () => {
    for (const cutOff of ["2027-03-31", "2028-02-29", "2027-02-28", "2030-01-01"]) {
      for (const minimum of [3, 4, 5, 6]) {
        const { from, to } = birthRange(minimum, cutOff);
        const shift = (iso: string, days: number) => {
          const d = new Date(`${iso}T00:00:00Z`);
          d.setUTCDate(d.getUTCDate() + days);
          return d.toISOString().slice(0, 10);
        };
        expect(ageOn(from, cutOff), `${minimum} on ${cutOff}`).toBe(minimum);
        expect(ageOn(to, cutOff)).toBe(minimum);
        expect(ageOn(shift(from, -1), cutOff)).toBe(minimum + 1);
        expect(ageOn(shift(to, 1), cutOff)).toBe(minimum - 1);
      }
    }
  });

  it("refuses a cut-off that is not a date", () => {
    expect(() => birthRange(3, "2027-02-30")).toThrow(RangeError);
  });
});

describe("leap days", () => {
  it("a child born on 29 February is a year older on 29 February of a leap year", () => {
    expect(ageOn("2020-02-29", "2026-02-28")).toBe(5);
    expect(ageOn("2020-02-29", "2026-03-01")).toBe(6);
    expect(ageOn("2020-02-29", "2024-02-29")).toBe(4);
    expect(ageOn("2020-02-29", "2024-02-28")).toBe(3);
  });
  it("with the default cut-off, a child born on 29 February is reckoned like any other", () => {
    expect(eligibility("2020-02-29", "Class 1", CUT_OFF)).toMatchObject({ kind: "eligible", age: 7 });
    expect(eligibility("2024-02-29", "Nursery", CUT_OFF)).toMatchObject({ kind: "eligible", age: 3 });
    expect(eligibility("2024-02-29", "LKG", CUT_OFF)).toMatchObject({ kind: "too_young", age: 3, fits: "Nursery" });
  });
  it("a cut-off on a leap day (29 February 2028): born on it, one day before and one day after", () => {
    const cutOff = "2028-02-29";
    expect(eligibility("2024-02-29", "LKG", cutOff)).toMatchObject({ kind: "eligible", age: 4 });
    expect(eligibility("2024-02-28", "LKG", cutOff)).toMatchObject({ kind: "eligible", age: 4 });
    expect(eligibility("2024-03-01", "LKG", cutOff)).toMatchObject({ kind: "too_young", age: 3, fits: "Nursery" });
    // 2022 had no 29 February: born on 28 February 2022 is 6 on the leap day; 1 March 2022 is not.
    expect(eligibility("2022-02-28", "Class 1", cutOff)).toMatchObject({ kind: "eligible", age: 6 });
    expect(eligibility("2022-03-01", "Class 1", cutOff)).toMatchObject({ kind: "too_young", age: 5, fits: "UKG" });
  });
  it("rejects 29 February of a common year as a date", () => {
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(() => ageOn("2023-02-29", CUT_OFF)).toThrow(RangeError);
  });
});

describe("the class that fits and the message", () => {
  it("names the highest class the age reaches", () => {
    expect(classThatFits(2)).toBeNull();
    expect(classThatFits(3)).toBe("Nursery");
    expect(classThatFits(5)).toBe("UKG");
    expect(classThatFits(9)).toBe("Class 1");
  });
  it("classes above Class 1 have no age rule", () => {
    expect(eligibility("2015-05-01", "Class 5", CUT_OFF).kind).toBe("no_rule");
  });
  it("a too-young Class 1 applicant is told the age and that UKG fits", () => {
    const r = eligibility("2021-06-15", "Class 1", CUT_OFF);
    expect(eligibilityMessage(r, "Class 1", CUT_OFF)).toBe("Not eligible for Class 1: 5 years old on 31 March 2027; Class 1 needs 6+. UKG fits this age: choose it instead.");
  });
  it("a child too young for every class is told so", () => {
    const r = eligibility("2025-01-01", "Nursery", CUT_OFF);
    expect(eligibilityMessage(r, "Nursery", CUT_OFF)).toContain("too young for every class");
  });
});

describe("ageCriteria (age on the session's cut-off)", () => {
  it("gives Nursery 3+, LKG 4+, UKG 5+ and Class 1 6+ with the qualifying birth dates", () => {
    const rows = ageCriteria("2027-03-31");
    expect(rows.map((r) => [r.className, r.minimumAge, r.bornFrom, r.bornTo])).toEqual([
      ["Nursery", 3, "2023-04-01", "2024-03-31"],
      ["LKG", 4, "2022-04-01", "2023-03-31"],
      ["UKG", 5, "2021-04-01", "2022-03-31"],
      ["Class 1", 6, "2020-04-01", "2021-03-31"],
    ]);
    expect(rows[3]).toMatchObject({ bornFromLabel: "1 Apr 2020", bornToLabel: "31 Mar 2021" });
  });

  it("follows a cut-off the school moved, leaving no gap and no overlap between classes", () => {
    const rows = ageCriteria("2030-07-31");
    expect(rows[0]).toMatchObject({ bornFrom: "2026-08-01", bornTo: "2027-07-31" });
    for (let i = 1; i < rows.length; i++) {
      const day = new Date(`${rows[i - 1]!.bornFrom}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() - 1);
      expect(rows[i]!.bornTo).toBe(day.toISOString().slice(0, 10));
    }
  });
});
