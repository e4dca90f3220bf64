/** GET /admin/fees/students/{id}/statement.pdf: a student's statement of account for the session their fees are in (feeSessionOf). */
import { data } from "react-router";
import type { Route } from "./+types/fee-statement-pdf";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { feeSessionOf } from "~/features/fees/ledger.server";
import { statementPdf } from "~/features/fees/reports.server";
import { studentById } from "~/core/students/roll.server";
import { kolkataDate } from "~/lib/dates";
import { pdfResponse } from "~/lib/pdf.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "fees.view");
  const db = await getDb();
  const student = /^\d{1,10}$/.test(params.id) ? await studentById(db, Number(params.id)) : null;
  if (!student) throw data("No such student.", { status: 404, headers });
  const pdf = await statementPdf(db, student, (await feeSessionOf(db, student, kolkataDate(new Date()))).session);
  return pdfResponse(pdf, { fileName: `statement-${student.admissionNumber.replaceAll("/", "-")}.pdf`, cache: "personal", headers });
}
