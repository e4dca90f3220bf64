/**
 * Receipts for the development sample payments (/sample-payment; refused in production): a
 * sample student whose admission number is made from the sample's key, so /receipt-download can
 * be tried with it ("SAMPLE/TWO-MONTHS" for the key "two-months").
 */
import { payableIdOf } from "~/core/payments/identifiers";
import type { ReceiptFacts } from "./issue.server";
import { RECEIPT_SERIES } from "./numbering";
import { financialYear } from "~/lib/dates";

/** `payableKey` is "sample:<key>"; `lines` are the order's lines; `payerName` the form's name. */
export function sampleReceiptFacts(order: { payableKey: string; lines: { label: string; amountPaise: number }[]; payerName: string | null; paidAt: Date | null }): ReceiptFacts {
  const key = payableIdOf(order.payableKey, "sample") ?? order.payableKey;
  return {
    series: RECEIPT_SERIES.sample,
    purpose: "Sample payment",
    student: {
      name: order.payerName?.trim() || "Riya Kumari",
      className: "Class 5",
      section: "A",
      admissionNumber: sampleAdmissionNumber(key),
      applicationNumber: null,
      parentName: "Rakesh Kumar",
      mobile: "9000000009",
      session: financialYear(order.paidAt ?? new Date()),
    },
    lines: order.lines.map((l) =>
      /tuition/i.test(l.label)
        ? { kind: "tuition", head: "Tuition Fee", period: l.label.replace(/\s*\(.*\)$/, ""), amountPaise: l.amountPaise }
        : { kind: "fee", head: l.label.replace(/\s*\(.*\)$/, ""), period: null, amountPaise: l.amountPaise },
    ),
  };
}

export function sampleAdmissionNumber(key: string): string {
  return `SAMPLE/${key.toUpperCase()}`;
}
