/** The administrator's receipt links: every receipt re-downloads from /admin/receipts/{id}. */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { receipts } from "~/db/schema/receipts";
import { ordersByReferences } from "~/core/payments/orders.server";
import { addDays, istMidnight } from "~/lib/dates";
import { receiptNumbersForOrders } from "./issue.server";

/** The PDF of any receipt, for the administrator. */
export function adminReceiptHref(id: number): string {
  return `/admin/receipts/${id}`;
}

/** The administrator's page of a receipt, where it can be cancelled. */
export function adminCancelHref(id: number): string {
  return `/admin/receipts/${id}/cancel`;
}

type Link = { label: string; href: string; download?: boolean };

/**
 * Links for the orders of a payments list page, by order reference: "Receipt KVA/2026-27/000123"
 * (the PDF) and "Cancel…" (its page) for orders with a receipt; "Receipt details" (the same
 * page) for a cancelled one, or for someone who may not cancel (`canCancel` false). Throws what
 * the driver throws.
 */
export async function receiptLinksByOrderReference(db: Database, references: readonly string[], canCancel = true): Promise<Record<string, Link[]>> {
  const orders = await ordersByReferences(db, references);
  const byOrder = await receiptNumbersForOrders(db, orders.map((o) => o.id));
  return Object.fromEntries(
    orders.flatMap((o) => {
      const all = byOrder.get(o.id) ?? [];
      if (all.length === 0) return [];
      // A family's order has a receipt per student and fee: each gets its two links.
      return [
        [
          o.reference,
          all.flatMap((r) => [
            { label: `Receipt ${r.number}${r.status === "cancelled" ? " (cancelled)" : ""}`, href: adminReceiptHref(r.id), download: true },
            { label: r.status === "cancelled" || !canCancel ? `Receipt ${all.length > 1 ? `${r.number} ` : ""}details` : `Cancel receipt${all.length > 1 ? ` ${r.number}` : ""}…`, href: adminCancelHref(r.id) },
          ]),
        ],
      ];
    }),
  );
}

/** One mode's takings in a day: "Online" (every gateway together) or the office's mode ("Cash", "Cheque"…). */
export type Collection = { mode: string; count: number; amountPaise: number };

/**
 * What the receipts issued on the IST day `day` ("yyyy-mm-dd") collected, by mode, largest
 * first: receipts of online orders count as "Online", office receipts by their mode. Cancelled
 * receipts are left out. For the office's daily summary. Throws RangeError for a malformed day.
 */
export async function collectionsOn(db: Database, day: string): Promise<Collection[]> {
  const mode = sql<string>`CASE WHEN ${receipts.orderId} IS NULL THEN ${receipts.payment}->>'mode' ELSE 'Online' END`;
  const rows = await db
    .select({ mode, count: sql<number>`count(*)::int`, amountPaise: sql<string>`sum(${receipts.totalPaise})::text` })
    .from(receipts)
    .where(and(eq(receipts.status, "issued"), gte(receipts.issuedAt, istMidnight(day)), lt(receipts.issuedAt, istMidnight(addDays(day, 1)))))
    .groupBy(mode);
  return rows.map((r) => ({ mode: r.mode, count: Number(r.count), amountPaise: Number(r.amountPaise) })).sort((a, b) => b.amountPaise - a.amountPaise || a.mode.localeCompare(b.mode));
}
