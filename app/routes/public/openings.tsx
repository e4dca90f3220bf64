/** /openings: current job openings, judged by the date in India (SPEC §2 careers); rendered once per day (app/page-routes.ts). */
import type { Route } from "./+types/openings";
import { school } from "#content/school";
import { renderInstant } from "~/lib/prerender";
import { getContentPage } from "~/features/content/pages.server";
import { currentOpenings } from "~/features/content/openings";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { OpeningsPage } from "~/features/content/components/openings-page";

export function loader({ context }: Route.LoaderArgs) {
  return { page: getContentPage("/openings"), openings: currentOpenings(renderInstant(context)), email: school.emails[0] };
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? pageMeta({ ...data.page.seo, siteUrl: siteUrlFrom(matches) }) : []);

export default function Openings({ loaderData }: Route.ComponentProps) {
  return <OpeningsPage page={loaderData.page} openings={loaderData.openings} email={loaderData.email} />;
}
