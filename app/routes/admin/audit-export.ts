/** GET /admin/audit/export: the audit log with the page's filters as CSV (UTF-8 with BOM, times in IST and UTC). */
import type { Route } from "./+types/audit-export";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { allAudit } from "~/core/audit/admin.server";
import { auditCsv } from "~/core/audit/csv";
import { parseAuditQuery } from "~/core/audit/list-query";
import { kolkataDate } from "~/lib/dates";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "audit.view");
  const { filters } = parseAuditQuery(new URL(request.url).searchParams);
  const csv = auditCsv(await allAudit(await getDb(), filters));
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="audit-${kolkataDate(new Date())}.csv"`);
  setNoStore(headers);
  return new Response(csv, { headers });
}
