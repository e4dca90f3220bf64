/**
 * Issuing, reading and cancelling receipts (tables of app/db/schema/receipts.ts).
 * `issueReceipt` must run inside the transaction that records the payment (the payment core's
 * `onPaid`, or the office's entry): the number is taken from `receipt_counters` in that
 * transaction, so a rollback gives it back and no number is skipped or used twice
 * (PAYMENTS.md §C: duplicate and skipped receipt numbers in other school systems).
 * `issueOrderReceipt` is what a selling feature's purpose handler calls from `onPaid` for an
 * online order (receipts read the payment core's orders; the payment core never reads receipts):
 * one receipt per order, or one per part of an order that pays for several students (a family's
 * fees: docs/decisions/023-family-payments.md).
 * Every function throws what the driver throws.
 */
import { createHash, createHmac } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { PROVIDER_LABELS } from "~/core/payments/labels";
import { orderByPublicId, type PaymentOrder } from "~/core/payments/orders.server";
import { getConfig } from "~/lib/config.server";
import { receiptCounters, receipts, type ReceiptLine, type ReceiptPayment, type ReceiptStudent } from "~/db/schema/receipts";
import { formatReceiptNumber } from "./numbering";
import { financialYear } from "~/lib/dates";
import { checkReason } from "~/lib/reason";
import { withdrawMessages } from "~/core/messages/outbox.server";

export type Receipt = typeof receipts.$inferSelect;
export type { ReceiptLine, ReceiptPayment, ReceiptStudent };

export type ReceiptInput = {
  /** Series prefix, e.g. "KVA" for fees or "KVA/APP" for application fees. */
  series: string;
  /** What was paid for, in words ("Tuition fee", "Application fee"). */
  purpose: string;
  student: ReceiptStudent;
  /** Signed paise: concessions below zero, everything else above. */
  lines: ReceiptLine[];
  payment: ReceiptPayment;
  /** When the money was received. */
  paidAt: Date;
  /** The online order it documents; omitted for an office payment. */
  orderId?: number | null;
  /** Which part of that order ("" or omitted: the whole order; "42:tuition": one student's fee of a family order). */
  orderPart?: string;
};

/** Sum of a receipt's signed lines, paise. */
export function totalOf(lines: readonly ReceiptLine[]): number {
  return lines.reduce((sum, l) => sum + l.amountPaise, 0);
}

/** Throws RangeError when the lines cannot make a receipt (no lines, wrong signs, negative total). */
export function checkLines(lines: readonly ReceiptLine[]): void {
  if (lines.length === 0) throw new RangeError("A receipt needs at least one line");
  for (const l of lines) {
    if (!l.head.trim()) throw new RangeError("Every receipt line needs a head");
    if (!Number.isSafeInteger(l.amountPaise) || l.amountPaise === 0) throw new RangeError(`Line "${l.head}" needs a whole, non-zero number of paise`);
    if ((l.kind === "concession") !== l.amountPaise < 0) throw new RangeError(`Line "${l.head}": concessions are negative and every other line positive`);
  }
  if (totalOf(lines) < 0) throw new RangeError("A receipt's total cannot be negative");
}

/**
 * Issues a receipt with the next number of its series in the financial year of `now` (IST),
 * inside `tx`. For an order (and part) that already has one, returns that one (exactly one per
 * order and part: receipts_order_part_idx).
 * Throws RangeError for invalid lines; the secret is RECEIPT_SECRET (DESIGN.md §4).
 */
