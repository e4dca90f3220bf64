import { describe, expect, it } from "vitest";
import { listedPage, pageMeta } from "./meta";

describe("listedPage", () => {
  it("reads a page's title and description from content/pages.ts, for the meta tags and the page alike", () => {
    expect(listedPage("/fees")).toEqual({ title: "Fee Payment", description: "Pay school fees online.", path: "/fees" });
    expect(listedPage("/bus-fee-payment").title).toBe("Bus Fee Payment");
    expect(listedPage("/apply").description).toBe("Apply online for admission to Kharagpur Vidya Academy, Kharagpur, and pay the application fee.");
    const tags = pageMeta({ ...listedPage("/receipt-download"), siteUrl: "https://school.example", noindex: true });
    expect(tags).toContainEqual({ title: "Receipt Download | Kharagpur Vidya Academy" });
    expect(tags).toContainEqual({ name: "description", content: "Download a receipt for a fee payment." });
  });

  it("refuses a path the list does not hold", () => {
    expect(() => listedPage("/no-such-page")).toThrow("No entry in content/pages.ts for /no-such-page");
  });
});
