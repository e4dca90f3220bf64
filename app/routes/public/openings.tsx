/** /openings: current job openings (SPEC §2 careers), published in the admin, each until the end of its closing date in India; kept in memory and rendered again when one closes or is published (app/page-routes.ts). */
import type { Route } from "./+types/openings";
import { school } from "#content/school";
import { renderInstant } from "~/lib/prerender";
import { getContentPage } from "~/features/content/pages.server";
import { currentOpenings } from "~/features/content/published.server";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { OpeningsPage } from "~/features/content/components/openings-page";

export function loader({ context }: Route.LoaderArgs) {
  return { page: getContentPage("/openings"), openings: currentOpenings(renderInstant(context)), email: school.emails[0] };
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? pageMeta({ ...data.page.seo, siteUrl: siteUrlFrom(matches) }) : []);

export default function Openings({ loaderData }: Route.ComponentProps) {
  return <OpeningsPage page={loaderData.page} openings={loaderData.openings} email={loaderData.email} />;
}
