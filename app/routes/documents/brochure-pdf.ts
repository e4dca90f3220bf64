/** The school brochure PDF, made from content/ (prerendered at build into build/client). */
import type { Route } from "./+types/brochure-pdf";
import { schoolBrochurePdf } from "~/features/content/pdf.server";
import { pdfResponse } from "~/lib/pdf.server";

export async function loader(_: Route.LoaderArgs) {
  return pdfResponse(await schoolBrochurePdf(), { fileName: "school-brochure.pdf", disposition: "inline", cache: "public" });
}
