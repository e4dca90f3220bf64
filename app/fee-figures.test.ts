import { describe, expect, it } from "vitest";
import { feeBookSchema } from "~/features/fees/book";
import { sampleFeeBook } from "~/features/fees/sample";
import { feeFigures, type FeeSource } from "./fee-figures";

const open2027: NonNullable<FeeSource["admission"]> = { name: "2027-28", isOpen: true, applicationFeePaise: 500_00, ageCutOff: "2027-03-31" };

describe("feeFigures", () => {
  it("shows the admission session's book: each head with its period, the first year in all, bus, late fee and concessions", () => {
    const tables = feeFigures({ admission: open2027, book: sampleFeeBook("2027-28") });
    expect(tables.session).toBe("2027–28");
    expect(tables.notice).toBeNull();
    expect(tables.noBook).toBeNull();
    expect(tables.groups.map((g) => g.label)).toEqual(["Nursery – UKG", "Classes 1 – 5", "Classes 6 – 8", "Classes 9 – 10", "Classes 11 – 12"]);
    expect(tables.groups[0]!.heads).toEqual([
      { name: "Tuition Fee", amount: "₹2,200", per: "a month" },
      { name: "Computer Fee", amount: "₹600", per: "a quarter" },
      { name: "Annual Charges", amount: "₹6,500", per: "a year" },
      { name: "Admission Fee", amount: "₹12,000", per: "once" },
    ]);
    // 2,200 × 12 + 600 × 4 + 6,500 + 12,000
    expect(tables.groups[0]!.firstYearTotal).toBe("₹47,300");
    expect(tables.bus[0]).toEqual({ name: "Route up to 5 km", amount: "₹1,200", per: "a month" });
    expect(tables.dueAndLate).toBe("Fees fall due on the 15th of the month they are charged for; after that there is a late fee of ₹100 once a month is past its due date.");
    expect(tables.concessions[0]).toEqual({ name: "Sibling concession", text: "10% off Tuition Fee" });
    expect(tables.applicationFee).toBe("₹500");
    expect(tables.cutoffLabel).toBe("31 March 2027");
    expect(tables.ages).toHaveLength(4);
  });

  it("counts a book's own heads and amounts, with Indian grouping and paise", () => {
    const book = feeBookSchema.parse({
      session: "2027-28",
      dueDay: 1,
      structures: [{ classes: ["Class 11", "Class 12"], heads: [{ name: "Tuition Fee", kind: "tuition", period: "monthly", amountPaise: 12_345_50 }, { name: "Lab Fee", kind: "fee", period: "quarterly", amountPaise: 1_000_00 }] }],
      bus: [],
      concessions: [],
      lateFee: { kind: "per_day", amountPaise: 0, capPaise: 0 },
    });
    const tables = feeFigures({ admission: { ...open2027, applicationFeePaise: 750_00 }, book });
    expect(tables.groups).toEqual([{ label: "Classes 11 – 12", heads: [{ name: "Tuition Fee", amount: "₹12,345.50", per: "a month" }, { name: "Lab Fee", amount: "₹1,000", per: "a quarter" }], firstYearTotal: "₹1,52,146" }]);
    expect(tables.dueAndLate).toBe("Fees fall due on the 1st of the month they are charged for; after that there is no late fee.");
    expect(tables.applicationFee).toBe("₹750");
  });

  it("says which session the figures are for when the admission session has no book yet", () => {
    const tables = feeFigures({ admission: open2027, book: sampleFeeBook("2026-27") });
    expect(tables.session).toBe("2026–27");
    expect(tables.notice).toBe("Fees for session 2026–27; the 2027–28 fees will be published here.");
    expect(tables.ages[0]).toMatchObject({ bornFrom: "2023-04-01" });
  });

  it("asks parents to call the office when there is no book at all", () => {
    const tables = feeFigures({ admission: open2027, book: null });
    expect(tables.session).toBeNull();
    expect(tables.groups).toEqual([]);
    expect(tables.noBook).toEqual({ text: "The fees for session 2027–28 are not published here yet. Please call the school office on", phone: "+91 90000 00002", tel: "+919000000002" });
    expect(tables.cutoffLabel).toBe("31 March 2027");
  });

  it("shows no application fee when admissions are closed, and no age table without a session", () => {
    expect(feeFigures({ admission: { ...open2027, isOpen: false }, book: null }).applicationFee).toBeNull();
    const none = feeFigures({ admission: null, book: sampleFeeBook("2026-27") });
    expect(none).toMatchObject({ session: "2026–27", notice: null, applicationFee: null, cutoffLabel: null, ages: [] });
  });
});

