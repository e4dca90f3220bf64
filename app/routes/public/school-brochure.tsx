/** /school-brochure: the download page of the brochure PDF the build makes from content. Prerendered. */
import type { Route } from "./+types/school-brochure";
import { BROCHURE_PDF_PATH } from "~/page-routes";
import { getContentPage } from "~/features/content/pages.server";
import { schoolBrochurePdf } from "~/features/content/pdf.server";
import { feeTables } from "~/features/content/fees";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { BrochurePage } from "~/features/content/components/brochure-page";

export async function loader() {
  const bytes = (await schoolBrochurePdf()).length;
  const { session } = feeTables();
  return {
    page: getContentPage("/school-brochure"),
    pdf: { href: BROCHURE_PDF_PATH, fileName: "school-brochure.pdf", sizeLabel: `${Math.max(1, Math.round(bytes / 1024))} KB` },
    contents: [
      "The school at a glance: board, classes, figures and our story",
      "Stages of study from Nursery to Class XII, and the three streams in Classes XI and XII",
      "Facilities: laboratories, library, sport, arts and transport",
      `Fee structure and age criteria for session ${session}`,
      "How to apply, step by step, and how to reach us",
    ],
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? pageMeta({ ...data.page.seo, siteUrl: siteUrlFrom(matches) }) : []);

export default function SchoolBrochure({ loaderData }: Route.ComponentProps) {
  return <BrochurePage page={loaderData.page} pdf={loaderData.pdf} contents={loaderData.contents} />;
}
