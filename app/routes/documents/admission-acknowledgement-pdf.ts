/**
 * /admissions/acknowledgement/{applicationId}/pdf: the acknowledgement PDF, found by
 * the application's unguessable public id (as receipts are by their order's): the details, the
 * photo (its normalised copy, made now for an application stored before copies were kept), the
 * receipt number. Never cached by shared caches or indexed (it carries a child's data).
 */
import { data } from "react-router";
import type { Route } from "./+types/admission-acknowledgement-pdf";
import { applicationPayment } from "~/features/admissions/payment.server";
import { getDb } from "~/db/client.server";
import { acknowledgementFileName, acknowledgementPdf, acknowledgementPhoto } from "~/features/admissions/acknowledgement-pdf.server";
import { applicationByPublicId, documentsOf } from "~/features/admissions/applications.server";
import { documentView } from "~/features/admissions/documents.server";
import { getConfig } from "~/lib/config.server";
import { pdfResponse } from "~/lib/pdf.server";
import { NO_STORE_HEADERS } from "~/lib/http";

export async function loader({ params }: Route.LoaderArgs) {
  const db = await getDb();
  const application = await applicationByPublicId(db, params.applicationId);
  if (!application) throw data("No such application.", { status: 404, headers: NO_STORE_HEADERS });
  const photoRow = (await documentsOf(db, application.id)).find((d) => d.kind === "photo");
  const [photo, payment] = await Promise.all([photoRow ? documentView(photoRow) : null, applicationPayment(db, application.publicId)]);
  const pdf = await acknowledgementPdf({ application, photo: acknowledgementPhoto(photo), receiptNumber: payment?.receiptNumber ?? null, paymentReference: payment?.order.reference ?? null, siteUrl: getConfig().publicSiteUrl });
  return pdfResponse(pdf, { fileName: acknowledgementFileName(application.number), cache: "personal" });
}
