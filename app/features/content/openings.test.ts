import { describe, expect, it } from "vitest";
import type { Opening } from "#content/openings";
import { currentOpenings } from "./openings";

const base: Omit<Opening, "id" | "closingDate"> = { role: "PGT Physics", subject: "Physics", type: "Teaching", qualifications: ["M.Sc."], experience: "", howToApply: "", posted: "2026-11-01" };

describe("currentOpenings", () => {
  const all: Opening[] = [
    { ...base, id: "a", closingDate: "2026-12-31", role: "B" },
    { ...base, id: "b", closingDate: "2026-12-20", role: "A" },
  ];

  it("keeps an opening until the end of its closing date in India, soonest first", () => {
    expect(currentOpenings(new Date("2026-12-20T18:29:59Z"), all).map((o) => o.id)).toEqual(["b", "a"]); // 23:59:59 IST
    expect(currentOpenings(new Date("2026-12-20T18:30:00Z"), all).map((o) => o.id)).toEqual(["a"]); // 00:00 IST next day
    expect(currentOpenings(new Date("2027-01-01T00:00:00Z"), all)).toEqual([]);
  });

  it("adds en-IN date labels", () => {
    expect(currentOpenings(new Date("2026-11-21T00:00:00Z"), all)[0]).toMatchObject({ closingLabel: "20 Dec 2026", postedLabel: "1 Nov 2026" });
  });
});
