import { describe, expect, it } from "vitest";
import { HEADER_OFFSET_PX, readingProgress, sectionScrollTop } from "./scroll";

describe("sectionScrollTop", () => {
  it("puts the section 72 px below the top of the viewport", () => {
    expect(HEADER_OFFSET_PX).toBe(72);
    // Section 500 px below the viewport top while the page is scrolled 1000 px.
    expect(sectionScrollTop(500, 1000)).toBe(1428);
  });
  it("never scrolls above the document", () => {
    expect(sectionScrollTop(10, 0)).toBe(0);
  });
});

describe("readingProgress", () => {
  it("is the scrolled share of the scrollable height", () => {
    expect(readingProgress(0, 3000, 1000)).toBe(0);
    expect(readingProgress(1000, 3000, 1000)).toBe(0.5);
    expect(readingProgress(2000, 3000, 1000)).toBe(1);
  });
  it("stays within 0..1 and is 0 when the page does not scroll", () => {
    expect(readingProgress(2500, 3000, 1000)).toBe(1);
    expect(readingProgress(-50, 3000, 1000)).toBe(0);
    expect(readingProgress(0, 800, 1000)).toBe(0);
  });
});
