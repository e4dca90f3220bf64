/**
 * Online payments (DESIGN.md §5, §7): one `payment_orders` row per order to pay for
 * something, one `payment_attempts` row per hand-off of it to the gateway (each with a fresh
 * reference: Eazypay refuses a reused one), and every word from a gateway in `payment_events`.
 *
 * Money is integer paise (bigint: Eazypay takes up to 9 rupee digits, more than int4 holds in
 * paise). An order moves only forward: created → pending → paid | failed | expired | held; paid
 * is final, a late success after failed or expired still wins, and held (another amount or
 * merchant reported) waits for the office or a verified word for its own amount
 * (app/core/payments/states.ts). At most one order per thing owed (purpose + payable_key) is
 * open (created or pending) at a time.
 */
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { ORDER_STATUSES, PAYMENT_PROVIDERS, PAYMENT_PURPOSES } from "../payment-values";

export { ORDER_STATUSES, PAYMENT_PROVIDERS, PAYMENT_PURPOSES };
export type { OrderStatus, PaymentProvider, PaymentPurpose } from "../payment-values";

/**
 * One line of what an order pays for, as the owning feature wrote it (shown on the success
 * page). `ref` is that feature's own id for the line (a due, a period), read back in `onPaid`.
 */
export type OrderLine = { label: string; amountPaise: number; ref?: string };

/**
 * Who an order pays for, as the selling feature named them when it was created: the student
 * (name, class with section, admission number) or the applicant (child's name, class applied,
 * application number). Shown in every money list.
 */
export type OrderSubject = { name: string; className: string | null; number: string | null };

