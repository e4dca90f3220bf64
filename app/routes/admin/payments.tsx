/** /admin/payments: every payment attempt, filtered, with totals per status (issue 11). */
import { data } from "react-router";
import type { Route } from "./+types/payments";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/auth/session.server";
import { orderListData } from "~/features/payments/admin/admin-data.server";
import { ORDERS_PAGE_SIZE, parseOrderQuery } from "~/features/payments/admin/list-query";
import { OrderList } from "~/features/payments/admin/order-list";
import { receiptLinksByOrderReference } from "~/features/receipts/admin.server";
import { getConfig } from "~/lib/config.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requireAdmin(request);
  headers.set("Cache-Control", "no-store");
  const { filters, page } = parseOrderQuery(new URL(request.url).searchParams);
  const db = await getDb();
  const list = await orderListData(db, filters, page, ORDERS_PAGE_SIZE);
  const documents = await receiptLinksByOrderReference(db, list.rows.map((r) => r.reference));
  return data({ ...list, documents, sampleHref: getConfig().production ? null : "/sample-payment" }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Payments | Admin" }];

export default function Payments({ loaderData }: Route.ComponentProps) {
  return <OrderList {...loaderData} />;
}
