/** Test-only receipt inputs: a student and lines that make a valid receipt. */
import type { ReceiptInput } from "./issue.server";

/** A fresh series per test ("T" + 6 random characters), so tests sharing a database do not meet. */
export function testSeries(): string {
  return `T${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
}

/** A tuition receipt for ₹2,600 (or `amountPaise`) in `series`. */
export function sampleInput(series: string, amountPaise = 2_600_00): ReceiptInput {
  return {
    series,
    purpose: "Tuition fee",
    student: { name: "Riya Kumari", className: "Class 5", section: "A", admissionNumber: "KVA/2021/0042", applicationNumber: null, parentName: "Rakesh Kumar", mobile: "9876543210", session: "2026-27" },
    lines: [{ kind: "tuition", head: "Tuition Fee", period: "April 2026", amountPaise }],
    payment: { mode: "Online (UPI)", gatewayReference: "pay_TEST123", bankReference: "412345678901", instrument: null },
    paidAt: new Date("2026-04-10T06:30:00Z"),
  };
}
