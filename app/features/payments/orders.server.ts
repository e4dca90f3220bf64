/**
 * Reading payment orders and events (tables of app/db/schema/payments.ts). Every function takes
 * the Drizzle database (or a transaction) and throws whatever the driver throws.
 */
import { and, desc, eq, gte, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  paymentEvents,
  paymentOrders,
  type OrderLine,
  type OrderStatus,
  type PaymentProvider,
  type PaymentPurpose,
} from "~/db/schema/payments";
import { istMidnight } from "~/lib/dates";

export type PaymentOrder = typeof paymentOrders.$inferSelect;
export type PaymentEvent = typeof paymentEvents.$inferSelect;
export type { OrderLine, OrderStatus, PaymentProvider, PaymentPurpose };

export async function orderByReference(db: Database, reference: string): Promise<PaymentOrder | null> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.reference, reference));
  return row ?? null;
}

export async function orderByPublicId(db: Database, publicId: string): Promise<PaymentOrder | null> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.publicId, publicId));
  return row ?? null;
}

export async function orderByProviderOrderId(db: Database, provider: PaymentProvider, providerOrderId: string): Promise<PaymentOrder | null> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.provider, provider), eq(paymentOrders.providerOrderId, providerOrderId)));
  return row ?? null;
}

/** The open (created or pending) order for a thing owed, if any. */
export async function openOrderFor(db: Database, purpose: PaymentPurpose, payableKey: string): Promise<PaymentOrder | null> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.purpose, purpose), eq(paymentOrders.payableKey, payableKey), inArray(paymentOrders.status, ["created", "pending"])));
  return row ?? null;
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
  /** A reference, a gateway id, a bank reference or an admission/application number exactly, or part of the student's name. */
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
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      sql`(${paymentOrders.reference} = ${q.toUpperCase()} OR ${paymentOrders.providerOrderId} = ${q} OR ${paymentOrders.providerPaymentId} = ${q} OR ${paymentOrders.bankReference} = ${q} OR upper(${paymentOrders.subject} ->> 'number') = ${q.toUpperCase()} OR (${paymentOrders.subject} ->> 'name') ILIKE ${like})`,
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