export const paymentOrders = pgTable(
  "payment_orders",
  {
    id: serial("id").primaryKey(),
    /** Unguessable id (128 bits, base64url) used in links to the hand-off and result pages. */
    publicId: text("public_id").notNull(),
    /**
     * The order's own reference, shown to parents and on receipts: short and alphanumeric. It is
     * also the reference of the order's first attempt; later hand-offs get references of their own.
     */
    reference: text("reference").notNull(),
    purpose: text("purpose", { enum: PAYMENT_PURPOSES }).notNull(),
    /** What the order pays for, named by the feature that owns it, e.g. "application:<id>". */
    payableKey: text("payable_key").notNull(),
    /** One line for lists, e.g. "Application fee, Class 1 (2027-28)". */
    description: text("description").notNull(),
    lines: jsonb("lines").$type<OrderLine[]>().notNull(),
    subject: jsonb("subject").$type<OrderSubject>(),
    /** Sum of the lines, computed by the server. */
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("INR"),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("created"),
    payerName: text("payer_name"),
    payerEmail: text("payer_email"),
    payerPhone: text("payer_phone"),
    /** The gateway's order id of the order's first attempt (Razorpay `order_…`); each attempt has its own. */
    providerOrderId: text("provider_order_id"),
    /** The gateway's payment id: Razorpay `pay_…`, Eazypay's Unique Ref Number, the mock's id. */
    providerPaymentId: text("provider_payment_id"),
    /** Bank reference (UTR / RRN) when the gateway gives one. */
    bankReference: text("bank_reference"),
    paymentMode: text("payment_mode"),
    /** What the gateway said was paid, paise (compared with amount_paise). */
    paidAmountPaise: bigint("paid_amount_paise", { mode: "number" }),
    /** The gateway's last status word, e.g. "E000", "Success", "captured". */
    gatewayStatus: text("gateway_status"),
    /** Why the administrator must look, the latest of ORDER_FLAGS (app/core/payments/flags.ts). */
    flag: text("flag"),
    /** Every flag's sentence, oldest first, one per line. */
    flagDetail: text("flag_detail"),
    /** The reference of the attempt whose payment paid the order. */
    paidReference: text("paid_reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Last time reconciliation (or anyone) asked the gateway about this order. */
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    checkCount: integer("check_count").notNull().default(0),
  },
  (t) => [
    uniqueIndex("payment_orders_public_id_idx").on(t.publicId),
    uniqueIndex("payment_orders_reference_idx").on(t.reference),
    uniqueIndex("payment_orders_provider_order_id_idx").on(t.provider, t.providerOrderId).where(sql`provider_order_id IS NOT NULL`),
    // One open attempt per thing owed: a double click, a second tab or a reload finds it.
    uniqueIndex("payment_orders_one_open_idx").on(t.purpose, t.payableKey).where(sql`status IN ('created', 'pending')`),
    index("payment_orders_payable_idx").on(t.purpose, t.payableKey),
    index("payment_orders_status_created_idx").on(t.status, t.createdAt),
    index("payment_orders_created_at_idx").on(t.createdAt),
    check("payment_orders_amount_positive", sql`amount_paise > 0`),
    check("payment_orders_status_known", sql`status IN ('created', 'pending', 'paid', 'failed', 'expired', 'held')`),
  ],
);

/**
 * One hand-off of an order to its gateway. Every load of the hand-off page that shows the link or
 * form gets an attempt with a fresh reference (PAYMENTS.md §A: Eazypay refuses a reused one with
 * E00325) and, for Razorpay, an order of its own (§B). Returns, webhooks and status checks name an
 * attempt; its order is what they settle. The first attempt carries the order's own reference.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => paymentOrders.id),
    /** The reference the gateway was given for this attempt. */
    reference: text("reference").notNull(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The gateway's order for this attempt (Razorpay `order_…`). */
    providerOrderId: text("provider_order_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the hand-off page showed it (null: created with its order, not shown yet). */
    handedOffAt: timestamp("handed_off_at", { withTimezone: true }),
    /** What the gateway last said about this attempt, as trusted: paid, pending, failed, held, unknown; null before any word. */
    outcome: text("outcome"),
    /** The gateway's last status word about this attempt, e.g. "E000", "Success", "captured". */
    gatewayStatus: text("gateway_status"),
    providerPaymentId: text("provider_payment_id"),
    /** What the gateway said was paid on this attempt, paise. */
    paidAmountPaise: bigint("paid_amount_paise", { mode: "number" }),
    /** Last time the gateway was asked about this attempt. */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** When this attempt was first reported paid (the order's paying attempt, or a second payment). */
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payment_attempts_reference_idx").on(t.reference),
    uniqueIndex("payment_attempts_provider_order_id_idx").on(t.provider, t.providerOrderId).where(sql`provider_order_id IS NOT NULL`),
    index("payment_attempts_order_idx").on(t.orderId, t.createdAt),
    index("payment_attempts_provider_payment_id_idx").on(t.providerPaymentId),
  ],
);

export const EVENT_KINDS = ["order", "return", "webhook", "status_check", "reconciliation"] as const;
export type PaymentEventKind = (typeof EVENT_KINDS)[number];

export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Null when the event names no order of ours (a forged or foreign reference). */
    orderId: integer("order_id").references(() => paymentOrders.id),
    /** The reference as the event carried it. */
    reference: text("reference"),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    kind: text("kind", { enum: EVENT_KINDS }).notNull(),
    /** Unique per gateway event (webhook event id, hash of a signed return): a replay is stored once. */
    eventKey: text("event_key"),
    /** Signature check: true/false; null for answers that carry none (a status API over TLS). */
    verified: boolean("verified"),
    /** What the gateway said: paid, pending, failed, unknown; rejected when we could not trust it. */
    outcome: text("outcome").notNull(),
    statusBefore: text("status_before"),
    statusAfter: text("status_after"),
    /** One sentence on what was decided and why. */
    detail: text("detail").notNull(),
    /** The payload as received, secrets removed. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_events_event_key_idx").on(t.eventKey),
    index("payment_events_order_idx").on(t.orderId, t.createdAt),
    index("payment_events_created_at_idx").on(t.createdAt),
  ],
);
