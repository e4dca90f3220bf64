/**
 * What /verify-receipt/{hash} shows (issue 12): enough to check a paper receipt against the
 * school's record, and no more: the student's name masked ("R**** K****").
 */
import { formatDateTime } from "~/lib/dates";

/** "Riya Kumari" → "R*** K*****": each word's first letter, the rest as asterisks. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const letters = [...word];
      return letters[0]!.toUpperCase() + "*".repeat(Math.max(letters.length - 1, 1));
    })
    .join(" ");
}

export type VerificationView = {
  number: string;
  /** "10 Apr 2026, 3:05 PM" (IST). */
  date: string;
  amount: string;
  purpose: string;
  status: "paid" | "cancelled";
  cancelledOn: string | null;
  student: string;
};

export function verificationView(receipt: { number: string; issuedAt: Date; totalPaise: number; purpose: string; status: "issued" | "cancelled"; cancelledAt: Date | null; student: { name: string } }, formatAmount: (paise: number) => string): VerificationView {
  return {
    number: receipt.number,
    date: formatDateTime(receipt.issuedAt),
    amount: formatAmount(receipt.totalPaise),
    purpose: receipt.purpose,
    status: receipt.status === "cancelled" ? "cancelled" : "paid",
    cancelledOn: receipt.cancelledAt ? formatDateTime(receipt.cancelledAt) : null,
    student: maskName(receipt.student.name),
  };
}
