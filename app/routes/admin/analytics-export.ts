/**
 * GET /admin/analytics/export?range=30days&table=daily: one dashboard table (or the daily
 * series) for the chosen range as CSV (UTF-8 with BOM, times in IST). For those who may see the dashboard. An unknown
 * table is a 404; a failed query a 503 with its SPEC §8 message.
 */
import type { Route } from "./+types/analytics-export";
import { getDb } from "~/db/client.server";
import { getAnalyticsResult } from "~/features/analytics/figures/analytics-result.server";
import { loadArchive } from "~/features/analytics/dashboard/load-dashboard.server";
import { parseExportTable, parseRangeParam } from "~/features/analytics/dashboard/schema";
import { tableCsv } from "~/features/analytics/dashboard/tables";
import { internalHostsOf } from "~/features/analytics/figures/referrer";
import { requirePermission } from "~/features/auth/session.server";
import { getConfig } from "~/lib/config.server";
import { kolkataDate } from "~/lib/dates";
import { messageOf } from "~/lib/errors";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "dashboard.view");
  const url = new URL(request.url);
  const range = parseRangeParam(url.searchParams);
  const table = parseExportTable(url.searchParams);
  setNoStore(headers);
  if (!table) return new Response("There is no such table.", { status: 404, headers });
  const db = await getDb();
  let csv: string | null;
  try {
    csv =
      table === "archive"
        ? tableCsv(table, { archive: await loadArchive(db) })
        : tableCsv(table, { result: await getAnalyticsResult(db, range, { internalHosts: internalHostsOf(getConfig().publicSiteUrl, url.host) }) });
  } catch (error) {
    return new Response(messageOf(error), { status: 503, headers });
  }
  headers.set("Content-Type", "text/csv; charset=utf-8");
  const name = table === "archive" ? `analytics-archive-${kolkataDate(new Date())}` : `analytics-${table}-${range}-${kolkataDate(new Date())}`;
  headers.set("Content-Disposition", `attachment; filename="${name}.csv"`);
  return new Response(csv, { headers });
}
