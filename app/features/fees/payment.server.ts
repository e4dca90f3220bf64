/**
 * School and bus fees as a payment purpose: the payable key and subject of a fee order, the
 * quote a fee page gives `payments.start`, the tuition and bus handlers (ledger payment lines and
 * the receipt, in the transaction that marks the order paid) and Try Again's months.
 * docs/decisions/016-fees.md.
 */
import { getDb, type Database } from "~/db/client.server";
import type { OrderSubject } from "~/db/schema/payments";
import { PURPOSE_LABELS } from "~/core/payments/labels";
import { openOrdersOf, orderByPublicId } from "~/core/payments/orders.server";
import type { PaymentPurposeHandler } from "~/core/payments/purposes";
import { isRetryable } from "~/core/payments/states";
import { issueOrderReceipt, orderReceiptLinks, type OrderPart, type ReceiptFacts, type ReceiptLine } from "~/core/receipts/issue.server";
import type { PaymentOrder } from "~/core/payments/orders.server";
import type { Flag } from "~/core/payments/states";
import type { MessageSettings } from "~/core/messages/settings";
import { messageSettings } from "~/core/messages/settings.server";
import { enqueueReceiptMessage } from "~/core/receipts/message.server";
import { RECEIPT_SERIES } from "~/core/receipts/numbering";
import type { Student } from "~/core/students/roll.server";
import { formatRupees } from "~/lib/money";
import { attachReceipt, entries, ledgerOf, payLineFromRef, payLineRef, quoteMonths, recordPayment, type PayLine } from "./ledger.server";
import { creditsOf, monthLabel, type Credit, type FeePurpose } from "./schedule";
import { feePayableKey, monthsOfOrder, parseFeePayableKey } from "./keys";

export { feePayableKey };

/** Who a fee order pays for, as money lists name them: "Riya Kumari", "Class 5 A", "2021/0042". */
export function feeSubject(student: Pick<Student, "name" | "className" | "section" | "admissionNumber">): OrderSubject {
  return { name: student.name, className: `${student.className}${student.section ? ` ${student.section}` : ""}`, number: student.admissionNumber };
}

