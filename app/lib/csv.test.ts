import { describe, expect, it } from "vitest";
import { csvCell, csvDocument } from "./csv";

describe("csvCell", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('Ghosh, "Anu"')).toBe('"Ghosh, ""Anu"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
  });
  it("neutralises text a spreadsheet would run as a formula", () => {
    expect(csvCell("=HYPERLINK(\"x\")")).toBe("\"'=HYPERLINK(\"\"x\"\")\"");
    expect(csvCell("+91")).toBe("'+91");
    expect(csvCell("@sum")).toBe("'@sum");
  });
});

describe("csvDocument", () => {
  it("writes a BOM and CRLF-terminated lines", () => {
    expect(csvDocument([["A", "B"], [1, "x,y"]])).toBe('\uFEFFA,B\r\n1,"x,y"\r\n');
  });
});
