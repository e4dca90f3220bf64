/** The administrator's receipt links (issue 12): every receipt re-downloads from /admin/receipts/{id}. */
import { eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paymentOrders } from "~/db/schema/payments";
import { receipts } from "~/db/schema/receipts";

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
 * (the PDF) and "Cancel…" (its page) for orders with a receipt. Throws what the driver throws.
 */
export async function receiptLinksByOrderReference(db: Database, references: readonly string[]): Promise<Record<string, Link[]>> {
  if (references.length === 0) return {};
  const rows = await db
    .select({ reference: paymentOrders.reference, id: receipts.id, number: receipts.number, status: receipts.status })
    .from(receipts)
    .innerJoin(paymentOrders, eq(paymentOrders.id, receipts.orderId))
    .where(inArray(paymentOrders.reference, [...references]));
  return Object.fromEntries(
    rows.map((r) => [
      r.reference,
      [
        { label: `Receipt ${r.number}${r.status === "cancelled" ? " (cancelled)" : ""}`, href: adminReceiptHref(r.id), download: true },
        { label: r.status === "cancelled" ? "Receipt details" : "Cancel receipt…", href: adminCancelHref(r.id) },
      ],
    ]),
  );
}
