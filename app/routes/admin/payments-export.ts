/** GET /admin/payments/export: the filtered payments as CSV for reconciliation with the bank statement. */
import type { Route } from "./+types/payments-export";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { ordersCsv } from "~/core/payments/admin/csv";
import { parseOrderQuery } from "~/core/payments/admin/list-query";
import { allOrders } from "~/core/payments/orders.server";
import { kolkataDate } from "~/lib/dates";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "fees.view");
  const { filters } = parseOrderQuery(new URL(request.url).searchParams);
  const csv = ordersCsv(await allOrders(await getDb(), filters));
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="payments-${kolkataDate(new Date())}.csv"`);
  setNoStore(headers);
  return new Response(csv, { headers });
}
