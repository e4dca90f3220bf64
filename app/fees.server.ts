/**
 * School fees composed with the payment core and receipts (issue 13; features never import each
 * other, DESIGN.md §3): the tuition and bus purposes' handlers (ledger payment lines and the
 * receipt, in the transaction that marks the order paid), the quote a fee page gives
 * `payments.start`, payments recorded at the school office (receipt issued in the same
 * transaction) and refunds/cancellations (reversing ledger lines and the receipt cancelled, in
 * one transaction). docs/decisions/016-fees.md.
 */
import { eq, TransactionRollbackError } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { feePayments } from "~/db/schema/fees";
import type { OrderSubject } from "~/db/schema/payments";
import { creditsOf, monthLabel, type FeePurpose } from "~/features/fees/schedule";
import {
  applyCredit,
  attachReceipt,
  entries,
  ledgerOf,
  payLineFromRef,
  payLineRef,
  quoteMonths,
  recordPayment,
  refundCredit,
  reversePayment,
  type PaidLine,
  type PayLine,
  type Student,
} from "~/features/fees/ledger.server";
import { openOrderFor, orderByPublicId, type PaymentOrder } from "~/features/payments/orders.server";
import type { PaymentPurposeHandler } from "~/features/payments/purposes";
import { isRetryable } from "~/features/payments/states";
import { cancelReceipt, issueReceipt, type CancelResult, type Receipt } from "~/features/receipts/issue.server";
import { issueOrderReceipt, orderReceiptLinks, type OrderFacts, type ReceiptFacts } from "~/features/receipts/order-receipts.server";
import { RECEIPT_SERIES } from "~/features/receipts/series";
import { getConfig } from "~/lib/config.server";
import { formatRupees } from "~/lib/money";
import { checkReason } from "~/lib/reason";

/** What a receipt calls each purpose. */
export const FEE_PURPOSE_NAMES: Record<FeePurpose, string> = { tuition: "School fee", bus: "Bus fee" };

/** The thing owed, per student and session ("student:42:2026-27"); the purpose keeps tuition and bus apart. */
export function feePayableKey(studentId: number, session: string): string {
  return `student:${studentId}:${session}`;
}

/** Who a fee order pays for, as money lists name them: "Riya Kumari", "Class 5 A", "2021/0042". */
export function feeSubject(student: Pick<Student, "name" | "className" | "section" | "admissionNumber">): OrderSubject {
  return { name: student.name, className: `${student.className}${student.section ? ` ${student.section}` : ""}`, number: student.admissionNumber };
}

function parseKey(payableKey: string): { studentId: number; session: string } {
  const m = /^student:(\d+):(\d{4}-\d{2})$/.exec(payableKey);
  if (!m) throw new RangeError(`Not a fee payable key: ${payableKey}`);
  return { studentId: Number(m[1]), session: m[2]! };
}

/** The receipt's facts for a fee payment: the student as on the roll now, the paid lines. */
export function feeReceiptFacts(student: Student, purpose: FeePurpose, session: string, lines: PaidLine[]): ReceiptFacts {
  return {
    series: RECEIPT_SERIES.fees,
    purpose: FEE_PURPOSE_NAMES[purpose],
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
      description: `${FEE_PURPOSE_NAMES[purpose]}: ${quote.months.map((m) => m.label).join(", ")}`,
      lines: quote.lines.map((l) => ({ label: `${l.head} — ${l.periodLabel}`, amountPaise: l.amountPaise, ref: payLineRef(l) })),
    };
  };
}

/**
 * The tuition or bus purpose's handler: on paid, the order's lines become the ledger's payment
 * lines (and its late fee line) and the receipt is issued, all in the paying transaction.
 */
