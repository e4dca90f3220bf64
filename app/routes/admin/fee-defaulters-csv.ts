/** GET /admin/fees/defaulters.csv: defaulters per student and month owed. */
import type { Route } from "./+types/fee-defaulters-csv";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { defaulters, defaultersCsv } from "~/features/fees/reports.server";
import { kolkataDate, sessionOf } from "~/lib/dates";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "fees.view");
  const today = kolkataDate(new Date());
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="defaulters-${today}.csv"`);
  setNoStore(headers);
  return new Response(defaultersCsv(await defaulters(await getDb(), sessionOf(today), today)), { headers });
}
