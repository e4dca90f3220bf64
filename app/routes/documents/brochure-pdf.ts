/** The school brochure PDF, made from content/ (prerendered at build into build/client). */
import type { Route } from "./+types/brochure-pdf";
import { schoolBrochurePdf } from "~/features/content/pdf.server";

export async function loader(_: Route.LoaderArgs) {
  const pdf = await schoolBrochurePdf();
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'inline; filename="school-brochure.pdf"',
      "Cache-Control": "public, max-age=3600",
    },
  });
}
