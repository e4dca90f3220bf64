/**
 * School and bus fees as a payment purpose: the payable key and subject of a fee order, the
 * quote a fee page gives `payments.start`, the tuition and bus handlers (ledger payment lines and
 * the receipt, in the transaction that marks the order paid) and Try Again's months.
 * docs/decisions/016-fees.md.
 */
import { getDb, type Database } from "~/db/client.server";
import type { OrderSubject } from "~/db/schema/payments";
import { PURPOSE_LABELS } from "~/core/payments/labels";
import { orderByPublicId } from "~/core/payments/orders.server";
import { payableIdOf, payableKey } from "~/core/payments/identifiers";
import type { PaymentPurposeHandler } from "~/core/payments/purposes";
import { isRetryable } from "~/core/payments/states";
import { issueOrderReceipt, orderReceiptLinks, type ReceiptFacts, type ReceiptLine } from "~/core/receipts/issue.server";
import { enqueueReceiptMessage } from "~/core/receipts/message.server";
import { RECEIPT_SERIES } from "~/core/receipts/numbering";
import type { Student } from "~/core/students/roll.server";
import { formatRupees } from "~/lib/money";
import { attachReceipt, entries, ledgerOf, payLineFromRef, payLineRef, quoteMonths, recordPayment, type PayLine } from "./ledger.server";
import { creditsOf, monthLabel, type FeePurpose } from "./schedule";

/** The thing owed, per student and session ("student:42:2026-27"); the purpose keeps tuition and bus apart. */
export function feePayableKey(studentId: number, session: string): string {
  return payableKey("student", `${studentId}:${session}`);
}

/** Who a fee order pays for, as money lists name them: "Riya Kumari", "Class 5 A", "2021/0042". */
export function feeSubject(student: Pick<Student, "name" | "className" | "section" | "admissionNumber">): OrderSubject {
  return { name: student.name, className: `${student.className}${student.section ? ` ${student.section}` : ""}`, number: student.admissionNumber };
}

function parseKey(key: string): { studentId: number; session: string } {
  const m = /^(\d+):(\d{4}-\d{2})$/.exec(payableIdOf(key, "student") ?? "");
  if (!m) throw new RangeError(`Not a fee payable key: ${key}`);
  return { studentId: Number(m[1]), session: m[2]! };
}

/** The receipt's facts for a fee payment: the student as on the roll now, the paid lines. */
export function feeReceiptFacts(student: Student, purpose: FeePurpose, session: string, lines: ReceiptLine[]): ReceiptFacts {
  return {
    series: RECEIPT_SERIES.fees,
    purpose: PURPOSE_LABELS[purpose],
    student: {
      name: student.name,
      className: student.className,
      section: student.section,
      admissionNumber: student.admissionNumber,
      applicationNumber: null,
      parentName: student.fatherName ?? student.motherName,
      mobile: student.mobile,
      session,
    },
    lines,
  };
}

/**
 * The quote for `payments.start`: inside the lock on the payable thing, the student's row is
 * locked and the chosen months are checked and priced from the ledger (oldest first, no gaps,
 * none already paid). Null (nothing due / already paid) when the choice no longer holds.
 */
export function feeQuote(studentId: number, session: string, purpose: FeePurpose, months: readonly string[], today: string) {
  return async (tx: Database) => {
    const quote = await quoteMonths(tx, studentId, session, purpose, months, today);
    if (!quote.ok) return null;
    return {
      description: `${PURPOSE_LABELS[purpose]}: ${quote.months.map((m) => m.label).join(", ")}`,
      lines: quote.lines.map((l) => ({ label: `${l.head} — ${l.periodLabel}`, amountPaise: l.amountPaise, ref: payLineRef(l) })),
    };
  };
}

/**
 * The tuition or bus purpose's handler: on paid, the order's lines become the ledger's payment
 * lines (and its late fee line), the receipt is issued and its message (payment_received, or
 * payment_confirmed when the bank confirmed it later) enqueued to the student's e-mail and
 * mobile on the roll, all in the paying transaction.
 */
export function feePurpose(purpose: FeePurpose): PaymentPurposeHandler {
  return {
    onPaid: async (tx, order, how) => {
      const { studentId, session } = parseKey(order.payableKey);
      const lines = order.lines.map((l) => payLineFromRef(l.ref, l.label, l.amountPaise));
      if (lines.some((l) => l === null)) throw new RangeError(`Order ${order.reference} has lines that are not fee lines`);
      const recorded = await recordPayment(tx, { studentId, session, purpose, lines: lines as PayLine[], mode: "online", orderId: order.id, bankReference: order.bankReference, paidAt: order.paidAt ?? new Date() });
      const receipt = await issueOrderReceipt(tx, order, feeReceiptFacts(recorded.student, purpose, session, recorded.receiptLines));
      await attachReceipt(tx, recorded.payment.id, receipt.id);
      await enqueueReceiptMessage(tx, receipt, { email: recorded.student.email, mobile: recorded.student.mobile }, { confirmedLater: how.confirmedLater });
      // Money that arrives is recorded; when it pays a head and month already paid (the office
      // took it meanwhile, by any channel) the excess is a credit the office must see.
      const paid = new Set((lines as PayLine[]).map((l) => `${l.month}|${l.head}`));
      const credits = creditsOf(entries(await ledgerOf(tx, studentId, session, purpose))).filter((c) => paid.has(`${c.month}|${c.head}`));
      if (credits.length === 0) return;
      const total = credits.reduce((sum, c) => sum + c.excessPaise, 0);
      return {
        flag: "credit" as const,
        detail: `Paid ${credits.map((c) => `${c.head}, ${monthLabel(c.month)}`).join("; ")} again: ${formatRupees(total)} is a credit on the student's fees page for the office to refund or apply to the next months.`,
      };
    },
    links: (db, order) => orderReceiptLinks(db, order),
    // Try Again reopens the fee page with the same student and months (retryOf).
    retryPath: (order) => `${purpose === "bus" ? "/bus-fee-payment" : "/fees"}?retry=${order.publicId}`,
  };
}

/**
 * What an unpaid fee order was for, so Try Again shows the same student and months: null for
 * an unknown id, another purpose, or an order that is paid or still open.
 */
export async function retryOf(publicId: string, purpose: FeePurpose, db?: Database): Promise<{ studentId: number; session: string; months: string[] } | null> {
  const order = await orderByPublicId(db ?? (await getDb()), publicId);
  if (!order || order.purpose !== purpose || !isRetryable(order.status)) return null;
  const { studentId, session } = parseKey(order.payableKey);
  const months = [...new Set(order.lines.map((l) => payLineFromRef(l.ref, l.label, l.amountPaise)?.month).filter((m): m is string => !!m))];
  return { studentId, session, months };
}
