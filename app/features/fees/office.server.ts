/**
 * Fees at the school office: payments recorded at the counter (receipt issued in the same
 * transaction), refunds and cancellations (reversing ledger lines and the receipt cancelled, in
 * one transaction) and a student's credit refunded or applied. docs/decisions/016-fees.md.
 * Each is done by a staff member (`actor`) and writes its audit row in its own transaction.
 */
import { eq, TransactionRollbackError } from "drizzle-orm";
import { recordAudit, type Actor } from "~/core/audit/audit.server";
import { getDb, type Database } from "~/db/client.server";
import { feeLedger, feePayments, students } from "~/db/schema/fees";
import { PURPOSE_LABELS } from "~/core/payments/labels";
import { enqueue } from "~/core/messages/outbox.server";
import { openOrderFor } from "~/core/payments/orders.server";
import { cancelReceipt, issueReceipt, receiptById, type CancelResult, type Receipt } from "~/core/receipts/issue.server";
import { messageSettings } from "~/core/messages/settings.server";
import { enqueueReceiptMessage } from "~/core/receipts/message.server";
import { getConfig } from "~/lib/config.server";
import { checkReason } from "~/lib/reason";
import { accountOf, applyCredit, attachReceipt, bookFor, creditOfStudent, lockStudent, paymentMonths, quoteMonths, recordPayment, refundCredit, reversePayment } from "./ledger.server";
import { awaitsClearance, SUBJECT_TO_REALISATION } from "./office-form";
import { feePayableKey, feeReceiptFacts } from "./payment.server";
import { accountSummary, monthLabel, type FeePurpose } from "./schedule";

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
  /** Who collects it: the receipt's recorder and the audit row's actor. */
  actor: Actor;
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
 * recorded as a credit (feePurpose in payment.server.ts). The receipt's message
 * (payment_received, the PDF attached) is enqueued to the student's e-mail and mobile on the
 * roll in the same transaction, and so is its audit row (`office_collection.create`, by the
 * receipt's number: what was collected, and the student's unpaid months and amount payable now,
 * before → after).
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
        recordedBy: input.actor.email,
      });
      const facts = feeReceiptFacts(recorded.student, input.purpose, input.session, recorded.receiptLines);
      const afterwards = await accountOf(tx, recorded.student, quote.book, input.purpose, input.today);
      // The receipt's number is taken last but for what names it: the series' counter row stays
      // locked from then to the commit, and the parents paying online wait for it (decision 039).
      const settings = await messageSettings(tx);
      const receipt = await issueReceipt(
        tx,
        { ...facts, paidAt: now, payment: { mode: OFFICE_MODES[input.mode], gatewayReference: null, bankReference: input.bankReference ?? null, instrument: input.instrument ?? null, ...(input.mode === "cheque" || input.mode === "dd" ? { note: SUBJECT_TO_REALISATION } : {}) } },
        { secret: getConfig().receiptSecret, now },
      );
      await attachReceipt(tx, recorded.payment.id, receipt.id);
      await enqueueReceiptMessage(tx, receipt, { email: recorded.student.email, mobile: recorded.student.mobile }, { settings });
      await recordAudit(tx, {
        actor: input.actor,
        action: "office_collection.create",
        entity: "office_collection",
        entityId: receipt.number,
        // The student's account before → after: the months still unpaid and what is payable now.
        before: accountSummary(quote.account),
        after: {
          ...accountSummary(afterwards.months),
          student: recorded.student.admissionNumber,
          purpose: input.purpose,
          session: input.session,
          months: quote.months.map((m) => m.label),
          mode: input.mode,
          instrument: input.instrument ?? null,
          bankReference: input.bankReference ?? null,
          amountPaise: receipt.totalPaise,
        },
      });
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
 * Refunds or cancels a fee payment with a reason on behalf of `actor`: reversing ledger lines
 * and its receipt cancelled (never deleted), with the audit row (`fee_payment.refund`, by the
 * receipt's number), in one transaction. Throws RangeError for a reason outside 3-500 characters.
 */
export async function refundFeePayment(paymentId: number, reason: string, actor: Actor, db?: Database): Promise<"reversed" | "already_reversed" | "not_found"> {
  const why = checkReason(reason);
  const database = db ?? (await getDb());
  return database.transaction(async (tx) => {
    const result = await reversePayment(tx, paymentId, reason, actor.email);
    if (result.kind !== "reversed") return result.kind;
    const receipt = result.payment.receiptId ? await cancelReceipt(tx, result.payment.receiptId, reason, actor.email) : null;
    const cancelled = receipt?.kind === "cancelled";
    await recordAudit(tx, {
      actor,
      action: "fee_payment.refund",
      entity: "fee_payment",
      entityId: receipt && receipt.kind !== "not_found" ? receipt.receipt.number : `payment ${paymentId}`,
      before: { status: "paid", ...(cancelled ? { receipt: "issued" } : {}) },
      after: { status: "reversed", ...(cancelled ? { receipt: "cancelled" } : {}), reason: why },
    });
    return result.kind;
  });
}

/**
 * Cancels a receipt with a reason (a bounced cheque, a wrong entry) on behalf of `actor`, and
 * when it is a fee payment's receipt reverses that payment on the ledger in the same transaction
 * (the months are owed again), so a cancelled receipt never leaves its months paid. Other
 * receipts (application fees) are only cancelled. The audit row (`receipt.cancel`, by the
 * receipt's number) is written in the same transaction. Throws RangeError for a reason outside
 * 3-500 characters.
 */
export async function cancelReceiptWithLedger(receiptId: number, reason: string, actor: Actor, db?: Database): Promise<CancelResult & { reversedPayment: boolean }> {
  const database = db ?? (await getDb());
  const why = checkReason(reason);
  return database.transaction(async (tx) => {
    const [payment] = await tx.select({ id: feePayments.id }).from(feePayments).where(eq(feePayments.receiptId, receiptId));
    const reversed = payment ? await reversePayment(tx, payment.id, reason, actor.email) : null;
    const result = await cancelReceipt(tx, receiptId, reason, actor.email);
    const reversedPayment = reversed?.kind === "reversed";
    if (result.kind === "cancelled" || (reversedPayment && result.kind !== "not_found")) {
      await recordAudit(tx, {
        actor,
        action: "receipt.cancel",
        entity: "receipt",
        entityId: result.receipt.number,
        before: { status: "issued", ...(reversedPayment ? { payment: "paid" } : {}) },
        after: { status: "cancelled", ...(reversedPayment ? { payment: "reversed" } : {}), reason: why },
      });
    }
    return { ...result, reversedPayment };
  });
}

/** What the office's credit forms name: the student, the session and the purpose, and who acts. */
export type CreditInput = { studentId: number; session: string; purpose: FeePurpose; actor: Actor };

/**
 * The audit row of a credit refunded or applied, in `tx`: the student's credit for the purpose
 * before and after (read after the change, with the student still locked), by admission number.
 */
async function auditCredit(tx: Database, input: CreditInput, action: "credit.refund" | "credit.apply", movedPaise: number, extra: Record<string, unknown>): Promise<void> {
  const [student] = await tx.select({ admissionNumber: students.admissionNumber }).from(students).where(eq(students.id, input.studentId));
  const left = (await creditOfStudent(tx, input.studentId, input.session, input.purpose)).reduce((s, c) => s + c.excessPaise, 0);
  const field = `${input.purpose}CreditPaise`;
  await recordAudit(tx, { actor: input.actor, action, entity: "credit", entityId: student?.admissionNumber ?? null, before: { [field]: left + movedPaise }, after: { [field]: left, ...extra } });
}

/**
 * Refunds a student's credit for `purpose` (refundCredit) on behalf of `input.actor`, with its
 * audit row (`credit.refund`), in one transaction. Throws RangeError for a bad reason.
 */
export async function refundStudentCredit(input: CreditInput & { reason: string }, db?: Database) {
  const why = checkReason(input.reason);
  return (db ?? (await getDb())).transaction(async (tx) => {
    const { actor, ...rest } = input;
    const result = await refundCredit(tx, { ...rest, by: actor.email });
    if (result.kind === "done") await auditCredit(tx, input, "credit.refund", result.amountPaise, { reason: why });
    return result;
  });
}

/**
 * Applies a student's credit for `purpose` to the next unpaid months (applyCredit) on behalf of
 * `input.actor`, with its audit row (`credit.apply`), in one transaction. `today` is IST.
 */
export async function applyStudentCredit(input: CreditInput & { today: string }, db?: Database) {
  return (db ?? (await getDb())).transaction(async (tx) => {
    const { actor, ...rest } = input;
    const result = await applyCredit(tx, { ...rest, by: actor.email });
    if (result.kind === "done") await auditCredit(tx, input, "credit.apply", result.amountPaise, { appliedTo: result.months });
    return result;
  });
}

/** A cheque or DD awaiting the bank, found for clearing or bouncing, with its student locked. */
async function pendingInstrument(tx: Database, paymentId: number) {
  const [found] = await tx.select({ studentId: feePayments.studentId }).from(feePayments).where(eq(feePayments.id, paymentId));
  if (!found) return null;
  const student = await lockStudent(tx, found.studentId);
  const [payment] = await tx.select().from(feePayments).where(eq(feePayments.id, paymentId)).for("update");
  return student && payment && awaitsClearance(payment) ? { student, payment } : null;
}

/**
 * Marks a cheque or demand draft cleared (the bank paid it) on behalf of `actor`, with its audit
 * row (`fee_payment.clear`, by the receipt's number), in one transaction. "not_pending" for a
 * payment that is not a cheque or DD awaiting the bank (cleared or reversed already, another mode).
 */
export async function clearInstrument(paymentId: number, actor: Actor, db?: Database, now = new Date()): Promise<"cleared" | "not_pending"> {
  return (db ?? (await getDb())).transaction(async (tx) => {
    const found = await pendingInstrument(tx, paymentId);
    if (!found) return "not_pending";
    await tx.update(feePayments).set({ clearedAt: now, clearedBy: actor.email.slice(0, 200) }).where(eq(feePayments.id, paymentId));
    const receipt = found.payment.receiptId ? await receiptById(tx, found.payment.receiptId) : null;
    await recordAudit(tx, { actor, action: "fee_payment.clear", entity: "fee_payment", entityId: receipt?.number ?? `payment ${paymentId}`, before: { clearance: "pending" }, after: { clearance: "cleared", instrument: found.payment.instrument } });
    return "cleared";
  });
}

/** What a bounce did: the receipt cancelled, the months owed again, the charge added (paise). */
export type BounceResult = { kind: "bounced"; receiptNumber: string | null; months: string[]; chargePaise: number } | { kind: "not_pending" };

/** "Bounce Charge, receipt KVA/2026-27/00042": one charge per returned instrument (a ledger head). */
export const bounceChargeHead = (receiptNumber: string) => `Bounce Charge, receipt ${receiptNumber}`;

/**
 * A cheque or demand draft the bank returned unpaid, on behalf of `actor`, in one transaction
 * with the student locked: the payment reversed (its months owed again), its receipt cancelled
 * (its unsent "received" messages withdrawn), with `charge` the fee book's bounce charge
 * (`bounceChargePaise`, when above 0) posted as a due of the first month it had paid, the parent
 * told (`instrument_returned`, e-mail and SMS from the roll) and the audit row
 * (`fee_payment.bounce`). "not_pending" when the payment is not a cheque or DD awaiting the bank.
 */
export async function bounceInstrument(paymentId: number, options: { charge: boolean }, actor: Actor, db?: Database, now = new Date()): Promise<BounceResult> {
  return (db ?? (await getDb())).transaction(async (tx) => {
    const found = await pendingInstrument(tx, paymentId);
    if (!found) return { kind: "not_pending" } as const;
    const { student, payment } = found;
    const mode = OFFICE_MODES[payment.mode as OfficeMode];
    const reason = `${mode} ${payment.instrument ?? ""} returned unpaid by the bank`.replace(/\s+/g, " ");
    const months = await paymentMonths(tx, paymentId);
    await reversePayment(tx, paymentId, reason, actor.email, now);
    const cancelled = payment.receiptId ? await cancelReceipt(tx, payment.receiptId, reason, actor.email, now) : null;
    const receiptNumber = cancelled && cancelled.kind !== "not_found" ? cancelled.receipt.number : null;
    const book = options.charge ? await bookFor(tx, payment.session) : null;
    const chargePaise = book?.bounceChargePaise ?? 0;
    if (chargePaise > 0 && months[0]) {
      await tx.insert(feeLedger).values({ studentId: student.id, session: payment.session, purpose: payment.purpose, month: months[0], head: bounceChargeHead(receiptNumber ?? `payment ${paymentId}`), headKind: "fee", periodLabel: monthLabel(months[0]), kind: "due", amountPaise: chargePaise, note: reason });
    }
    await enqueue(tx, {
      kind: "instrument_returned",
      data: { studentName: student.name, purpose: PURPOSE_LABELS[payment.purpose], mode, instrument: payment.instrument ?? "", amountPaise: payment.amountPaise, receiptNumber: receiptNumber ?? "", months: months.map(monthLabel).join(", "), chargePaise, payPath: payment.purpose === "bus" ? "/bus-fee-payment" : "/fees" },
      to: { email: student.email, mobile: student.mobile },
      key: `returned:${paymentId}`,
      related: receiptNumber ? `returned:${receiptNumber}` : undefined,
      now,
    });
    await recordAudit(tx, {
      actor,
      action: "fee_payment.bounce",
      entity: "fee_payment",
      entityId: receiptNumber ?? `payment ${paymentId}`,
      before: { status: "paid", clearance: "pending", ...(receiptNumber ? { receipt: "issued" } : {}) },
      after: { status: "reversed", clearance: "bounced", ...(receiptNumber ? { receipt: "cancelled" } : {}), months: months.map(monthLabel), chargePaise, reason },
    });
    return { kind: "bounced", receiptNumber, months: months.map(monthLabel), chargePaise } as const;
  });
}
