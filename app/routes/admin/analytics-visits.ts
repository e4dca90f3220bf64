/** GET /admin/analytics/visits?limit=50: the latest visit records as JSON (at most 200). Admin only. */
import type { Route } from "./+types/analytics-visits";
import { getDb } from "~/db/client.server";
import { latestVisits } from "~/features/analytics/dashboard/latest-visits.server";
import { requirePermission } from "~/features/auth/session.server";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "dashboard.view");
  const limit = Number(new URL(request.url).searchParams.get("limit") ?? 50);
  setNoStore(headers);
  return Response.json({ visits: await latestVisits(await getDb(), limit) }, { headers });
}
