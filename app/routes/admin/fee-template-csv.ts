/** GET /admin/fees/template.csv: the roll import template (issue 13). */
import type { Route } from "./+types/fee-template-csv";
import { requireAdmin } from "~/features/auth/session.server";
import { rosterTemplate } from "~/features/fees/roster";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requireAdmin(request);
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", 'attachment; filename="student-roll-template.csv"');
  headers.set("Cache-Control", "no-store");
  return new Response(rosterTemplate(), { headers });
}
