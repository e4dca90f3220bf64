import { describe, expect, it } from "vitest";
import { CSV_HEADER, istTimestamp, ordersCsv } from "./csv";
import type { PaymentOrder } from "../orders.server";

const order: PaymentOrder = {
  id: 1,
  publicId: "x".repeat(22),
  reference: "K7M2Q9XA4TRB",
  purpose: "tuition",
  payableKey: "k",
  description: "=HYPERLINK(\"evil\")",
  lines: [],
  subject: { name: "Riya Kumari", className: "Class 5 A", number: "2021/0042" },
  amountPaise: 150_050,
  currency: "INR",
  provider: "razorpay",
  status: "paid",
  payerName: null,
  payerEmail: null,
  payerPhone: null,
  providerOrderId: "order_1",
  providerPaymentId: "pay_1",
  bankReference: "UTR123",
  paymentMode: "upi",
  paidAmountPaise: 150_050,
  gatewayStatus: "captured",
  flag: null,
  flagDetail: null,
  paidReference: "K7M2Q9XA4TRB",
  createdAt: new Date("2026-11-21T09:35:09Z"),
  updatedAt: new Date("2026-11-21T09:35:09Z"),
  paidAt: new Date("2026-11-21T18:45:00Z"),
  lastCheckedAt: null,
  checkCount: 0,
};

describe("ordersCsv", () => {
  it("writes one row per order with rupees, IST times, and formula cells neutralised", () => {
    const lines = ordersCsv([order]).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe(CSV_HEADER.map((h) => (h.includes(",") ? `"${h}"` : h)).join(","));
    expect(lines[1]).toBe(`K7M2Q9XA4TRB,Razorpay,order_1,pay_1,UTR123,1500.50,1500.50,paid,School fee,Riya Kumari,Class 5 A,2021/0042,"'=HYPERLINK(""evil"")",2026-11-21 15:05:09,2026-11-22 00:15:00,upi,,K7M2Q9XA4TRB`);
  });

  it("formats instants in India, 24-hour", () => {
    expect(istTimestamp(new Date("2026-03-31T18:30:00Z"))).toBe("2026-04-01 00:00:00");
    expect(istTimestamp(null)).toBe("");
  });
});
