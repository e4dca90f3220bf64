import { describe, expect, it } from "vitest";
import { orderSearch, parseOrderQuery } from "./list-query";

describe("parseOrderQuery", () => {
  it("keeps known filters and round-trips them", () => {
    const params = new URLSearchParams("status=paid&purpose=tuition&provider=razorpay&from=2026-11-01&to=2026-11-30&flagged=1&q=K7M2Q9XA4TRB&page=3");
    const parsed = parseOrderQuery(params);
    expect(parsed).toEqual({ filters: { status: "paid", purpose: "tuition", provider: "razorpay", from: "2026-11-01", to: "2026-11-30", flagged: true, q: "K7M2Q9XA4TRB" }, page: 3 });
    expect(parseOrderQuery(new URLSearchParams(orderSearch(parsed.filters, parsed.page)))).toEqual(parsed);
  });

  it("drops what could not be a filter: year 0, impossible dates, NUL bytes, unknown values", () => {
    const parsed = parseOrderQuery(new URLSearchParams("status=won&from=0000-01-01&to=2026-02-31&q=%00abc&provider=paytm&page=-4&flagged=yes"));
    expect(parsed).toEqual({ filters: {}, page: 1 });
  });
});