function parseKey(key: string): { studentId: number; session: string } {
  const parsed = parseFeePayableKey(key);
  if (!parsed) throw new RangeError(`Not a fee payable key: ${key}`);
  return parsed;
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
 * Thrown by feeQuote's quote when the chosen months no longer cost the total the parent saw:
 * inside payments.start's transaction, so the dues the pricing posted are rolled back and no
 * order is made. `totalPaise` is the total now.
 */
export class FeeTotalChanged extends Error {
  constructor(readonly totalPaise: number) {
    super(`The total is now ${totalPaise} paise`);
    this.name = "FeeTotalChanged";
  }
}

/**
 * The quote for `payments.start`: inside the lock on the payable thing, the student's row is
 * locked and the chosen months are checked and priced from the ledger (oldest first, no gaps,
 * none already paid). Null (nothing due / already paid) when the choice no longer holds. With
 * `seenTotalPaise` (the total the fee page showed), a different total throws FeeTotalChanged:
 * the parent pays what they saw or nothing, priced once, in the order's own transaction.
 */
export function feeQuote(studentId: number, session: string, purpose: FeePurpose, months: readonly string[], today: string, seenTotalPaise?: number) {
  return async (tx: Database) => {
    // A family's order paying this student's fee is open: paying it here as well could pay a month twice.
    if (await familyOrderOpenFor(tx, studentId, purpose)) return null;
    const quote = await quoteMonths(tx, studentId, session, purpose, months, today);
    if (!quote.ok) return null;
    if (seenTotalPaise !== undefined && quote.totalPaise !== seenTotalPaise) throw new FeeTotalChanged(quote.totalPaise);
    return {
      description: `${PURPOSE_LABELS[purpose]}: ${quote.months.map((m) => m.label).join(", ")}`,
      lines: quote.lines.map((l) => ({ label: `${l.head} — ${l.periodLabel}`, amountPaise: l.amountPaise, ref: payLineRef(l) })),
    };
  };
}

/** What one student's fee of a paid order paid twice (a credit), in the administrator's words. */
export type CreditNote = { name: string; text: string; totalPaise: number };

/**
 * Records what an order paid for one student and purpose, inside the paying transaction: the
 * ledger's payment lines (and late fee line), the fee payment row and its receipt (the order's
 * only one, or with `part` that part's, for a family's order) and the receipt's message to the
 * student's roll e-mail and mobile (payment_confirmed when `confirmedLater`; `settings`: the
 * messages settings, read in `tx` before any receipt of the order is numbered). Returns the credit when the
 * lines paid a head and month already paid (the office took it meanwhile, by any channel):
 * money that arrives is recorded, and the excess is a credit the office must see. Throws what
 * recordPayment and issueOrderReceipt throw.
 */
export async function payFeeLines(
  tx: Database,
  order: PaymentOrder,
  input: { studentId: number; session: string; purpose: FeePurpose; lines: PayLine[]; part?: OrderPart; confirmedLater: boolean; settings: MessageSettings },
): Promise<CreditNote | null> {
  const { studentId, session, purpose, lines, settings } = input;
  const recorded = await recordPayment(tx, { studentId, session, purpose, lines, mode: "online", orderId: order.id, bankReference: order.bankReference, paidAt: order.paidAt ?? new Date() });
  const paid = new Set(lines.map((l) => `${l.month}|${l.head}`));
  const credits = creditsOf(entries(await ledgerOf(tx, studentId, session, purpose))).filter((c) => paid.has(`${c.month}|${c.head}`));
  const note = credits.length > 0 ? paidTwiceNote(credits) : null;
  // The receipt's number is taken last but for what names it: the series' counter row stays
  // locked from then to the commit, and every payment of the series waits for it (decision 039).
  const receipt = await issueOrderReceipt(tx, order, { ...feeReceiptFacts(recorded.student, purpose, session, recorded.receiptLines), note }, new Date(), input.part);
  await attachReceipt(tx, recorded.payment.id, receipt.id);
  await enqueueReceiptMessage(tx, receipt, { email: recorded.student.email, mobile: recorded.student.mobile }, { confirmedLater: input.confirmedLater, settings });
  if (credits.length === 0) return null;
  const totalPaise = credits.reduce((sum, c) => sum + c.excessPaise, 0);
  return { name: recorded.student.name, totalPaise, text: `${credits.map((c) => `${c.head}, ${monthLabel(c.month)}`).join("; ")}` };
}

/**
 * What a receipt and its message tell the parent when a payment paid months already paid (the
 * office took them meanwhile, or a second tab paid too): which, how much was paid twice, and
 * that the school refunds it or carries it forward.
 */
export function paidTwiceNote(credits: readonly Credit[]): string {
  const total = credits.reduce((sum, c) => sum + c.excessPaise, 0);
  const what = [...new Set(credits.map((c) => `${c.head}, ${monthLabel(c.month)}`))].join("; ");
  return `Already paid when this payment arrived: ${what}. ${formatRupees(total)} was paid twice: the school will refund it or carry it forward to the next months, and the office will contact you.`;
}

/** The credit flag of a paid order from its students' credit notes (none: no flag). */
export function creditFlag(notes: readonly CreditNote[], family: boolean): Flag | undefined {
  if (notes.length === 0) return undefined;
  const total = notes.reduce((sum, n) => sum + n.totalPaise, 0);
  const what = notes.map((n) => (family ? `${n.name}: ${n.text}` : n.text)).join("; ");
  const where = family ? "each student's fees page" : "the student's fees page";
  return { flag: "credit", detail: `Paid ${what} again: ${formatRupees(total)} is a credit on ${where} for the office to refund or apply to the next months.` };
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
      const credit = await payFeeLines(tx, order, { studentId, session, purpose, lines: lines as PayLine[], confirmedLater: how.confirmedLater, settings: await messageSettings(tx) });
      return creditFlag(credit ? [credit] : [], false);
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

/**
 * Whether an open (created or pending) family order pays some month of this student's `purpose`
 * fee. Read inside the student's payable lock by the quote (a family's quote takes the same lock).
 */
export async function familyOrderOpenFor(db: Database, studentId: number, purpose: FeePurpose): Promise<boolean> {
  const open = await openOrdersOf(db, "family_fees");
  return open.some((o) => monthsOfOrder(o).some((m) => m.studentId === studentId && m.purpose === purpose));
}
