import { describe, expect, it } from "vitest";
import { classFees } from "#content/fees";
import { ageCriteria, feeTables, sessionStartYear } from "./fees";

describe("sessionStartYear", () => {
  it("reads en dash and hyphen labels", () => {
    expect(sessionStartYear("2027–28")).toBe(2027);
    expect(sessionStartYear("2025-26")).toBe(2025);
    expect(() => sessionStartYear("next year")).toThrow(RangeError);
  });
});

describe("ageCriteria (age on 31 March of the session year)", () => {
  it("gives Nursery 3+, LKG 4+, UKG 5+ and Class 1 6+ with the qualifying birth dates", () => {
    const rows = ageCriteria(2027);
    expect(rows.map((r) => [r.className, r.minimumAge, r.bornFrom, r.bornTo])).toEqual([
      ["Nursery", 3, "2023-04-01", "2024-03-31"],
      ["LKG", 4, "2022-04-01", "2023-03-31"],
      ["UKG", 5, "2021-04-01", "2022-03-31"],
      ["Class 1", 6, "2020-04-01", "2021-03-31"],
    ]);
    expect(rows[3]).toMatchObject({ bornFromLabel: "1 Apr 2020", bornToLabel: "31 Mar 2021" });
  });

  it("leaves no gap and no overlap between consecutive classes", () => {
    const rows = ageCriteria(2030);
    for (let i = 1; i < rows.length; i++) {
      const day = new Date(`${rows[i - 1]!.bornFrom}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() - 1);
      expect(rows[i]!.bornTo).toBe(day.toISOString().slice(0, 10));
    }
  });
});

describe("feeTables", () => {
  it("formats every amount in rupees with Indian grouping and adds up the first year", () => {
    const tables = feeTables();
    expect(tables.classes).toHaveLength(classFees.length);
    for (const row of tables.classes) {
      for (const value of [row.admissionFee, row.annualCharges, row.monthlyTuition, row.quarterlyTuition, row.firstYearTotal]) {
        expect(value).toMatch(/^₹\d{1,3}(,\d{2})*(,\d{3})?$|^₹\d{1,3}$/);
      }
    }
    const first = classFees[0]!;
    const expected = (first.admissionFee + first.annualCharges + first.monthlyTuition * 12) / 100;
    expect(tables.classes[0]!.firstYearTotal).toBe(`₹${expected.toLocaleString("en-IN")}`);
    expect(tables.cutoffLabel).toMatch(/^31 Mar \d{4}$/);
  });
});
