/** GET /admin/enquiries/export: the filtered inbox as CSV (UTF-8 with BOM, times in IST). */
import type { Route } from "./+types/enquiries-export";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { enquiriesCsv } from "~/features/enquiries/csv";
import { allEnquiries } from "~/features/enquiries/enquiries.server";
import { parseInboxQuery } from "~/features/enquiries/inbox-query";
import { kolkataDate } from "~/lib/dates";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "enquiries.view");
  const { filters } = parseInboxQuery(new URL(request.url).searchParams);
  const csv = enquiriesCsv(await allEnquiries(await getDb(), filters));
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="enquiries-${kolkataDate(new Date())}.csv"`);
  setNoStore(headers);
  return new Response(csv, { headers });
}
