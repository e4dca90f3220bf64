/**
 * The brochure paginates like a printed document however large the fee book: the fee table's
 * header row repeats on each page it reaches, a class's row never splits, and no text overlaps.
 */
import { describe, expect, it } from "vitest";
import { overlappingText, pdfTextBoxes } from "../../../tests/support/pdf";
import type { FeeFigures } from "./fees";
import { schoolBrochurePdf } from "./pdf.server";

const heads = (g: number) => Array.from({ length: 8 }, (_, h) => ({ name: `Head ${h + 1} of group G${g}`, amount: "₹1,200", per: "a month" }));
const fees: FeeFigures = {
  session: "2026–27",
  admissionSession: "2027–28",
  notice: null,
  noBook: null,
  groups: Array.from({ length: 15 }, (_, g) => ({ label: `Classes of group G${g}`, heads: heads(g), firstYearTotal: "₹1,44,000" })),
  bus: [{ name: "Route 1", amount: "₹900", per: "a month" }],
  dueAndLate: "Fees fall due on the 10th of each month.",
  concessions: [{ name: "Sibling", text: "10% of the tuition fee" }],
  applicationFee: "₹500",
  cutoffLabel: "31 March 2027",
  ages: [],
};

describe("brochure PDF", () => {
  it("repeats the fee table's header on each page, keeps each class's row whole and overlaps nothing", async () => {
    const { pages, height, boxes } = await pdfTextBoxes(await schoolBrochurePdf(fees, new Date("2026-12-02T06:00:00Z")));
    expect(pages).toBeGreaterThan(2);
    expect(overlappingText(boxes)).toEqual([]);
    for (const b of boxes) expect(b.bottom).toBeLessThanOrEqual(height);
    const rowPages = (g: number) => new Set(boxes.filter((b) => new RegExp(`\\bG${g}$`).test(b.str)).map((b) => b.page));
    const tablePages = new Set<number>();
    for (let g = 0; g < 15; g++) {
      expect(rowPages(g).size, `group ${g}`).toBe(1);
      tablePages.add([...rowPages(g)][0]!);
    }
    const headerPages = new Set(boxes.filter((b) => b.str === "First year in all").map((b) => b.page));
    expect([...tablePages].every((p) => headerPages.has(p))).toBe(true);
  });
});
