/**
 * GET /admin/analytics/realtime: visitors in the last 5 minutes as JSON, polled by the
 * dashboard every 30 s while its tab is visible. For those who may see the dashboard; 503 with the SPEC §8 message when
 * the query fails.
 */
import type { Route } from "./+types/analytics-realtime";
import { getDb } from "~/db/client.server";
import { getRealtimeVisitors } from "~/features/analytics/figures/realtime.server";
import { requirePermission } from "~/features/auth/session.server";
import { messageOf } from "~/lib/errors";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "dashboard.view");
  setNoStore(headers);
  try {
    return Response.json(await getRealtimeVisitors(await getDb()), { headers });
  } catch (error) {
    return Response.json({ error: messageOf(error) }, { status: 503, headers });
  }
}
