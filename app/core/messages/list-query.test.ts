import { describe, expect, it } from "vitest";
import { messageSearch, parseMessageQuery, relatedHref } from "./list-query";

describe("parseMessageQuery", () => {
  it("reads known filters and the page", () => {
    expect(parseMessageQuery(new URLSearchParams("status=held&kind=fee_reminder&channel=sms&q=%20anita%20&page=3"))).toEqual({
      filters: { status: "held", kind: "fee_reminder", channel: "sms", q: "anita" },
      page: 3,
    });
  });
  it("drops whatever it does not know instead of failing", () => {
    expect(parseMessageQuery(new URLSearchParams("status=lost&kind=__proto__&channel=fax&q=%00&page=-2"))).toEqual({ filters: {}, page: 1 });
    expect(parseMessageQuery(new URLSearchParams(`q=${"x".repeat(101)}`)).filters).toEqual({});
  });
  it("round-trips through messageSearch", () => {
    const search = messageSearch({ status: "failed", q: "order:KVA" }, 2);
    expect(search).toBe("?status=failed&q=order%3AKVA&page=2");
    expect(parseMessageQuery(new URLSearchParams(search))).toEqual({ filters: { status: "failed", q: "order:KVA" }, page: 2 });
    expect(messageSearch({})).toBe("");
  });
});

describe("relatedHref", () => {
  it("links what it knows and nothing else", () => {
    expect(relatedHref("order:KVA-TF-8F3K2")).toBe("/admin/payments/KVA-TF-8F3K2");
    expect(relatedHref("application:abcDEF_123")).toBe("/admin/applications/abcDEF_123");
    expect(relatedHref("student:42")).toBe("/admin/fees/students/42");
    expect(relatedHref("enquiry:7")).toBe("/admin/enquiries");
    expect(relatedHref("order:../../x")).toBeNull();
    expect(relatedHref("family:9876543210")).toBeNull();
    expect(relatedHref(null)).toBeNull();
  });
});
