/**
 * GET /admin/analytics/data?range=30days: the Analytics result, summary and monthly history as
 * JSON. For those who may see the dashboard.
 */
import type { Route } from "./+types/analytics-data";
import { getDb } from "~/db/client.server";
import { getAnalyticsResult } from "~/features/analytics/figures/analytics-result.server";
import { getAnalyticsSummary } from "~/features/analytics/figures/summary.server";
import { parseRange } from "~/features/analytics/figures/ranges";
import { internalHostsOf } from "~/features/analytics/figures/referrer";
import { getHistoricalAggregates } from "~/features/analytics/maintenance/yearly-reset.server";
import { requirePermission } from "~/features/auth/session.server";
import { getConfig } from "~/lib/config.server";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "dashboard.view");
  const url = new URL(request.url);
  const db = await getDb();
  const result = await getAnalyticsResult(db, parseRange(url.searchParams.get("range")), {
    internalHosts: internalHostsOf(getConfig().publicSiteUrl, url.host),
  });
  const [summary, history] = [await getAnalyticsSummary(db), await getHistoricalAggregates(db)];
  setNoStore(headers);
  return Response.json({ result, summary, history }, { headers });
}
