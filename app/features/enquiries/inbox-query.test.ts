import { describe, expect, it } from "vitest";
import { inboxSearch, parseInboxQuery } from "./inbox-query";

describe("parseInboxQuery", () => {
  it("reads every filter and the page", () => {
    const q = parseInboxQuery(new URLSearchParams("q=Ghosh&class=Class+1&status=new&from=2026-11-01&to=2026-11-21&page=3"));
    expect(q).toEqual({ filters: { q: "Ghosh", class: "Class 1", status: "new", from: "2026-11-01", to: "2026-11-21" }, page: 3 });
  });
  it("drops what it cannot use instead of failing", () => {
    const q = parseInboxQuery(new URLSearchParams("q=&class=Class+99&status=deleted&from=yesterday&page=-4&extra=1"));
    expect(q).toEqual({ filters: {}, page: 1 });
  });
  it("drops a NUL byte, year 0 and impossible dates (the database refused them with a 500)", () => {
    const q = parseInboxQuery(new URLSearchParams("q=a%00b&from=0000-01-01&to=2026-02-30"));
    expect(q).toEqual({ filters: {}, page: 1 });
    expect(parseInboxQuery(new URLSearchParams("from=2024-02-29&to=9999-12-31")).filters).toEqual({ from: "2024-02-29" });
  });
  it("round-trips through inboxSearch", () => {
    const filters = { q: "98765", class: "LKG" as const };
    expect(inboxSearch(filters, 2)).toBe("?q=98765&class=LKG&page=2");
    expect(parseInboxQuery(new URLSearchParams(inboxSearch(filters, 2)))).toEqual({ filters, page: 2 });
    expect(inboxSearch({}, 1)).toBe("");
  });
});
