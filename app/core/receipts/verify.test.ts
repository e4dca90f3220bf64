import { describe, expect, it } from "vitest";
import { formatRupeesExact } from "~/lib/money";
import { verificationView } from "./verify";

describe("verification page facts", () => {
  it("say paid or cancelled, with the amount in figures and the IST date", () => {
    const receipt = { number: "KVA/2026-27/000001", issuedAt: new Date("2026-04-10T09:35:00Z"), totalPaise: 1_23_450_00, purpose: "Tuition fee", status: "issued" as const, cancelledAt: null, student: { name: "Riya Kumari" } };
    expect(verificationView(receipt, formatRupeesExact)).toEqual({ number: "KVA/2026-27/000001", date: "10 Apr 2026, 3:05 PM", amount: "₹1,23,450.00", purpose: "Tuition fee", status: "paid", cancelledOn: null, student: "R*** K*****" });
    expect(verificationView({ ...receipt, status: "cancelled", cancelledAt: new Date("2026-06-12T05:10:00Z") }, formatRupeesExact)).toMatchObject({ status: "cancelled", cancelledOn: "12 Jun 2026, 10:40 AM" });
  });
});
