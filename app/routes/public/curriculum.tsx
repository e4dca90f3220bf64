/** /curriculum: stages and streams from content/curriculum.ts, with Course JSON-LD. Prerendered. */
import type { Route } from "./+types/curriculum";
import { stages } from "#content/curriculum";
import { getContentPage } from "~/features/content/pages.server";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { courseJsonLd } from "~/features/content/structured-data";
import { CurriculumPage } from "~/features/content/components/curriculum-page";

export function loader() {
  return { page: getContentPage("/curriculum"), stages };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
  const siteUrl = siteUrlFrom(matches);
  return pageMeta({
    ...data.page.seo,
    siteUrl,
    jsonLd: data.stages.map((s) =>
      courseJsonLd(siteUrl, { name: `${s.name}, CBSE`, description: s.description, educationalLevel: s.nepStage, path: `/curriculum#${s.id}`, code: `KVA-${s.id.toUpperCase()}` }),
    ),
  });
};

export default function Curriculum({ loaderData }: Route.ComponentProps) {
  return <CurriculumPage page={loaderData.page} stages={loaderData.stages} />;
}
