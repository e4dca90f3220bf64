/**
 * Reading payment orders and events (tables of app/db/schema/payments.ts). Every function takes
 * the Drizzle database (or a transaction) and throws whatever the driver throws.
 */
import { and, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  paymentAttempts,
  paymentEvents,
  paymentOrders,
  type OrderLine,
  type OrderStatus,
  type PaymentProvider,
  type PaymentPurpose,
} from "~/db/schema/payments";
import { istMidnight } from "~/lib/dates";
import { OPEN_STATUSES } from "./states";
import { containsPattern } from "~/lib/search";

export type PaymentOrder = typeof paymentOrders.$inferSelect;
export type PaymentEvent = typeof paymentEvents.$inferSelect;
export type PaymentAttempt = typeof paymentAttempts.$inferSelect;
export type { OrderLine, OrderStatus, PaymentProvider, PaymentPurpose };

/** At most this many of an order's attempts are asked about in one status check (the newest). */
export const MAX_ATTEMPTS_ASKED = 10;

/** The order whose own reference is `reference` (its first attempt's). */
export async function orderByReference(db: Database, reference: string): Promise<PaymentOrder | null> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.reference, reference));
  return row ?? null;
}

/** The orders with these references (any order; unknown references are left out), for lists. */
export async function ordersByReferences(db: Database, references: readonly string[]): Promise<PaymentOrder[]> {
  return references.length === 0 ? [] : db.select().from(paymentOrders).where(inArray(paymentOrders.reference, [...references]));
}

/** The attempt with this reference and its order, or null. */
export async function attemptByReference(db: Database, reference: string): Promise<{ attempt: PaymentAttempt; order: PaymentOrder } | null> {
  const [row] = await db.select({ attempt: paymentAttempts, order: paymentOrders }).from(paymentAttempts).innerJoin(paymentOrders, eq(paymentOrders.id, paymentAttempts.orderId)).where(eq(paymentAttempts.reference, reference));
  return row ?? null;
}

/** The attempt whose gateway order is `providerOrderId` (Razorpay `order_…`) and its order, or null. */
export async function attemptByProviderOrderId(db: Database, provider: PaymentProvider, providerOrderId: string): Promise<{ attempt: PaymentAttempt; order: PaymentOrder } | null> {
  const [row] = await db
    .select({ attempt: paymentAttempts, order: paymentOrders })
    .from(paymentAttempts)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentAttempts.orderId))
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.providerOrderId, providerOrderId)));
  return row ?? null;
}

/** The order that any of its attempts' references names (the order's own reference included), or null. */
export async function orderByAnyReference(db: Database, reference: string): Promise<PaymentOrder | null> {
  return (await attemptByReference(db, reference))?.order ?? (await orderByReference(db, reference));
}

/** Every attempt of an order, oldest first. */
export async function attemptsOf(db: Database, orderId: number): Promise<PaymentAttempt[]> {
  return db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(paymentAttempts.createdAt, paymentAttempts.id);
}

/**
 * The attempts a status check asks the gateway about, oldest first: the newest MAX_ATTEMPTS_ASKED
 * and any older one the gateway has spoken of as in progress or paid for another amount (a
 * challan, a UPI request awaiting the payer). A parent who reloads the hand-off page more than
 * ten times and pays on an old tab's attempt is still heard through its return or webhook.
 */
export async function attemptsToAsk(db: Database, orderId: number): Promise<PaymentAttempt[]> {
  const newest = db.select({ id: paymentAttempts.id }).from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id)).limit(MAX_ATTEMPTS_ASKED);
  return db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), or(inArray(paymentAttempts.id, newest), inArray(paymentAttempts.outcome, ["pending", "held"]))))
    .orderBy(paymentAttempts.createdAt, paymentAttempts.id);
}

export async function orderByPublicId(db: Database, publicId: string): Promise<PaymentOrder | null> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.publicId, publicId));
  return row ?? null;
}

/** The open (created or pending) order for a thing owed, if any. */
export async function openOrderFor(db: Database, purpose: PaymentPurpose, payableKey: string): Promise<PaymentOrder | null> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.purpose, purpose), eq(paymentOrders.payableKey, payableKey), inArray(paymentOrders.status, [...OPEN_STATUSES])));
  return row ?? null;
}

/**
 * Every open (created or pending) order of the given purposes, oldest first: what is being
 * paid right now (few at any time; the one-open index keeps one per thing owed).
 */
export async function openOrdersOf(db: Database, ...purposes: PaymentPurpose[]): Promise<PaymentOrder[]> {
  if (purposes.length === 0) return [];
  return db
    .select()
    .from(paymentOrders)
    .where(and(inArray(paymentOrders.purpose, purposes), inArray(paymentOrders.status, [...OPEN_STATUSES])))
    .orderBy(paymentOrders.id);
}

/** Paid orders for a thing owed, oldest first (more than one means it was paid twice). */
export async function paidOrdersFor(db: Database, purpose: PaymentPurpose, payableKey: string): Promise<PaymentOrder[]> {
  return db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.purpose, purpose), eq(paymentOrders.payableKey, payableKey), eq(paymentOrders.status, "paid")))
    .orderBy(paymentOrders.paidAt, paymentOrders.id);
}

