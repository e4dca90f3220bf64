import { describe, expect, it } from "vitest";
import { checkDocument, declaredDocumentType, MAX_DOCUMENT_BYTES, sampleOf, sniffDocument } from "./documents";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const bytes = (head: number[], size = 64) => {
  const b = new Uint8Array(size);
  b.set(head);
  return b;
};

describe("document checks (by content, at most 2 MB)", () => {
  it("recognises JPEG, PNG and PDF by their first bytes", () => {
    expect(sniffDocument(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffDocument(bytes(PNG))).toBe("image/png");
    expect(sniffDocument(new TextEncoder().encode("%PDF-1.7\n"))).toBe("application/pdf");
  });
  it("refuses a Windows program renamed .pdf (it starts MZ)", () => {
    const exe = bytes([0x4d, 0x5a, 0x90, 0x00, 0x03]);
    const result = checkDocument(sampleOf(exe), "birth certificate");
    expect(result).toEqual({ ok: false, message: "The birth certificate is not a JPEG, PNG or PDF file (its content was checked)" });
  });
  it("refuses HTML and an empty file", () => {
    expect(checkDocument(sampleOf(new TextEncoder().encode("<html><script>")), "photo").ok).toBe(false);
    expect(checkDocument(sampleOf(new Uint8Array(0)), "photo")).toEqual({ ok: false, message: "Attach the photo" });
  });
  it("takes exactly 2 MB and refuses 2 MB + 1 byte", () => {
    expect(MAX_DOCUMENT_BYTES).toBe(2 * 1024 * 1024);
    expect(checkDocument(sampleOf(bytes(PNG, MAX_DOCUMENT_BYTES)), "photo")).toEqual({ ok: true, type: "image/png" });
    expect(checkDocument(sampleOf(bytes(PNG, MAX_DOCUMENT_BYTES + 1)), "photo")).toEqual({ ok: false, message: "The photo is larger than 2 MB: attach a smaller file" });
  });
  it("refuses content that is not what the file says it is, and reads what it says from its type, else its name", () => {
    expect(declaredDocumentType({ name: "photo.PNG", type: "" })).toBe("image/png");
    expect(declaredDocumentType({ name: "photo", type: "image/pjpeg" })).toBe("image/jpeg");
    expect(declaredDocumentType({ name: "scan.pdf", type: "application/octet-stream" })).toBe("application/pdf");
    expect(declaredDocumentType({ name: "scan", type: "application/octet-stream" })).toBeNull();
    const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0]);
    expect(checkDocument(sampleOf(jpeg), "child's photograph", "image/png")).toEqual({
      ok: false,
      message: "The child's photograph is named as a PNG file but holds a JPEG picture: rename it to end in .jpg, or attach another file",
    });
    expect(checkDocument(sampleOf(jpeg), "child's photograph", "image/jpeg")).toEqual({ ok: true, type: "image/jpeg" });
    expect(checkDocument(sampleOf(jpeg), "child's photograph", null)).toEqual({ ok: true, type: "image/jpeg" });
  });
  it("takes a whole PDF and refuses one whose end is missing", () => {
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
    expect(checkDocument(sampleOf(pdf), "birth certificate", "application/pdf")).toEqual({ ok: true, type: "application/pdf" });
    expect(checkDocument(sampleOf(pdf.subarray(0, 30)), "birth certificate")).toEqual({ ok: false, message: "The birth certificate is not a whole PDF file (its end is missing): save it again and attach it" });
  });
});
