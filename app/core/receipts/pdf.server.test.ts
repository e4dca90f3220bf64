/**
 * The receipt PDF: A4, one page, every field PAYMENTS.md §D lists readable as text, the
 * amount in figures and words, signed concession and late-fee lines, the QR code decoding to the
 * verification URL printed beneath it, and CANCELLED on a cancelled receipt.
 */
import { describe, expect, it } from "vitest";
import { pdfPageInfo, pdfQrCode, pdfText } from "../../../tests/support/pdf";
import { formatRupeesExact } from "~/lib/money";
import { receiptPdf } from "./pdf.server";
import { showcaseReceipts } from "./testing";

const SITE = "https://www.kva-school.example";
const receipts = showcaseReceipts();
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("receipt PDF", () => {
  it("formats amounts with en-IN grouping, two decimals and a true minus", () => {
    expect(formatRupeesExact(1_23_450_00)).toBe("₹1,23,450.00");
    expect(formatRupeesExact(-640_00)).toBe("−₹640.00");
    expect(formatRupeesExact(99_99_99_999_99)).toBe("₹99,99,99,999.99");
  });

  it("prints every field on one A4 page, and its QR code opens the URL printed beneath it", async () => {
    const receipt = receipts["concession-and-late-fee"];
    const pdf = await receiptPdf(receipt, SITE);
    expect(await pdfPageInfo(pdf)).toEqual({ pages: 1, width: 595, height: 842 });
    const text = flat(await pdfText(pdf));
    for (const field of [
      "Kharagpur Vidya Academy",
      "Sadatpur, Kharagpur, 721301 West Bengal",
      "CBSE Affiliation No. 2430000",
      "School Code 10000",
      "Receipt No.",
      "KVA/2026-27/004512",
      "10 Apr 2026, 3:05 PM",
      "Arjun Chakraborty",
      "Class 11 (Science) – B",
      "KVA/2019/0317",
      "Sutapa Chakraborty",
      "Tuition Fee April 2026 ₹3,200.00",
      "Tuition Fee May 2026 ₹3,200.00",
      "Computer Fee Quarter 1 (Apr–Jun 2026) ₹600.00",
      "−₹640.00",
      "+₹120.00",
      "Total paid ₹6,480.00",
      "Rupees Six Thousand Four Hundred Eighty Only",
      "Cheque",
      "No. 004512, State Bank of India",
      "Computer-generated receipt; no signature required",
    ]) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain("CANCELLED");
    const url = `${SITE}/verify-receipt/${receipt.verificationHash}`;
    expect(text).toContain(url);
    expect(await pdfQrCode(pdf)).toBe(url);
  });

  it("carries the gateway reference and UTR, paise in words, and an amount over one crore", async () => {
    const small = flat(await pdfText(await receiptPdf(receipts.small, SITE)));
    expect(small).toContain("₹1.50");
    expect(small).toContain("Rupees One and Fifty Paise Only");
    expect(small).toContain("pay_Nx81Kd2LmQ0aZt");
    expect(small).toContain("412345678901");
    const crore = flat(await pdfText(await receiptPdf(receipts["over-one-crore"], SITE)));
    expect(crore).toContain("₹99,99,99,999.99");
    expect(crore).toContain("Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only");
  });

  it("marks a cancelled receipt CANCELLED with the date and reason, and keeps its number", async () => {
    const pdf = await receiptPdf(receipts.cancelled, SITE);
    const text = flat(await pdfText(pdf));
    expect(text).toContain("CANCELLED on 12 Jun 2026, 10:40 AM. Reason: Wrong counter entry: paid for July, not June");
    expect(text).toContain("KVA/2026-27/000457");
    expect(await pdfQrCode(pdf)).toBe(`${SITE}/verify-receipt/${receipts.cancelled.verificationHash}`);
  });
});
