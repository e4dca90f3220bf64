/**
 * Placeholder PDFs for mandatory-disclosure documents the school has not uploaded yet
 * (content/mandatory-disclosure.ts, `sample: true`). Unknown names go to the disclosure page.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/sample-document-pdf";
import { disclosure } from "#content/mandatory-disclosure";
import { sampleDocumentPdf } from "~/features/content/pdf.server";
import { pdfResponse } from "~/lib/pdf.server";

export async function loader({ params }: Route.LoaderArgs) {
  const href = `/documents/samples/${params.file}`;
  const item = [...disclosure.documents, disclosure.academics.academicCalendar].find((d) => d.href === href && "sample" in d && d.sample);
  if (!item) throw redirect("/mandatory-disclosure", 301);
  return pdfResponse(await sampleDocumentPdf(item.label), { cache: "public", noindex: true });
}
