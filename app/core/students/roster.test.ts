import { describe, expect, it } from "vitest";
import { checkRoster, parseCsv, rosterTemplate, ROSTER_COLUMNS } from "./roster";

const known = { busStops: ["R1", "R2"], concessions: ["SIBLING", "RTE"] };

describe("roll CSV", () => {
  it("reads quoted cells, doubled quotes and CRLF", () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n1,2,3\n')).toEqual([["a", "b, c", 'say "hi"'], ["1", "2", "3"]]);
  });

  it("accepts its own template, built from the fee book's codes", () => {
    const result = checkRoster(rosterTemplate({ admissionNumber: "2026/9001", session: "2026-27", busStop: "R1", concession: "SIBLING" }), known);
    expect(result.problems).toEqual([]);
    expect(result.rows[0]).toMatchObject({ admissionNumber: "2026/9001", className: "Class 5", busStop: "R1", concessions: ["SIBLING"], dateOfBirth: "2015-06-14", joinedSession: "2026-27", joinedMonth: null });
    expect(checkRoster(rosterTemplate({ admissionNumber: "2026/9001", session: "2026-27", busStop: null, concession: null }), { busStops: [], concessions: [] }).problems).toEqual([]);
  });

  it("takes a joining month, fills its session, and refuses a month outside the session given", () => {
    const csv = (joined: string) => [ROSTER_COLUMNS.join(","), `J1,Late Joiner,2015-06-14,Class 5,A,,,9000000001,,,,${joined}`].join("\n");
    expect(checkRoster(csv(",2026-09"), known).rows[0]).toMatchObject({ joinedSession: "2026-27", joinedMonth: "2026-09" });
    expect(checkRoster(csv("2027-28,2027-02"), known).problems[0]!.reasons).toEqual(["joined_month: 2027-02 is not in session 2027-28"]);
  });

  it("still reads the older template without joined_month", () => {
    const csv = [ROSTER_COLUMNS.slice(0, -1).join(","), "O1,Old Format,2015-06-14,Class 5,A,,,9000000001,,,,2026-27"].join("\n");
    expect(checkRoster(csv, known)).toMatchObject({ problems: [], rows: [{ joinedSession: "2026-27", joinedMonth: null }] });
  });

  it("rejects bad rows with reasons, by line", () => {
    const csv = [
      ROSTER_COLUMNS.join(","),
      "A1,Good Child,14/06/2015,Class 5,A,,,9000000001,,,,,",
      "A2,Bad Mobile,2015-06-14,Class 5,A,,,12345,,,,,",
      "A3,Bad Class,2015-06-14,Class 13,A,,,9000000003,,R9,FREE,,",
      "A1,Same Number,2015-06-14,Class 5,A,,,9000000004,,,,,",
    ].join("\n");
    const result = checkRoster(csv, known);
    expect(result.rows.map((r) => r.admissionNumber)).toEqual(["A1"]);
    expect(result.problems.map((p) => p.line)).toEqual([3, 4, 5]);
    expect(result.problems[0]!.reasons.join()).toMatch(/mobile/);
    // Problems are named by the column headings the clerk sees, never by code fields.
    expect(result.problems[1]!.reasons).toEqual(expect.arrayContaining([expect.stringMatching(/^class: /), 'bus_stop: no bus stop "R9" in the fee book', 'concessions: no concession "FREE" in the fee book']));
    const named = result.problems.flatMap((p) => p.reasons).map((r) => r.split(":")[0]);
    expect(named.every((n) => (ROSTER_COLUMNS as readonly string[]).includes(n!) || n!.startsWith("Expected"))).toBe(true);
    expect(result.problems[2]!.reasons.join()).toMatch(/also on line 2/);
  });

  it("refuses a file without the template's header", () => {
    expect(checkRoster("name,class\nRiya,Class 5", known).problems[0]!.reasons[0]).toMatch(/header/);
  });

  it("takes a mobile however the office typed it, stores its 10 digits, and refuses one that is not a mobile", () => {
    const csv = [
      ROSTER_COLUMNS.join(","),
      "B1,Riya Kumari,2015-06-14,Class 5,A,,,+91 98765-43210,,,,,",
      "B2,Arjun Das,2015-06-14,Class 5,A,,,(0) 98765 43211,,,,,",
      "B3,Tina Roy,2015-06-14,Class 5,A,,,+91 12345-43210,,,,,",
    ].join("\n");
    const result = checkRoster(csv, { busStops: [], concessions: [] });
    expect(result.rows.map((r) => [r.admissionNumber, r.mobile])).toEqual([["B1", "9876543210"], ["B2", "9876543211"]]);
    expect(result.problems.map((p) => [p.line, p.reasons])).toEqual([[4, ["mobile: Please enter a valid 10-digit mobile number"]]]);
  });
});
