/**
 * /admin/payments: every online order, filtered, with totals per status, and the
 * money received in the same days by every channel, so this list and Collections agree. The
 * payment debug page is linked for those who may open it.
 */
import { data } from "react-router";
import type { Route } from "./+types/payments";
import { getDb } from "~/db/client.server";
import { can } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/session.server";
import { collections } from "~/features/fees/reports.server";
import { orderListData } from "~/core/payments/admin/admin-data.server";
import { ORDERS_PAGE_SIZE, parseOrderQuery } from "~/core/payments/admin/list-query";
import { OrderList, type ReceivedRow } from "~/core/payments/admin/order-list";
import { PURPOSE_LABELS } from "~/core/payments/labels";
import { paidBetween } from "~/core/payments/orders.server";
import { receiptLinksByOrderReference } from "~/core/receipts/admin.server";
import { getConfig } from "~/lib/config.server";
import { formatDisplayDate, istDateRange, kolkataDate } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "fees.view");
  setNoStore(headers);
  const { filters, page } = parseOrderQuery(new URL(request.url).searchParams);
  const db = await getDb();
  const list = await orderListData(db, filters, page, ORDERS_PAGE_SIZE);
  const documents = await receiptLinksByOrderReference(db, list.rows.map((r) => r.reference), can(user, "fees.manage"));
  // The money received in the list's days (this month so far without a range), by date paid.
  const range = istDateRange(new URLSearchParams({ from: filters.from ?? "", to: filters.to ?? "" }), kolkataDate(new Date()));
  const [fees, online] = await Promise.all([collections(db, range.from, range.to), paidBetween(db, range.from, range.to)]);
  const received: ReceivedRow[] = [
    ...online.map((o) => ({ label: `Online, ${PURPOSE_LABELS[o.purpose].toLowerCase()}: ${o.orders} paid ${o.orders === 1 ? "order" : "orders"}`, amount: formatRupees(o.amountPaise), testId: `received-online-${o.purpose}` })),
    { label: "At the school office (cash, cheque, DD, UPI, NEFT)", amount: formatRupees(fees.officePaise), testId: "received-office" },
    { label: "School and bus fees, online and at the office, less refunds and cancellations: the Collections total", amount: formatRupees(fees.totalPaise), testId: "received-collections" },
  ];
  return data(
    { ...list, documents, received: { from: formatDisplayDate(range.from), to: formatDisplayDate(range.to), rows: received, collectionsHref: `/admin/fees/collections?from=${range.from}&to=${range.to}` }, sampleHref: getConfig().production ? null : "/sample-payment", debugHref: can(user, "settings.manage") ? "/icici-debug" : null },
    { headers },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Payments | Admin" }];

export default function Payments({ loaderData }: Route.ComponentProps) {
  return <OrderList {...loaderData} />;
}
