/** /school-brochure: the download page of the brochure PDF (app/brochure.server.ts), kept in memory like every built page. */
import type { Route } from "./+types/school-brochure";
import { BROCHURE_PDF_PATH } from "~/page-routes";
import { getContentPage } from "~/features/content/pages.server";
import { currentBrochure } from "~/brochure.server";
import { renderInstant } from "~/lib/prerender";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { BrochurePage } from "~/features/content/components/brochure-page";

export async function loader({ context }: Route.LoaderArgs) {
  const { pdf, fees } = await currentBrochure(renderInstant(context));
  const bytes = pdf.length;
  return {
    page: getContentPage("/school-brochure"),
    pdf: { href: BROCHURE_PDF_PATH, fileName: "school-brochure.pdf", sizeLabel: `${Math.max(1, Math.round(bytes / 1024))} KB` },
    contents: [
      "The school at a glance: board, classes, figures and our story",
      "Stages of study from Nursery to Class XII, and the three streams in Classes XI and XII",
      "Facilities: laboratories, library, sport, arts and transport",
      fees.session ? `Fee structure and age criteria for session ${fees.session}` : "Age criteria, and whom to call about fees",
      "How to apply, step by step, and how to reach us",
    ],
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? pageMeta({ ...data.page.seo, siteUrl: siteUrlFrom(matches) }) : []);

export default function SchoolBrochure({ loaderData }: Route.ComponentProps) {
  return <BrochurePage page={loaderData.page} pdf={loaderData.pdf} contents={loaderData.contents} />;
}
