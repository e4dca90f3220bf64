/** Job openings as /openings shows them, and the files' openings as the database's first copy. */
import { describe, expect, it } from "vitest";
import { school } from "#content/school";
import { openingsSeed } from "#content/seed/openings";
import { openingFieldsSchema, type OpeningFields } from "./items";
import { byClosingDate, openingSeedItems, toOpeningView } from "./openings";

const base: OpeningFields = { role: "PGT Physics", subject: "Physics", type: "Teaching", qualifications: ["M.Sc."], experience: "Two years", howToApply: "E-mail us", closingDate: "2026-12-20", posted: "2026-11-01", publishAt: null, unpublishAt: null };

describe("openings", () => {
  it("show en-IN date labels, addressed by their slug, without the schedule", () => {
    const view = toOpeningView("pgt-physics", base);
    expect(view).toMatchObject({ id: "pgt-physics", closingLabel: "20 Dec 2026", postedLabel: "1 Nov 2026" });
    expect(view).not.toHaveProperty("publishAt");
  });

  it("sort soonest closing first, then by role", () => {
    const all = [
      { ...base, role: "B", closingDate: "2026-12-31" },
      { ...base, role: "C", closingDate: "2026-12-20" },
      { ...base, role: "A", closingDate: "2026-12-31" },
    ];
    expect(all.toSorted(byClosingDate).map((o) => o.role)).toEqual(["C", "A", "B"]);
  });

  it("copy the files' openings with their ids as addresses and the school's e-mail in how to apply", () => {
    const seeds = openingSeedItems();
    expect(seeds.map((s) => s.slug)).toEqual(openingsSeed.map((o) => o.id));
    for (const seed of seeds) {
      expect(openingFieldsSchema.safeParse(seed.fields).error, seed.slug).toBeUndefined();
      expect(seed.fields.howToApply).toContain(school.emails[0]);
    }
  });
});
