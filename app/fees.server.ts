/**
 * School fees composed with the payment core and receipts (issue 13; features never import each
 * other, DESIGN.md §3): the tuition and bus purposes' handlers (ledger payment lines and the
 * receipt, in the transaction that marks the order paid), the quote a fee page gives
 * `payments.start`, payments recorded at the school office (receipt issued in the same
 * transaction) and refunds/cancellations (reversing ledger lines and the receipt cancelled, in
 * one transaction). docs/decisions/016-fees.md.
 */
import { getDb, type Database } from "~/db/client.server";
import type { FeePurpose } from "~/features/fees/schedule";
import {
  attachReceipt,
  payLineFromRef,
  payLineRef,
  quoteMonths,
  recordPayment,
  reversePayment,
  type PaidLine,
  type PayLine,
  type Student,
} from "~/features/fees/ledger.server";
import { openOrderFor, type PaymentOrder } from "~/features/payments/orders.server";
import type { PaymentPurposeHandler } from "~/features/payments/purposes";
import { REUSE_OPEN_ORDER_MS } from "~/features/payments/service.server";
import { cancelReceipt, issueReceipt, type Receipt } from "~/features/receipts/issue.server";
import { issueOrderReceipt, orderReceiptLinks, type OrderFacts, type ReceiptFacts } from "~/features/receipts/order-receipts.server";
import { RECEIPT_SERIES } from "~/features/receipts/series";
import { getConfig } from "~/lib/config.server";

/** What a receipt calls each purpose. */
export const FEE_PURPOSE_NAMES: Record<FeePurpose, string> = { tuition: "School fee", bus: "Bus fee" };

/** The thing owed, per student and session ("student:42:2026-27"); the purpose keeps tuition and bus apart. */
export function feePayableKey(studentId: number, session: string): string {
  return `student:${studentId}:${session}`;
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
    },
    links: (db, order) => orderReceiptLinks(db, order),
    retryPath: () => (purpose === "bus" ? "/bus-fee-payment" : "/fees"),
  };
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
  today: string;
  by: string;
  now?: Date;
};

export type OfficeResult = { kind: "recorded"; receipt: Receipt } | { kind: "refused"; message: string };

/**
 * Records a payment taken at the school office and issues its receipt, in one transaction with
 * the student locked: the months are checked and priced from the ledger exactly as an online
 * payment's are (so nothing is paid twice and out-of-order choices are refused).
 */
export async function collectAtOffice(input: OfficeInput, db?: Database): Promise<OfficeResult> {
  const database = db ?? (await getDb());
  const now = input.now ?? new Date();
  return database.transaction(async (tx) => {
    const quote = await quoteMonths(tx, input.studentId, input.session, input.purpose, input.months, input.today);
    if (!quote.ok) return { kind: "refused" as const, message: quote.problem.message };
    // A payment the gateway may be taking for this student now would pay the same months twice.
    const open = await openOrderFor(tx, input.purpose, feePayableKey(input.studentId, input.session));
    if (open && (open.status === "pending" || now.getTime() - open.createdAt.getTime() < REUSE_OPEN_ORDER_MS)) {
      return { kind: "refused" as const, message: `An online payment for this student is in progress (order ${open.reference}): check it in Payments, or try again in ${REUSE_OPEN_ORDER_MS / 60_000} minutes.` };
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
}

/**
 * Refunds or cancels a fee payment with a reason: reversing ledger lines and its receipt
 * cancelled (never deleted), in one transaction. Throws RangeError for a reason outside 3-500
 * characters.
 */
export async function refundFeePayment(paymentId: number, reason: string, by: string, db?: Database): Promise<"reversed" | "already_reversed" | "not_found"> {
  const database = db ?? (await getDb());
  return database.transaction(async (tx) => {
    const result = await reversePayment(tx, paymentId, reason, by);
    if (result.kind === "reversed" && result.payment.receiptId) await cancelReceipt(tx, result.payment.receiptId, reason, by);
    return result.kind;
  });
}
