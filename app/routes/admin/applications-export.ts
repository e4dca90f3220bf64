/** GET /admin/applications/export: the filtered applications as CSV. */
import type { Route } from "./+types/applications-export";
import { getDb } from "~/db/client.server";
import { parseApplicationQuery } from "~/features/admissions/admin-query";
import { listApplications } from "~/features/admissions/applications.server";
import { applicationsCsv } from "~/features/admissions/csv";
import { requirePermission } from "~/features/auth/session.server";
import { kolkataDate } from "~/lib/dates";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "applications.view");
  const { rows } = await listApplications(await getDb(), parseApplicationQuery(new URL(request.url).searchParams), 100_000);
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="applications-${kolkataDate(new Date())}.csv"`);
  setNoStore(headers);
  return new Response(applicationsCsv(rows), { headers });
}
