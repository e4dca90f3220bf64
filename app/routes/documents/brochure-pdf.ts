/** The school brochure PDF, made from content and the fee book (app/brochure.server.ts), once per day and content epoch. */
import type { Route } from "./+types/brochure-pdf";
import { currentBrochure } from "~/brochure.server";
import { notModified, pdfResponse } from "~/lib/pdf.server";

/** Sent with its entity tag and checked before each use: a browser's copy never outlives a fee change. */
export async function loader({ request }: Route.LoaderArgs) {
  const { pdf, etag } = await currentBrochure();
  return notModified(request, etag) ?? pdfResponse(pdf, { fileName: "school-brochure.pdf", disposition: "inline", cache: "public", etag });
}
