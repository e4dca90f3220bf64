/**
 * The PDF scaffold: an A4 page whose embedded font prints ₹, the school's letterhead, a draw
 * that throws rejecting, and the answer's headers for personal and public files.
 */
import { describe, expect, it } from "vitest";
import { overlappingText, pdfPageInfo, pdfText, pdfTextBoxes } from "../../tests/support/pdf";
import { drawTable, notModified, pdfResponse, renderPdf, schoolHeader } from "./pdf.server";

describe("PDF scaffold", () => {
  it("renders A4 with the letterhead and the rupee sign", async () => {
    const pdf = await renderPdf({ title: "Test", margin: 48 }, (doc) => {
      schoolHeader(doc, { contacts: true });
      doc.font("body").text("Fee ₹1,200");
    });
    expect(await pdfPageInfo(pdf)).toEqual({ pages: 1, width: 595, height: 842 });
    const text = (await pdfText(pdf)).replace(/\s+/g, " ");
    expect(text).toContain("Kharagpur Vidya Academy");
    expect(text).toContain("CBSE Affiliation No. 2430000");
    expect(text).toContain("Fee ₹1,200");
  });

  it("rejects when drawing throws", async () => {
    await expect(
      renderPdf({ title: "Test", margin: 48 }, () => {
        throw new Error("broken image");
      }),
    ).rejects.toThrow("broken image");
  });

  it("answers a personal file as a private, unindexed download and a public one as cacheable", () => {
    const personal = pdfResponse(Buffer.from("%PDF-1.7"), { fileName: "receipt-1.pdf", cache: "personal", headers: new Headers({ "Set-Cookie": "a=b" }) });
    expect(Object.fromEntries(personal.headers)).toEqual({
      "content-type": "application/pdf",
      "content-length": "8",
      "content-disposition": 'attachment; filename="receipt-1.pdf"',
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
      "set-cookie": "a=b",
    });
    const brochure = pdfResponse(Buffer.from("%PDF"), { fileName: "b.pdf", disposition: "inline", cache: "public" });
    expect(brochure.headers.get("content-disposition")).toBe('inline; filename="b.pdf"');
    expect(brochure.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(brochure.headers.has("x-robots-tag")).toBe(false);
    expect(pdfResponse(Buffer.from("%PDF"), { cache: "public", noindex: true }).headers.get("x-robots-tag")).toBe("noindex");
  });

  it("sends a public file that changes with its entity tag, checked before each use, and answers 304 when the copy asked about is current", () => {
    const tag = 'W/"brochure-2026-11-27-5"';
    const fresh = pdfResponse(Buffer.from("%PDF"), { cache: "public", etag: tag });
    expect([fresh.headers.get("cache-control"), fresh.headers.get("etag")]).toEqual(["public, no-cache", tag]);
    const asking = (ifNoneMatch?: string) => new Request("http://localhost/documents/school-brochure.pdf", { headers: ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {} });
    for (const current of [tag, '"brochure-2026-11-27-5"', `"x", ${tag}`, "*"]) {
      const answer = notModified(asking(current), tag);
      expect([answer?.status, answer?.headers.get("etag")], current).toEqual([304, tag]);
    }
    for (const stale of [undefined, 'W/"brochure-2026-11-27-4"', 'W/"brochure-2026-11-26-5"']) expect(notModified(asking(stale), tag), stale).toBeNull();
  });
});

describe("drawTable", () => {
  it("moves a row whole to the next page, draws the header row again there, and keeps wrapped text inside its row", async () => {
    const rows = Array.from({ length: 200 }, (_, i) => [`A${i}`, i % 4 === 0 ? `B${i} ${"wrapped words ".repeat(20)}` : `B${i}`]);
    const pdf = await renderPdf({ title: "Table", margin: 40, footer: (page, pages) => `page ${page} of ${pages}` }, (doc) => {
      drawTable(doc, 40, 40, [{ title: "Left", width: 100 }, { title: "Right", width: 300 }], rows, { fontSize: 9, padX: 3, padY: 3 });
    });
    const { pages, height, boxes } = await pdfTextBoxes(pdf);
    expect(pages).toBeGreaterThan(3);
    expect(overlappingText(boxes)).toEqual([]);
    for (const b of boxes) expect(b.bottom).toBeLessThanOrEqual(height);
    expect(new Set(boxes.filter((b) => b.str === "Left").map((b) => b.page)).size).toBe(pages);
    expect(boxes.filter((b) => /^page \d+ of \d+$/.test(b.str)).length).toBe(pages);
    for (let i = 0; i < 200; i++) {
      const on = new Set(boxes.filter((b) => b.str === `A${i}` || b.str.startsWith(`B${i} `) || b.str === `B${i}`).map((b) => b.page));
      expect(on.size, `row ${i}`).toBe(1);
    }
  });
});
