/**
 * Receipts (DESIGN.md §5; PAYMENTS.md §C, §D): one row per receipt, numbered without
 * gaps per series and Indian financial year (1 April–31 March, IST), e.g. `KVA/2026-27/000123`.
 *
 * A receipt is never edited or deleted: what it says is a copy taken when it was issued (the
 * student, the lines, the payment), so a later change to a student or a fee book cannot rewrite
 * it. The only change allowed is cancelling it once, with a reason; a trigger in the migration
 * (drizzle/0009_receipts.sql) refuses every other UPDATE and every DELETE.
 *
 * Numbers come from `receipt_counters`, incremented inside the issuing transaction: a rolled
 * back issue gives its number back, and the row lock on the counter makes concurrent issuers
 * take consecutive numbers one after another.
 */
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { paymentOrders } from "./payments";

export const RECEIPT_STATUSES = ["issued", "cancelled"] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/**
 * How a line counts on a receipt: `tuition` (Tuition Fee, kept apart for Income Tax Act
 * s.80C(2)(xvii)), `fee` (any other head), `late_fee` (added), `concession` (subtracted: its
 * amount is negative).
 */
export const RECEIPT_LINE_KINDS = ["tuition", "fee", "late_fee", "concession"] as const;
export type ReceiptLineKind = (typeof RECEIPT_LINE_KINDS)[number];

/** One line of a receipt: a head for a period, in signed paise (concessions below zero). */
export type ReceiptLine = { kind: ReceiptLineKind; head: string; period: string | null; amountPaise: number };

/** Who the receipt is for, as known when it was issued. */
export type ReceiptStudent = {
  name: string;
  /** e.g. "Class 5" or "Nursery". */
  className: string | null;
  section: string | null;
  admissionNumber: string | null;
  /** Application fees: the application's number instead of an admission number. */
  applicationNumber: string | null;
  parentName: string | null;
  /** The registered mobile (10 digits), used with an application number to download. */
  mobile: string | null;
  /** Academic session the payment is for, e.g. "2026-27". */
  session: string | null;
};

/** How it was paid: online (gateway ids) or at the school office (cash, cheque/DD, UPI/NEFT). */
export type ReceiptPayment = {
  /** e.g. "Online (Net banking)", "Cash", "Cheque", "Demand draft", "UPI", "NEFT". */
  mode: string;
  /** The gateway's payment id (or our order reference when it gave none). */
  gatewayReference: string | null;
  /** Bank UTR / RRN when known. */
  bankReference: string | null;
  /** Cheque or DD: "No. 004512, State Bank of India, 12 Apr 2026". */
  instrument: string | null;
  /**
   * What the parent must know about this payment, printed on the receipt and said in its
   * message: e.g. months it paid that were already paid, and what the school does with the excess.
   */
  note?: string | null;
};

export const receiptCounters = pgTable(
  "receipt_counters",
  {
    /** Series prefix, e.g. "KVA" (fees) or "KVA/APP" (application fees). */
    series: text("series").notNull(),
    /** "2026-27": 1 April 2026 to 31 March 2027 in India. */
    financialYear: text("financial_year").notNull(),
    /** The last number issued in this series and year. */
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] }), check("receipt_counters_positive", sql`last_number > 0`)],
);

export const receipts = pgTable(
  "receipts",
  {
    id: serial("id").primaryKey(),
    /** `${series}/${financialYear}/${sequence padded to 6}`, e.g. "KVA/2026-27/000123". */
    number: text("number").notNull(),
    series: text("series").notNull(),
    financialYear: text("financial_year").notNull(),
    sequence: integer("sequence").notNull(),
    /** The online order it documents; null for a payment recorded at the school office. */
    orderId: integer("order_id").references(() => paymentOrders.id),
    /**
     * Which part of its order the receipt documents: "" for an order with one receipt (a child's
     * school or bus fee, an application fee); for an order that pays for several students (a
     * family's fees) the student and purpose, "42:tuition" (docs/decisions/023-family-payments.md).
     */
    orderPart: text("order_part").notNull().default(""),
    /** What was paid for, in words, e.g. "Tuition fee" or "Application fee". */
    purpose: text("purpose").notNull(),
    student: jsonb("student").$type<ReceiptStudent>().notNull(),
    lines: jsonb("lines").$type<ReceiptLine[]>().notNull(),
    /** Sum of the signed lines, paise. */
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
    payment: jsonb("payment").$type<ReceiptPayment>().notNull(),
    /** When the money was received (the order's paid time, or the office's entry). */
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** Verification code in /verify-receipt/{hash}: HMAC of the receipt's identity, base64url. */
    verificationHash: text("verification_hash").notNull(),
    /** Which RECEIPT_SECRET made the hash (a fingerprint), so a rotated secret leaves old codes valid. */
    hashKeyId: text("hash_key_id").notNull(),
    status: text("status", { enum: RECEIPT_STATUSES }).notNull().default("issued"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    cancelledBy: text("cancelled_by"),
  },
  (t) => [
    uniqueIndex("receipts_number_idx").on(t.number),
    uniqueIndex("receipts_series_sequence_idx").on(t.series, t.financialYear, t.sequence),
    // Exactly one receipt per paid online order and part: a replayed payment never issues a second.
    uniqueIndex("receipts_order_part_idx").on(t.orderId, t.orderPart).where(sql`order_id IS NOT NULL`),
    uniqueIndex("receipts_verification_hash_idx").on(t.verificationHash),
    index("receipts_issued_at_idx").on(t.issuedAt),
    check("receipts_total_not_negative", sql`total_paise >= 0`),
    check("receipts_sequence_positive", sql`sequence > 0`),
    check("receipts_status_known", sql`status IN ('issued', 'cancelled')`),
    check("receipts_cancel_has_reason", sql`(status = 'issued') = (cancelled_at IS NULL AND cancel_reason IS NULL)`),
  ],
);
