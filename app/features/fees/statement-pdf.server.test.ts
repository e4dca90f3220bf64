/**
 * The statement of account paginates like a printed document: 1, 20, 60 and 200 rows, long
 * entries (a bounced cheque's reason) wrapping inside their row, never into the next; the header
 * row on every page with rows; the standing at the end, whole, on the last page.
 */
import { describe, expect, it } from "vitest";
import { overlappingText, pdfTextBoxes } from "../../../tests/support/pdf";
import { formatRupees } from "~/lib/money";
import { statementDocument } from "./reports.server";
import type { StatementRow } from "./statement";

const student = { name: "Arjun Chakraborty", admissionNumber: "KVA/2019/0317", className: "Class 11 (Science)", section: "B" };

/** `n` rows: dues, and every third a reversed cheque whose note wraps over two or three lines. */
function rows(n: number): StatementRow[] {
  let balance = 0;
  return Array.from({ length: n }, (_, i) => {
    const bounced = i % 3 === 2;
    const debitPaise = 3_200_00;
    balance += debitPaise;
    return {
      date: "2026-04-10",
      text: bounced ? `Refund / reversal: Tuition Fee, R${i + 1} (Cheque 004512 bounced: returned unpaid by the State Bank of India, Kharagpur branch, for insufficient funds; charge as the fee book names)` : `Due: Tuition Fee, R${i + 1}`,
      debitPaise,
      creditPaise: 0,
      balancePaise: balance,
    };
  });
}

describe("statement PDF pagination", () => {
  for (const [n, pages] of [[1, 1], [20, 1], [60, 3], [200, 8]] as const) {
    it(`${n} rows print on ${pages} page(s), whole, with no text running into another`, async () => {
      const list = rows(n);
      const standing = { overduePaise: 11_550_00, owedNowPaise: 36_500_00, creditPaise: 0 };
      const pdf = await statementDocument({ student, session: "2026-27", hasBook: true, rows: list, standing, now: new Date("2026-12-02T06:00:00Z") });
      const { pages: count, height, boxes } = await pdfTextBoxes(pdf);
      expect(count).toBe(pages);
      expect(overlappingText(boxes)).toEqual([]);
      for (const b of boxes) expect(b.bottom, `"${b.str}" on page ${b.page}`).toBeLessThanOrEqual(height);
      for (let i = 1; i <= n; i++) {
        const on = new Set(boxes.filter((b) => new RegExp(`\\bR${i}\\b`).test(b.str)).map((b) => b.page));
        expect(on.size, `row ${i}`).toBe(1);
      }
      const headerPages = new Set(boxes.filter((b) => b.str === "Entry").map((b) => b.page));
      expect(headerPages.size).toBe(count);
      const last = boxes.filter((b) => b.page === count).map((b) => b.str).join(" ");
      expect(last).toContain("Overdue on 2 Dec 2026");
      expect(last).toContain(formatRupees(11_550_00));
      expect(last).toContain("Balance owed to the school");
      expect(last).toContain(formatRupees(36_500_00));
    });
  }
});
