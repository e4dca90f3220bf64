import { describe, expect, it } from "vitest";
import { formatReceiptNumber, normaliseReceiptNumber, receiptFileName } from "./numbering";

describe("receipt numbers", () => {
  it("format, read back as typed, and name the file", () => {
    expect(formatReceiptNumber("KVA", "2026-27", 123)).toBe("KVA/2026-27/000123");
    expect(() => formatReceiptNumber("KVA", "2026-27", 0)).toThrow(RangeError);
    expect(normaliseReceiptNumber(" kva/2026-27/000123 ")).toBe("KVA/2026-27/000123");
    expect(normaliseReceiptNumber("KVA/APP/2026-27/000001")).toBe("KVA/APP/2026-27/000001");
    expect(normaliseReceiptNumber("KVA/2026-27/12")).toBeNull();
    expect(normaliseReceiptNumber("'; drop table receipts")).toBeNull();
    expect(receiptFileName("KVA/2026-27/000123")).toBe("receipt-KVA-2026-27-000123.pdf");
  });
});
