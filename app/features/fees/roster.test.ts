import { describe, expect, it } from "vitest";
import { checkRoster, parseCsv, rosterTemplate, ROSTER_COLUMNS } from "./roster";

const known = { busStops: ["R1", "R2"], concessions: ["SIBLING", "RTE"] };

describe("roll CSV", () => {
  it("reads quoted cells, doubled quotes and CRLF", () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n1,2,3\n')).toEqual([["a", "b, c", 'say "hi"'], ["1", "2", "3"]]);
  });

  it("accepts the template", () => {
    const result = checkRoster(rosterTemplate().replace("R1-MALANCHA", "R1"), known);
    expect(result.problems).toEqual([]);
    expect(result.rows[0]).toMatchObject({ admissionNumber: "2026/0001", className: "Class 5", busStop: "R1", concessions: ["SIBLING"], dateOfBirth: "2015-06-14" });
  });

  it("rejects bad rows with reasons, by line", () => {
    const csv = [
      ROSTER_COLUMNS.join(","),
      "A1,Good Child,14/06/2015,Class 5,A,,,9000000001,,,,",
      "A2,Bad Mobile,2015-06-14,Class 5,A,,,12345,,,,",
      "A3,Bad Class,2015-06-14,Class 13,A,,,9000000003,,R9,FREE,",
      "A1,Same Number,2015-06-14,Class 5,A,,,9000000004,,,,",
    ].join("\n");
    const result = checkRoster(csv, known);
    expect(result.rows.map((r) => r.admissionNumber)).toEqual(["A1"]);
    expect(result.problems.map((p) => p.line)).toEqual([3, 4, 5]);
    expect(result.problems[0]!.reasons.join()).toMatch(/mobile/);
    expect(result.problems[1]!.reasons).toEqual(expect.arrayContaining([expect.stringMatching(/^className/), 'busStop: no bus stop "R9" in the fee book', 'concessions: no concession "FREE" in the fee book']));
    expect(result.problems[2]!.reasons.join()).toMatch(/also on line 2/);
  });

  it("refuses a file without the template's header", () => {
    expect(checkRoster("name,class\nRiya,Class 5", known).problems[0]!.reasons[0]).toMatch(/header/);
  });
});
