/**
 * School fees (docs/decisions/016-fees.md): the fee book of each session, the student
 * roll, the payments and the ledger. The ledger is the one source of truth for what a family owes:
 * a balance is the sum of its lines (dues − concessions + late fees − payments + refunds) and
 * nothing else. Ledger lines are never updated or deleted (a trigger in the migration refuses it);
 * a refund or a cancelled payment adds reversing lines.
 */
import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { paymentOrders } from "./payments";
import { receipts } from "./receipts";

/** One fee book per academic session ("2026-27"), validated with feeBookSchema (app/features/fees/book.ts) on save and on read. */
export const feeBooks = pgTable("fee_books", {
  session: text("session").primaryKey(),
  book: jsonb("book").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

export const students = pgTable(
  "students",
  {
    id: serial("id").primaryKey(),
    /** The school's admission number, as printed on receipts, e.g. "2026/0042". */
    admissionNumber: text("admission_number").notNull(),
    name: text("name").notNull(),
    dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
    className: text("class_name").notNull(),
    section: text("section"),
    fatherName: text("father_name"),
    motherName: text("mother_name"),
    mobile: text("mobile").notNull(),
    email: text("email"),
    /** Code of the bus stop in the fee book, or null for no bus. */
    busStop: text("bus_stop"),
    /** Codes of the concession rules that apply (sibling, staff child, RTE…). */
    concessions: jsonb("concessions").$type<string[]>().notNull().default([]),
    /** Session the student joined in ("2026-27"): one-time heads are charged then only. */
    joinedSession: text("joined_session"),
    /**
     * First month billed ("2026-09") for a student who joined after April; null: the April of
     * `joined_session` (or, with neither, every month). Dues never start before it.
     */
    joinedMonth: text("joined_month"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("students_admission_number_idx").on(sql`upper(${t.admissionNumber})`), index("students_class_idx").on(t.className, t.section)],
);

/** Last admission number allocated per year (createStudent), taken in the admitting transaction. */
export const admissionCounters = pgTable(
  "admission_counters",
  { year: integer("year").notNull(), lastNumber: integer("last_number").notNull() },
  (t) => [primaryKey({ columns: [t.year] })],
);

export const FEE_PAYMENT_MODES = ["online", "cash", "cheque", "dd", "upi", "neft"] as const;

/** One payment (online order or office counter) for one student and purpose; a family's order makes one per student and purpose. */
export const feePayments = pgTable(
  "fee_payments",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id").notNull().references(() => students.id),
    purpose: text("purpose", { enum: ["tuition", "bus"] }).notNull(),
    session: text("session").notNull(),
    mode: text("mode", { enum: FEE_PAYMENT_MODES }).notNull(),
    /** Cheque/DD number, bank and date, as one line for the receipt. */
    instrument: text("instrument"),
    /** UTR of a UPI or NEFT transfer, or the gateway's bank reference. */
    bankReference: text("bank_reference"),
    orderId: integer("order_id").references(() => paymentOrders.id),
    receiptId: integer("receipt_id").references(() => receipts.id),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    recordedBy: text("recorded_by"),
    /**
     * Paise of this payment given back without reversing it: a credit (months it paid that were
     * already paid) refunded by the office. The receipt stays: the money was received.
     */
    refundedPaise: bigint("refunded_paise", { mode: "number" }).notNull().default(0),
    /**
     * When the office marked a cheque or DD cleared by the bank (null while it awaits clearance:
     * received "subject to realisation"; never set for other modes, which are final when taken).
     */
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
    clearedBy: text("cleared_by"),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    reversalReason: text("reversal_reason"),
    reversedBy: text("reversed_by"),
  },
  (t) => [
    // One payment per online order, student and purpose (a family order pays several).
    uniqueIndex("fee_payments_order_idx").on(t.orderId, t.studentId, t.purpose).where(sql`order_id IS NOT NULL`),
    index("fee_payments_student_idx").on(t.studentId),
    index("fee_payments_paid_at_idx").on(t.paidAt),
    check("fee_payments_amount_positive", sql`amount_paise > 0`),
    check("fee_payments_refunded_within_amount", sql`refunded_paise >= 0 AND refunded_paise <= amount_paise`),
  ],
);

/** The ledger: one line per head and month; amounts positive, the kind gives the sign. */
export const feeLedger = pgTable(
  "fee_ledger",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id").notNull().references(() => students.id),
    session: text("session").notNull(),
    purpose: text("purpose", { enum: ["tuition", "bus"] }).notNull(),
    /** The month it falls due in, "2026-04". */
    month: text("month").notNull(),
    head: text("head").notNull(),
    /** "tuition", "fee", "bus" (how a receipt counts it). */
    headKind: text("head_kind").notNull(),
    /** The period as printed: "April 2026", "Apr–Jun 2026", "2026-27". */
    periodLabel: text("period_label").notNull(),
    kind: text("kind", { enum: ["due", "concession", "late_fee", "payment", "refund"] }).notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    /** Concession names, or the refund's reason. */
    note: text("note"),
    paymentId: integer("payment_id").references(() => feePayments.id),
    /**
     * Null for lines written with their payment, refund or charge. For a credit (a head and month
     * paid more than charged) handled later by the office: `credit_refund` (a refund line: the
     * excess given back), `credit_out` (a refund line: the excess taken off its month) and
     * `credit_in` (a payment line: that money paying a later month). Each keeps the payment it
     * came from, so a payment's lines still add up to what it brought in.
     */
    adjustment: text("adjustment", { enum: ["credit_refund", "credit_out", "credit_in"] }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("fee_ledger_student_idx").on(t.studentId, t.session, t.purpose),
    index("fee_ledger_payment_idx").on(t.paymentId),
    check("fee_ledger_adjustment_kind", sql`adjustment IS NULL OR (adjustment IN ('credit_refund', 'credit_out') AND kind = 'refund') OR (adjustment = 'credit_in' AND kind = 'payment')`),
    // A due, its concession and its late fee are charged once per head and month.
    uniqueIndex("fee_ledger_charge_idx").on(t.studentId, t.session, t.purpose, t.month, t.head, t.kind).where(sql`kind IN ('due', 'concession', 'late_fee')`),
    check("fee_ledger_amount_positive", sql`amount_paise > 0`),
  ],
);
