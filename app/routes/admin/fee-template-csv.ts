/** GET /admin/fees/template.csv: the roll import template, whose example row imports as it is. */
import type { Route } from "./+types/fee-template-csv";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { bookFor } from "~/features/fees/ledger.server";
import { rosterTemplate } from "~/core/students/roster";
import { unusedAdmissionNumber } from "~/core/students/roll.server";
import { kolkataDate, sessionOf } from "~/lib/dates";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "fees.view");
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", 'attachment; filename="student-roll-template.csv"');
  setNoStore(headers);
  const db = await getDb();
  const session = sessionOf(kolkataDate(new Date()));
  const book = await bookFor(db, session);
  const example = { admissionNumber: await unusedAdmissionNumber(db, Number(session.slice(0, 4))), session, busStop: book?.bus[0]?.code ?? null, concession: book?.concessions[0]?.code ?? null };
  return new Response(rosterTemplate(example), { headers });
}
