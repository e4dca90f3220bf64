import { describe, expect, it } from "vitest";
import { collectionsCsv, defaultersCsv, type Collections } from "./reports.server";

const row = (head: string) => ({ day: "2026-04-10", head, className: "Class 1", mode: "Cash", amountPaise: 10, payments: 1 });

describe("fee report CSVs", () => {
  it("sum in paise and write each amount once, so three ₹0.10 rows total exactly ₹0.30", () => {
    const rows = [row("Tuition Fee"), row("Exam Fee"), row("Library Fee")];
    const c: Collections = { from: "2026-04-01", to: "2026-04-30", rows, totalPaise: 30, payments: 3, onlinePaise: 0, officePaise: 30, reversedPaise: 0, creditRefundedPaise: 0, list: [] };
    const lines = collectionsCsv(c).trim().split(/\r?\n/);
    expect(lines.slice(1, 4).map((l) => l.split(",").at(-1))).toEqual(["0.10", "0.10", "0.10"]);
    expect(lines.at(-1)).toBe("Total,,,,3,0.30");
  });

  it("write a negative balance (a credit) with its sign, behind the CSV's formula guard", () => {
    const csv = defaultersCsv([{ studentId: 1, admissionNumber: "2024/0001", name: "A", className: "Class 1", mobile: "9000000001", months: [{ month: "2026-04", label: "April 2026", owedPaise: 1_250_05 }], balancePaise: -12_50 }] as Parameters<typeof defaultersCsv>[0]);
    expect(csv.trim().split(/\r?\n/).at(-1)).toBe("2024/0001,A,Class 1,9000000001,April 2026,1250.05,'-12.50");
  });
});