export function feePurposeHandler(purpose: FeePurpose, orderFacts: (order: PaymentOrder) => OrderFacts): PaymentPurposeHandler {
  return {
    onPaid: async (tx, order) => {
      const { studentId, session } = parseKey(order.payableKey);
      const lines = order.lines.map((l) => payLineFromRef(l.ref, l.label, l.amountPaise));
      if (lines.some((l) => l === null)) throw new RangeError(`Order ${order.reference} has lines that are not fee lines`);
      const recorded = await recordPayment(tx, { studentId, session, purpose, lines: lines as PayLine[], mode: "online", orderId: order.id, bankReference: order.bankReference, paidAt: order.paidAt ?? new Date() });
      const receipt = await issueOrderReceipt(tx, orderFacts(order), feeReceiptFacts(recorded.student, purpose, session, recorded.receiptLines));
      await attachReceipt(tx, recorded.payment.id, receipt.id);
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

export const OFFICE_MODES = { cash: "Cash", cheque: "Cheque", dd: "Demand draft", upi: "UPI", neft: "NEFT" } as const;
export type OfficeMode = keyof typeof OFFICE_MODES;

export type OfficeInput = {
  studentId: number;
  session: string;
  purpose: FeePurpose;
  months: readonly string[];
  mode: OfficeMode;
  /** Cheque/DD: "No. 004512, State Bank of India, 12 Apr 2026". */
  instrument?: string | null;
  /** UPI/NEFT: the UTR. */
  bankReference?: string | null;
  /** The total the office confirmed (paise); refused when the ledger now says otherwise. */
  expectedTotalPaise?: number;
  /** References of open online orders the office saw and chose to collect over. */
  acknowledgedOrders?: readonly string[];
  today: string;
  by: string;
  now?: Date;
};

/** An online order that may still be paid at the bank, as the office counter shows it. */
export type OpenOrderView = { reference: string; status: string; description: string; amountPaise: number; createdAt: Date };

export type OfficeResult =
  | { kind: "recorded"; receipt: Receipt }
  | { kind: "refused"; message: string }
  | { kind: "confirm"; totalPaise: number; months: string[]; openOrder: OpenOrderView | null; message: string | null };

/**
 * Records a payment taken at the school office and issues its receipt, in one transaction with
 * the student locked: the months are checked and priced from the ledger exactly as an online
 * payment's are (so nothing is paid twice by the office and out-of-order choices are refused).
 * Nothing is recorded until the office has seen the total (`expectedTotalPaise`) and any open
 * online order of the student for this purpose (`acknowledgedOrders`); until then the answer is
 * `confirm` with what to show. If an acknowledged order is paid at the bank later, its money is
 * recorded as a credit (feePurposeHandler).
 */
export async function collectAtOffice(input: OfficeInput, db?: Database): Promise<OfficeResult> {
  const database = db ?? (await getDb());
  const now = input.now ?? new Date();
  let confirm: OfficeResult | undefined;
  try {
    return await database.transaction(async (tx) => {
      const quote = await quoteMonths(tx, input.studentId, input.session, input.purpose, input.months, input.today);
      if (!quote.ok) return { kind: "refused" as const, message: quote.problem.message };
      const open = await openOrderFor(tx, input.purpose, feePayableKey(input.studentId, input.session));
      const unseen = open && !(input.acknowledgedOrders ?? []).includes(open.reference) ? open : null;
      const changed = input.expectedTotalPaise !== undefined && input.expectedTotalPaise !== quote.totalPaise;
      if (input.expectedTotalPaise === undefined || changed || unseen) {
        const message = changed ? "The total changed since it was shown: check it and confirm again." : unseen ? OPEN_ORDER_WARNING : null;
        const openOrder = open && { reference: open.reference, status: open.status, description: open.description, amountPaise: open.amountPaise, createdAt: open.createdAt };
        confirm = { kind: "confirm", totalPaise: quote.totalPaise, months: quote.months.map((m) => m.label), openOrder, message };
        tx.rollback(); // nothing posted until the office confirms
      }
      const recorded = await recordPayment(tx, {
        studentId: input.studentId,
        session: input.session,
        purpose: input.purpose,
        lines: quote.lines,
        mode: input.mode,
        instrument: input.instrument ?? null,
        bankReference: input.bankReference ?? null,
        paidAt: now,
        recordedBy: input.by,
      });
      const facts = feeReceiptFacts(recorded.student, input.purpose, input.session, recorded.receiptLines);
      const receipt = await issueReceipt(
        tx,
        { ...facts, paidAt: now, payment: { mode: OFFICE_MODES[input.mode], gatewayReference: null, bankReference: input.bankReference ?? null, instrument: input.instrument ?? null } },
        { secret: getConfig().receiptSecret, now },
      );
      await attachReceipt(tx, recorded.payment.id, receipt.id);
      return { kind: "recorded" as const, receipt };
    });
  } catch (error) {
    if (confirm && error instanceof TransactionRollbackError) return confirm;
    throw error;
  }
}

/** Shown at the counter while the student has an online order the bank may still take. */
export const OPEN_ORDER_WARNING =
  "This student has an online payment open for this fee: the parent may still pay it at the bank. Ask the parent first. If you record this payment and the online one is paid too, its money becomes a credit to refund or apply to the next months.";

/**
 * Refunds or cancels a fee payment with a reason: reversing ledger lines and its receipt
 * cancelled (never deleted), in one transaction. Throws RangeError for a reason outside 3-500
 * characters.
 */
export async function refundFeePayment(paymentId: number, reason: string, by: string, db?: Database): Promise<"reversed" | "already_reversed" | "not_found"> {
  checkReason(reason);
  const database = db ?? (await getDb());
  return database.transaction(async (tx) => {
    const result = await reversePayment(tx, paymentId, reason, by);
    if (result.kind === "reversed" && result.payment.receiptId) await cancelReceipt(tx, result.payment.receiptId, reason, by);
    return result.kind;
  });
}

/**
 * Cancels a receipt with a reason (a bounced cheque, a wrong entry), and when it is a fee
 * payment's receipt reverses that payment on the ledger in the same transaction (the months are
 * owed again), so a cancelled receipt never leaves its months paid. Other receipts (application
 * fees) are only cancelled. Throws RangeError for a reason outside 3-500 characters.
 */
export async function cancelReceiptWithLedger(receiptId: number, reason: string, by: string, db?: Database): Promise<CancelResult & { reversedPayment: boolean }> {
  const database = db ?? (await getDb());
  checkReason(reason);
  return database.transaction(async (tx) => {
    const [payment] = await tx.select({ id: feePayments.id }).from(feePayments).where(eq(feePayments.receiptId, receiptId));
    const reversed = payment ? await reversePayment(tx, payment.id, reason, by) : null;
    const result = await cancelReceipt(tx, receiptId, reason, by);
    return { ...result, reversedPayment: reversed?.kind === "reversed" };
  });
}

/** Refunds a student's credit for `purpose` (refundCredit) in its own transaction. Throws RangeError for a bad reason. */
export async function refundStudentCredit(input: Parameters<typeof refundCredit>[1], db?: Database) {
  checkReason(input.reason);
  return (db ?? (await getDb())).transaction((tx) => refundCredit(tx, input));
}

/** Applies a student's credit for `purpose` to the next unpaid months (applyCredit) in its own transaction. */
export async function applyStudentCredit(input: Parameters<typeof applyCredit>[1], db?: Database) {
  return (db ?? (await getDb())).transaction((tx) => applyCredit(tx, input));
}