export async function eventsOfOrder(db: Database, orderId: number): Promise<PaymentEvent[]> {
  return db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)).orderBy(paymentEvents.createdAt, paymentEvents.id);
}

/** The latest gateway events (returns, webhooks, status checks; not our own notes), newest first. */
export async function recentGatewayEvents(db: Database, limit: number): Promise<PaymentEvent[]> {
  return db.select().from(paymentEvents).where(ne(paymentEvents.kind, "order")).orderBy(desc(paymentEvents.createdAt), desc(paymentEvents.id)).limit(limit);
}

export type OrderFilters = {
  status?: OrderStatus;
  purpose?: PaymentPurpose;
  provider?: PaymentProvider;
  /** IST dates "yyyy-mm-dd", inclusive, of the order's creation. */
  from?: string;
  to?: string;
  /** Only orders the administrator must look at. */
  flagged?: boolean;
  /** A reference (the order's or any attempt's), a gateway id, a bank reference or an admission/application number exactly, or part of the student's name. */
  q?: string;
};

function whereOf(f: OrderFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.status) parts.push(eq(paymentOrders.status, f.status));
  if (f.purpose) parts.push(eq(paymentOrders.purpose, f.purpose));
  if (f.provider) parts.push(eq(paymentOrders.provider, f.provider));
  if (f.flagged) parts.push(sql`${paymentOrders.flag} IS NOT NULL`);
  if (f.q) {
    const q = f.q.trim();
    const like = containsPattern(q);
    const byAttempt = sql`SELECT ${paymentAttempts.orderId} FROM ${paymentAttempts} WHERE ${paymentAttempts.reference} = ${q.toUpperCase()} OR ${paymentAttempts.providerOrderId} = ${q} OR ${paymentAttempts.providerPaymentId} = ${q}`;
    parts.push(
      sql`(${paymentOrders.reference} = ${q.toUpperCase()} OR ${paymentOrders.providerOrderId} = ${q} OR ${paymentOrders.providerPaymentId} = ${q} OR ${paymentOrders.bankReference} = ${q} OR ${paymentOrders.id} IN (${byAttempt}) OR upper(${paymentOrders.subject} ->> 'number') = ${q.toUpperCase()} OR (${paymentOrders.subject} ->> 'name') ILIKE ${like})`,
    );
  }
  if (f.from) parts.push(gte(paymentOrders.createdAt, istMidnight(f.from)));
  if (f.to) parts.push(lt(paymentOrders.createdAt, new Date(istMidnight(f.to).getTime() + 86_400_000)));
  return parts.length ? and(...parts) : undefined;
}

export type StatusTotal = { status: OrderStatus; orders: number; amountPaise: number };

/** One page of orders, newest first, the number matching, and count and amount per status. */
export async function listOrders(
  db: Database,
  filters: OrderFilters,
  page: { number: number; size: number },
): Promise<{ rows: PaymentOrder[]; total: number; totals: StatusTotal[] }> {
  const where = whereOf(filters);
  const rows = await db
    .select()
    .from(paymentOrders)
    .where(where)
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  const grouped = await db
    .select({ status: paymentOrders.status, orders: sql<number>`count(*)::int`, amountPaise: sql<string>`coalesce(sum(${paymentOrders.amountPaise}), 0)::text` })
    .from(paymentOrders)
    .where(where)
    .groupBy(paymentOrders.status);
  const totals = grouped.map((g) => ({ status: g.status, orders: Number(g.orders), amountPaise: Number(g.amountPaise) }));
  return { rows, total: totals.reduce((n, t) => n + t.orders, 0), totals };
}

/** Every order matching the filters, oldest first (the CSV for reconciliation), at most `limit`. */
export async function allOrders(db: Database, filters: OrderFilters, limit = 100_000): Promise<PaymentOrder[]> {
  return db.select().from(paymentOrders).where(whereOf(filters)).orderBy(paymentOrders.createdAt, paymentOrders.id).limit(limit);
}

/**
 * Paid orders per purpose by the time they were paid, from `from` to `to` inclusive (IST dates
 * "yyyy-mm-dd"): count and paise. What reached the school online in those days.
 */
export async function paidBetween(db: Database, from: string, to: string): Promise<{ purpose: PaymentPurpose; orders: number; amountPaise: number }[]> {
  const rows = await db
    .select({ purpose: paymentOrders.purpose, orders: sql<number>`count(*)::int`, amountPaise: sql<string>`coalesce(sum(${paymentOrders.amountPaise}), 0)::text` })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.status, "paid"), gte(paymentOrders.paidAt, istMidnight(from)), lt(paymentOrders.paidAt, new Date(istMidnight(to).getTime() + 86_400_000))))
    .groupBy(paymentOrders.purpose);
  return rows.map((r) => ({ purpose: r.purpose, orders: Number(r.orders), amountPaise: Number(r.amountPaise) }));
}