export async function issueReceipt(tx: Database, input: ReceiptInput, options: { secret: string; now?: Date }): Promise<Receipt> {
  checkLines(input.lines);
  if (!/^[A-Z0-9]+(\/[A-Z0-9]+)*$/.test(input.series)) throw new RangeError(`Not a receipt series: ${input.series}`);
  const orderPart = input.orderPart ?? "";
  if (!/^[A-Za-z0-9:_-]{0,60}$/.test(orderPart)) throw new RangeError(`Not an order part: ${orderPart}`);
  if (input.orderId != null) {
    const existing = await receiptForOrder(tx, input.orderId, orderPart);
    if (existing) return existing;
  }
  const issuedAt = options.now ?? new Date();
  const year = financialYear(issuedAt);
  // The counter row stays locked until the transaction ends: concurrent issuers queue here.
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ series: input.series, financialYear: year, lastNumber: 1 })
    .onConflictDoUpdate({ target: [receiptCounters.series, receiptCounters.financialYear], set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` } })
    .returning({ lastNumber: receiptCounters.lastNumber });
  const sequence = counter!.lastNumber;
  const number = formatReceiptNumber(input.series, year, sequence);
  const { hash, keyId } = verificationCode(options.secret, { number, issuedAt });
  const [receipt] = await tx
    .insert(receipts)
    .values({
      number,
      series: input.series,
      financialYear: year,
      sequence,
      orderId: input.orderId ?? null,
      orderPart: input.orderId != null ? orderPart : "",
      purpose: input.purpose,
      student: input.student,
      lines: input.lines.map((l) => ({ kind: l.kind, head: l.head.trim(), period: l.period?.trim() || null, amountPaise: l.amountPaise })),
      totalPaise: totalOf(input.lines),
      payment: input.payment,
      paidAt: input.paidAt,
      issuedAt,
      verificationHash: hash,
      hashKeyId: keyId,
    })
    .returning();
  return receipt!;
}

/** The receipt of an order's part ("": an order with one receipt), or null. */
export async function receiptForOrder(db: Database, orderId: number, orderPart = ""): Promise<Receipt | null> {
  const [row] = await db.select().from(receipts).where(and(eq(receipts.orderId, orderId), eq(receipts.orderPart, orderPart)));
  return row ?? null;
}

/** Every receipt of an order, in the order they were issued (one, or one per part of a family's order). */
export async function receiptsForOrder(db: Database, orderId: number): Promise<Receipt[]> {
  return db.select().from(receipts).where(eq(receipts.orderId, orderId)).orderBy(asc(receipts.id));
}

/** Receipt numbers of the given orders, by order id, each order's in issue order (for lists). */
export async function receiptNumbersForOrders(db: Database, orderIds: readonly number[]): Promise<Map<number, { id: number; number: string; status: Receipt["status"] }[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: receipts.id, orderId: receipts.orderId, number: receipts.number, status: receipts.status })
    .from(receipts)
    .where(inArray(receipts.orderId, [...orderIds]))
    .orderBy(asc(receipts.id));
  const map = new Map<number, { id: number; number: string; status: Receipt["status"] }[]>();
  for (const r of rows) map.set(r.orderId!, [...(map.get(r.orderId!) ?? []), { id: r.id, number: r.number, status: r.status }]);
  return map;
}

/**
 * The `n`th receipt (1-based, in issue order) of a paid order, found by the order's unguessable
 * public id; null when there is none.
 */
export async function receiptForOrderPublicId(db: Database, publicId: string, n = 1): Promise<Receipt | null> {
  const order = await orderByPublicId(db, publicId);
  return order ? ((await receiptsForOrder(db, order.id))[n - 1] ?? null) : null;
}

export async function receiptById(db: Database, id: number): Promise<Receipt | null> {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, id));
  return row ?? null;
}

export async function receiptByNumber(db: Database, number: string): Promise<Receipt | null> {
  const [row] = await db.select().from(receipts).where(eq(receipts.number, number));
  return row ?? null;
}

export async function receiptByHash(db: Database, hash: string): Promise<Receipt | null> {
  const [row] = await db.select().from(receipts).where(eq(receipts.verificationHash, hash));
  return row ?? null;
}

export type CancelResult = { kind: "cancelled"; receipt: Receipt } | { kind: "already_cancelled"; receipt: Receipt } | { kind: "not_found" };

/**
 * Cancels a receipt with a reason (3-500 characters; a wrong counter entry, a refund). The
 * receipt keeps its number and everything it says; it is marked CANCELLED on its PDF and on
 * verification; its messages not yet sent are withdrawn (withdrawMessages). `by` names who
 * cancelled it. Throws RangeError for a missing reason.
 */
export async function cancelReceipt(db: Database, id: number, reason: string, by: string, now = new Date()): Promise<CancelResult> {
  const why = checkReason(reason);
  const [cancelled] = await db
    .update(receipts)
    .set({ status: "cancelled", cancelledAt: now, cancelReason: why, cancelledBy: by.slice(0, 200) })
    .where(and(eq(receipts.id, id), eq(receipts.status, "issued")))
    .returning();
  if (cancelled) {
    await withdrawMessages(db, `receipt:${cancelled.number}`, `Not sent: receipt ${cancelled.number} was cancelled before this left (${why}).`);
    return { kind: "cancelled", receipt: cancelled };
  }
  const existing = await receiptById(db, id);
  return existing ? { kind: "already_cancelled", receipt: existing } : { kind: "not_found" };
}

/** What the selling feature knows: the series, the purpose, the student and the lines. */
/** `note`: what the parent must know about the payment (ReceiptPayment.note). */
export type ReceiptFacts = { series: string; purpose: string; student: ReceiptStudent; lines: ReceiptLine[]; note?: string | null };

/** "Online, Razorpay (UPI)". */
export function onlineMode(order: Pick<PaymentOrder, "provider" | "paymentMode">): string {
  const mode = order.paymentMode?.replaceAll("_", " ").trim();
  return `Online, ${PROVIDER_LABELS[order.provider]}${mode ? ` (${mode.length <= 4 ? mode.toUpperCase() : mode.toLowerCase().replace(/^\w/, (c) => c.toUpperCase())})` : ""}`;
}

/**
 * What one receipt of an order that has several documents: its `key` ("42:tuition", letters,
 * digits, ":", "_" and "-") and the paise of the order's lines it covers.
 */
export type OrderPart = { key: string; amountPaise: number };

/**
 * Issues the order's receipt inside `tx` (the paying transaction), or returns the one it has;
 * with `part`, the receipt of that part of the order (one per part). Throws RangeError when the
 * lines do not add up to the amount paid (the order's, or the part's; then the order stays
 * unpaid and the payment core logs it), and what the driver throws.
 */
export async function issueOrderReceipt(tx: Database, order: PaymentOrder, facts: ReceiptFacts, now = new Date(), part?: OrderPart): Promise<Receipt> {
  const expected = part ? part.amountPaise : order.amountPaise;
  if (!part?.key && part) throw new RangeError("An order part needs a key");
  if (totalOf(facts.lines) !== expected) throw new RangeError(`Receipt lines add up to ${totalOf(facts.lines)} paise, the ${part ? `part ${part.key} of the order` : "order"} to ${expected}`);
  const { note, ...rest } = facts;
  return issueReceipt(
    tx,
    {
      ...rest,
      orderId: order.id,
      orderPart: part?.key ?? "",
      paidAt: order.paidAt ?? now,
      payment: { mode: onlineMode(order), gatewayReference: order.providerPaymentId ?? order.reference, bankReference: order.bankReference, instrument: null, ...(note ? { note } : {}) },
    },
    { secret: getConfig().receiptSecret, now },
  );
}

/** Where a paid order's receipt is downloaded: its unguessable order id, never the number. */
export function orderReceiptHref(publicId: string): string {
  return `/receipts/order/${publicId}`;
}

/** Where the `n`th receipt (1-based) of a paid order is downloaded: the first at orderReceiptHref. */
export function orderReceiptHrefAt(publicId: string, n: number): string {
  return n <= 1 ? orderReceiptHref(publicId) : `${orderReceiptHref(publicId)}/${n}`;
}

/**
 * "Download receipt" (the number is on the PDF and in the admin list) for an order that has one;
 * for an order with several (a family's), one link each, naming the student and what it is for
 * ("Download receipt: Arjun Mahato, School fee"); none for an order without.
 */
export async function orderReceiptLinks(db: Database, order: Pick<PaymentOrder, "id" | "publicId">): Promise<{ label: string; href: string; download: true }[]> {
  const all = await receiptsForOrder(db, order.id);
  return all.map((receipt, i) => {
    const what = all.length > 1 ? `: ${receipt.student.name}, ${receipt.purpose}` : "";
    return { label: `Download receipt${what}${receipt.status === "cancelled" ? " (cancelled)" : ""}`, href: orderReceiptHrefAt(order.publicId, i + 1), download: true };
  });
}

/**
 * Verification codes of receipts (DESIGN.md §6): the code in /verify-receipt/{hash}
 * is an HMAC-SHA256 under RECEIPT_SECRET of the receipt's identity (its number and series
 * sequence), cut to 24 base64url characters (144 bits): unguessable and URL-safe. The code is
 * stored with the receipt together with the key id (a fingerprint of the secret that made it), so
 * verification looks the code up and a rotated secret leaves every earlier receipt valid.
 */
export const HASH_LENGTH = 24;

/** Short, non-secret fingerprint of a secret: the first 8 hex digits of its SHA-256. */
export function keyIdOf(secret: string): string {
  return createHash("sha256").update(`receipt-key:${secret}`).digest("hex").slice(0, 8);
}

/** The verification code of a receipt, and the id of the key that made it. */
export function verificationCode(secret: string, identity: { number: string; issuedAt: Date }): { hash: string; keyId: string } {
  if (!secret) throw new Error("RECEIPT_SECRET is empty");
  const hash = createHmac("sha256", secret).update(`kva-receipt:v1:${identity.number}:${identity.issuedAt.toISOString()}`).digest("base64url").slice(0, HASH_LENGTH);
  return { hash, keyId: keyIdOf(secret) };
}

/** True when `value` has the shape of a verification code (checked before any database look-up). */
export function isVerificationHash(value: unknown): value is string {
  return typeof value === "string" && value.length === HASH_LENGTH && /^[A-Za-z0-9_-]+$/.test(value);
}
