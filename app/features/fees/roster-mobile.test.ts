import { describe, expect, it } from "vitest";
import { checkRoster, ROSTER_COLUMNS } from "./roster";

describe("roll CSV mobiles", () => {
  it("takes a mobile however the office typed it, stores its 10 digits, and refuses one that is not a mobile", () => {
    const csv = [
      ROSTER_COLUMNS.join(","),
      "B1,Riya Kumari,2015-06-14,Class 5,A,,,+91 98765-43210,,,,",
      "B2,Arjun Das,2015-06-14,Class 5,A,,,(0) 98765 43211,,,,",
      "B3,Tina Roy,2015-06-14,Class 5,A,,,+91 12345-43210,,,,",
    ].join("\n");
    const result = checkRoster(csv, { busStops: [], concessions: [] });
    expect(result.rows.map((r) => [r.admissionNumber, r.mobile])).toEqual([["B1", "9876543210"], ["B2", "9876543211"]]);
    expect(result.problems.map((p) => [p.line, p.reasons])).toEqual([[4, ["mobile: Please enter a valid 10-digit mobile number"]]]);
  });
});
