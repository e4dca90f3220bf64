/**
 * /admissions/acknowledgement/{applicationId}/pdf: the acknowledgement PDF, found by
 * the application's unguessable public id (as receipts are by their order's): the details, the
 * photo (its normalised copy, made now for an application stored before copies were kept), the
 * receipt number. Never cached by shared caches or indexed (it carries a child's data).
 */
import { data } from "react-router";
import type { Route } from "./+types/admission-acknowledgement-pdf";
import { getDb } from "~/db/client.server";
import { acknowledgementFor } from "~/features/admissions/acknowledgement-pdf.server";
import { pdfResponse } from "~/lib/pdf.server";
import { NO_STORE_HEADERS } from "~/lib/http";

export async function loader({ params }: Route.LoaderArgs) {
  const made = await acknowledgementFor(await getDb(), params.applicationId);
  if (!made) throw data("No such application.", { status: 404, headers: NO_STORE_HEADERS });
  return pdfResponse(made.pdf, { fileName: made.fileName, cache: "personal" });
}
