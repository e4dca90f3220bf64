import { describe, expect, it } from "vitest";
import { overlaps, showsQuickActions } from "./stay-clear";

describe("overlaps", () => {
  const button = { left: 100, top: 100, right: 200, bottom: 140 };
  it("is true for boxes sharing an area and false for boxes that only touch or lie apart", () => {
    expect(overlaps({ left: 190, top: 130, right: 240, bottom: 180 }, button)).toBe(true);
    expect(overlaps({ left: 200, top: 100, right: 250, bottom: 140 }, button)).toBe(false);
    expect(overlaps({ left: 0, top: 150, right: 390, bottom: 200 }, button)).toBe(false);
  });
  it("counts the clearance around the floating box", () => {
    expect(overlaps({ left: 202, top: 100, right: 250, bottom: 140 }, button, 4)).toBe(true);
    expect(overlaps({ left: 205, top: 100, right: 250, bottom: 140 }, button, 4)).toBe(false);
  });
});

describe("showsQuickActions", () => {
  it("shows Pay Fee and Enquire Now on reading pages", () => {
    for (const path of ["/", "/contact", "/school-in-kharagpur", "/fee", "/facilities", "/news/cbse-results-2024", "/payment-portal-help"]) expect(showsQuickActions(path), path).toBe(true);
  });
  it("leaves them out of pages whose purpose is a form or a payment step", () => {
    for (const path of ["/apply", "/apply/", "/enquire", "/fees", "/fees/family/abc.1.x", "/fee-payment", "/bus-fee-payment", "/payment-portal", "/receipt-download", "/admissions/status", "/admissions/retry-payment/abc", "/payment-success", "/payment-failure", "/payment-pending", "/pay/abc", "/mock-payment", "/student-payment", "/verify-receipt/x"]) {
      expect(showsQuickActions(path), path).toBe(false);
    }
  });
});
