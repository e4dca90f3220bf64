/**
 * What /verify-receipt/{hash} shows: enough to check a paper receipt against the
 * school's record, and no more: the student's name masked ("R**** K****").
 */
import { formatDateTime } from "~/lib/dates";
import { maskName } from "~/lib/mask-name";

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
