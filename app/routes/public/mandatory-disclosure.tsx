/** /mandatory-disclosure: CBSE Appendix IX, from content/mandatory-disclosure.ts. Prerendered. */
import type { Route } from "./+types/mandatory-disclosure";
import { getContentPage } from "~/features/content/pages.server";
import { disclosureView } from "~/features/content/disclosure";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { videoJsonLd } from "~/features/content/structured-data";
import { DisclosurePage } from "~/features/content/components/disclosure-page";

export function loader() {
  return { page: getContentPage("/mandatory-disclosure"), view: disclosureView() };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
  const siteUrl = siteUrlFrom(matches);
  const { video } = data.view;
  return pageMeta({
    ...data.page.seo,
    siteUrl,
    jsonLd: [
      videoJsonLd(siteUrl, {
        name: video.title,
        description: "Video of the school's CBSE inspection, covering its classrooms, laboratories, library, playground and other infrastructure.",
        thumbnail: data.page.seo.image.url,
        uploadDate: video.uploadDate,
        contentUrl: video.url,
        duration: video.duration,
      }),
    ],
  });
};

export default function MandatoryDisclosure({ loaderData }: Route.ComponentProps) {
  return <DisclosurePage page={loaderData.page} view={loaderData.view} />;
}
