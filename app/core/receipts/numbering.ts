/**
 * Receipt numbers (PAYMENTS.md §D): `${series}/${financialYear}/${sequence}`, e.g.
 * "KVA/2026-27/000123". The financial year runs 1 April–31 March and is judged by the date in
 * India (DESIGN.md §8: receipts follow the income-tax year, not the academic year): `financialYear`
 * in app/lib/dates.ts.
 */
import { school } from "#content/school";

/** Digits of the sequence part; a series with more than 999,999 receipts a year grows wider. */
export const SEQUENCE_DIGITS = 6;

/** "KVA/2026-27/000123". Throws RangeError for a sequence that is not a positive integer. */
export function formatReceiptNumber(series: string, year: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Not a receipt sequence: ${sequence}`);
  return `${series}/${year}/${String(sequence).padStart(SEQUENCE_DIGITS, "0")}`;
}

/** A receipt number as a parent may type it: trimmed, upper-cased, spaces removed; null when it cannot be one. */
export function normaliseReceiptNumber(typed: string): string | null {
  const n = typed.replace(/\s+/g, "").toUpperCase();
  return /^[A-Z0-9]+(\/[A-Z0-9]+)*\/\d{4}-\d{2}\/\d{6,}$/.test(n) && n.length <= 60 ? n : null;
}

/** The receipt's PDF file name: "receipt-KVA-2026-27-000123.pdf". */
export function receiptFileName(number: string): string {
  return `receipt-${number.replaceAll("/", "-")}.pdf`;
}

/**
 * Receipt series: fees and application fees count apart ("KVA/2026-27/000123",
 * "KVA/APP/2026-27/000001"); sample payments of development and tests use their own series so
 * they never take a number of the school's books.
 */
export const RECEIPT_SERIES = {
  fees: school.shortName,
  application: `${school.shortName}/APP`,
  sample: `${school.shortName}/TEST`,
} as const;
