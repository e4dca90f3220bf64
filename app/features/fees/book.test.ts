import { describe, expect, it } from "vitest";
import { bookAuditFields, feeBookSchema } from "./book";

describe("bookAuditFields", () => {
  it("gives each head, stop, concession and rule a line the office can read", () => {
    const book = feeBookSchema.parse({
      session: "2026-27",
      dueDay: 10,
      structures: [{ classes: ["Class 1", "Class 2"], heads: [{ name: "Tuition Fee", kind: "tuition", period: "monthly", amountPaise: 1_500_00 }, { name: "Annual Charges", kind: "fee", period: "annual", amountPaise: 4_000_50 }] }],
      bus: [{ code: "R1", name: "Route 1", monthlyPaise: 800_00 }],
      concessions: [{ code: "SIBLING", name: "Sibling", kind: "percent", percent: 10, heads: ["Tuition Fee"] }],
      lateFee: { kind: "per_day", amountPaise: 10_00, capPaise: 200_00 },
    });
    expect(bookAuditFields(book)).toEqual({
      session: "2026-27",
      "due day": 10,
      "joiners pay": "current",
      "fee: Class 1, Class 2 / Tuition Fee": "₹1,500 monthly (tuition)",
      "fee: Class 1, Class 2 / Annual Charges": "₹4,000.50 annual",
      "bus: R1": "Route 1, ₹800 a month",
      "concession: SIBLING": "Sibling: 10% off Tuition Fee",
      "late fee": "₹10 a day, at most ₹200",
      "bounce charge": "none",
    });
  });
});
