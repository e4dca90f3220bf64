/** GET /admin/fees/students/{id}/statement.pdf: a student's statement of account for this session (issue 13). */
import { data } from "react-router";
import type { Route } from "./+types/fee-statement-pdf";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/auth/session.server";
import { statementPdf } from "~/features/fees/reports.server";
import { studentById } from "~/features/fees/students.server";
import { kolkataDate, sessionOf } from "~/lib/dates";
import { setNoStore } from "~/lib/http";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { headers } = await requireAdmin(request);
  const db = await getDb();
  const student = /^\d{1,10}$/.test(params.id) ? await studentById(db, Number(params.id)) : null;
  if (!student) throw data("No such student.", { status: 404, headers });
  const pdf = await statementPdf(db, student, sessionOf(kolkataDate(new Date())));
  headers.set("Content-Type", "application/pdf");
  headers.set("Content-Disposition", `attachment; filename="statement-${student.admissionNumber.replaceAll("/", "-")}.pdf"`);
  setNoStore(headers);
  return new Response(new Uint8Array(pdf), { headers });
}
