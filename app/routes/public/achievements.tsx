/** /achievements: results from content/mandatory-disclosure.ts and prose. Prerendered. */
import type { Route } from "./+types/achievements";
import { school } from "#content/school";
import { getContentPage } from "~/features/content/pages.server";
import { disclosureView } from "~/features/content/disclosure";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { AchievementsPage } from "~/features/content/components/achievements-page";

export function loader() {
  const view = disclosureView();
  const figures = [
    { value: school.figures.cbseResults, label: "CBSE board results" },
    { value: school.figures.students, label: "Students and families" },
    { value: `${school.figures.parentRating}/5`, label: "Parent rating" },
    { value: school.figures.years, label: `Years since ${school.foundingYear}` },
  ];
  return { page: getContentPage("/achievements"), results: { x: view.resultsX, xii: view.resultsXII }, figures };
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? pageMeta({ ...data.page.seo, siteUrl: siteUrlFrom(matches) }) : []);

export default function Achievements({ loaderData }: Route.ComponentProps) {
  return <AchievementsPage page={loaderData.page} results={loaderData.results} figures={loaderData.figures} />;
}
