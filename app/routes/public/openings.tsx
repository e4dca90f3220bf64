/** /openings: current job openings, judged on each request by the date in India (SPEC §2 careers). */
import type { Route } from "./+types/openings";
import { school } from "#content/school";
import { getContentPage } from "~/features/content/pages.server";
import { currentOpenings } from "~/features/content/openings";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { OpeningsPage } from "~/features/content/components/openings-page";

export function loader() {
  return { page: getContentPage("/openings"), openings: currentOpenings(new Date()), email: school.emails[0] };
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? pageMeta({ ...data.page.seo, siteUrl: siteUrlFrom(matches) }) : []);

export default function Openings({ loaderData }: Route.ComponentProps) {
  return <OpeningsPage page={loaderData.page} openings={loaderData.openings} email={loaderData.email} />;
}
