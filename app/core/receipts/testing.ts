/** Test-only receipts: inputs that make a valid receipt, and whole receipts for the PDF. */
import type { Receipt, ReceiptInput } from "./issue.server";

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

/** Four receipts that test the layout, to look at as pictures, as stored rows. */
export function showcaseReceipts(): Record<"small" | "over-one-crore" | "concession-and-late-fee" | "cancelled", Receipt> {
  const base = {
    id: 1,
    series: "KVA",
    financialYear: "2026-27",
    orderId: null,
    orderPart: "",
    purpose: "Tuition fee",
    student: { name: "Riya Kumari", className: "Class 5", section: "A", admissionNumber: "KVA/2021/0042", applicationNumber: null, parentName: "Rakesh Kumar", mobile: "9876543210", session: "2026-27" },
    paidAt: new Date("2026-04-10T09:35:00Z"),
    issuedAt: new Date("2026-04-10T09:35:02Z"),
    hashKeyId: "0a1b2c3d",
    status: "issued" as const,
    cancelledAt: null,
    cancelReason: null,
    cancelledBy: null,
  };
  return {
    small: {
      ...base,
      number: "KVA/2026-27/000001",
      sequence: 1,
      verificationHash: "Q2xvc2VkQnlUaGVTY2hvb2xf",
      purpose: "School fee",
      lines: [{ kind: "fee", head: "Computer Fee", period: "April 2026", amountPaise: 1_50 }],
      totalPaise: 1_50,
      payment: { mode: "Online, Razorpay (UPI)", gatewayReference: "pay_Nx81Kd2LmQ0aZt", bankReference: "412345678901", instrument: null },
    },
    "over-one-crore": {
      ...base,
      number: "KVA/2026-27/000123",
      sequence: 123,
      purpose: "Annual charges",
      verificationHash: "T3ZlckFDcm9yZV9fX19fX18x",
      lines: [
        { kind: "tuition", head: "Tuition Fee", period: "April 2026 – March 2027", amountPaise: 12_34_567_89 },
        { kind: "fee", head: "Development Fee", period: "2026-27", amountPaise: 99_99_99_999_99 - 12_34_567_89 },
      ],
      totalPaise: 99_99_99_999_99,
      payment: { mode: "Online, ICICI Bank Eazypay (Net banking)", gatewayReference: "231234567890", bankReference: null, instrument: null },
    },
    "concession-and-late-fee": {
      ...base,
      number: "KVA/2026-27/004512",
      sequence: 4512,
      verificationHash: "Q29uY2Vzc2lvbkFuZExhdGVf",
      student: { ...base.student, name: "Arjun Chakraborty", className: "Class 11 (Science)", section: "B", admissionNumber: "KVA/2019/0317", parentName: "Sutapa Chakraborty" },
      lines: [
        { kind: "tuition", head: "Tuition Fee", period: "April 2026", amountPaise: 3_200_00 },
        { kind: "tuition", head: "Tuition Fee", period: "May 2026", amountPaise: 3_200_00 },
        { kind: "fee", head: "Computer Fee", period: "Quarter 1 (Apr–Jun 2026)", amountPaise: 600_00 },
        { kind: "concession", head: "Sibling concession 10% on Tuition Fee", period: "April–May 2026", amountPaise: -640_00 },
        { kind: "late_fee", head: "Late fee, 12 days after 10 April 2026", period: "April 2026", amountPaise: 120_00 },
      ],
      totalPaise: 6_480_00,
      payment: { mode: "Cheque", gatewayReference: null, bankReference: null, instrument: "No. 004512, State Bank of India, Kharagpur, 20 Apr 2026" },
    },
    cancelled: {
      ...base,
      number: "KVA/2026-27/000457",
      sequence: 457,
      verificationHash: "Q2FuY2VsbGVkUmVjZWlwdF8x",
      lines: [{ kind: "tuition", head: "Tuition Fee", period: "June 2026", amountPaise: 3_200_00 }],
      totalPaise: 3_200_00,
      payment: { mode: "UPI", gatewayReference: null, bankReference: "615987654321", instrument: null },
      status: "cancelled",
      cancelledAt: new Date("2026-06-12T05:10:00Z"),
      cancelReason: "Wrong counter entry: paid for July, not June",
      cancelledBy: "admin@kva-school.example",
    },
  };
}

/** A receipt of `n` lines: each month's tuition with a concession under it, the last head's name long enough to wrap. */
export function receiptOfLines(n: number, status: "issued" | "cancelled" = "issued"): Receipt {
  const base = showcaseReceipts()["concession-and-late-fee"];
  const lines = Array.from({ length: n }, (_, i) =>
    i % 2 === 0
      ? { kind: "tuition" as const, head: `Tuition Fee L${i + 1}`, period: `Month ${i + 1}`, amountPaise: 3_200_00 }
      : { kind: "concession" as const, head: `Sibling concession 10% on Tuition Fee and Computer Fee for the second child L${i + 1}`, period: `Month ${i + 1}`, amountPaise: -320_00 },
  );
  return {
    ...base,
    lines,
    totalPaise: lines.reduce((s, l) => s + l.amountPaise, 0),
    ...(status === "cancelled" ? { status, cancelledAt: new Date("2026-06-12T05:10:00Z"), cancelReason: "Cheque bounced", cancelledBy: "office@kva-school.example" } : {}),
  };
}
