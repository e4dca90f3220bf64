import { describe, expect, it } from "vitest";
import { applicationQueryString, parseApplicationQuery } from "./admin-query";

describe("the administrator's filters", () => {
  it("keeps valid filters and round-trips them", () => {
    const f = parseApplicationQuery(new URLSearchParams("session=2027-28&class=UKG&status=submitted&from=2026-11-01&to=2026-11-30&q=Roy"));
    expect(f).toEqual({ session: "2027-28", className: "UKG", status: "submitted", from: "2026-11-01", to: "2026-11-30", q: "Roy" });
    expect(parseApplicationQuery(new URLSearchParams(applicationQueryString(f).slice(1)))).toEqual(f);
  });
  it("drops malformed values instead of failing: a NUL in the search, an unknown class, a false date", () => {
    expect(parseApplicationQuery(new URLSearchParams("q=a%00b&class=Class+99&status=paid&from=2026-02-30&session=x"))).toEqual({});
  });
});
