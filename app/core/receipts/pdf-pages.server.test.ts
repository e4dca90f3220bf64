/**
 * Receipts of many lines paginate like a printed document: a row never splits across pages,
 * the header row repeats on each page, the total, the amount in words and the QR code stay
 * together on the last page, no text runs into other text, and every page but a one-page
 * receipt's is numbered "page n of N".
 */
import { describe, expect, it } from "vitest";
import { overlappingText, pdfQrCode, pdfTextBoxes } from "../../../tests/support/pdf";
import { receiptPdf } from "./pdf.server";
import { receiptOfLines } from "./testing";

const SITE = "https://www.kva-school.example";

describe("receipt PDF pagination", () => {
  for (const [n, pages] of [[1, 1], [20, 2], [60, 4], [200, 12]] as const) {
    it(`${n} lines print on ${pages} page(s), rows whole, headers repeated, total with its QR code`, async () => {
      const receipt = receiptOfLines(n);
      const pdf = await receiptPdf(receipt, SITE);
      const { pages: count, height, boxes } = await pdfTextBoxes(pdf);
      expect(count).toBe(pages);
      expect(overlappingText(boxes)).toEqual([]);
      for (const b of boxes) expect(b.bottom, `"${b.str}" on page ${b.page}`).toBeLessThanOrEqual(height);
      // Each line's head (its last wrapped part names it) and period on one page.
      for (let i = 1; i <= n; i++) {
        const cells = boxes.filter((b) => b.str === `Month ${i}` || new RegExp(`\\bL${i}\\b`).test(b.str));
        const on = new Set(cells.map((b) => b.page));
        expect(cells.length, `line ${i}'s cells`).toBeGreaterThanOrEqual(2);
        expect(on.size, `line ${i} on pages ${[...on]}`).toBe(1);
      }
      const headerPages = new Set(boxes.filter((b) => b.str === "Fee head").map((b) => b.page));
      const linePages = new Set(boxes.filter((b) => /^Month \d+$/.test(b.str)).map((b) => b.page));
      expect([...linePages].every((p) => headerPages.has(p))).toBe(true);
      const last = boxes.filter((b) => b.page === count).map((b) => b.str).join(" ");
      expect(last).toContain("Total paid");
      expect(last).toContain("Amount in words");
      expect(last).toContain("Computer-generated receipt");
      expect(await pdfQrCode(pdf, count)).toBe(`${SITE}/verify-receipt/${receipt.verificationHash}`);
      if (count > 1) expect(boxes.filter((b) => /page \d+ of \d+/.test(b.str)).map((b) => b.page)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      else expect(boxes.some((b) => /page \d+ of/.test(b.str))).toBe(false);
    });
  }

  it("marks every page of a cancelled receipt CANCELLED", async () => {
    const { pages, boxes } = await pdfTextBoxes(await receiptPdf(receiptOfLines(60, "cancelled"), SITE));
    expect(new Set(boxes.filter((b) => b.str === "CANCELLED").map((b) => b.page)).size).toBe(pages);
  });
});
