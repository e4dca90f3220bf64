/** The school brochure PDF, made from content and the fee book (app/brochure.server.ts), once per day and content epoch. */
import type { Route } from "./+types/brochure-pdf";
import { currentBrochure } from "~/brochure.server";
import { pdfResponse } from "~/lib/pdf.server";

export async function loader(_: Route.LoaderArgs) {
  return pdfResponse((await currentBrochure()).pdf, { fileName: "school-brochure.pdf", disposition: "inline", cache: "public" });
}
