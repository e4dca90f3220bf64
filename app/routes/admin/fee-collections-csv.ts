/** GET /admin/fees/collections.csv?from=&to=: the collections report as CSV. */
import type { Route } from "./+types/fee-collections-csv";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { collections, collectionsCsv } from "~/features/fees/reports.server";
import { istDateRange, kolkataDate } from "~/lib/dates";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "fees.view");
  const { from, to } = istDateRange(new URL(request.url).searchParams, kolkataDate(new Date()));
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="collections-${from}-to-${to}.csv"`);
  setNoStore(headers);
  return new Response(collectionsCsv(await collections(await getDb(), from, to)), { headers });
}
