/**
 * Content pages (published `page` items, edited at /admin/content; breadcrumbs from
 * content/pages.ts): who we are, leadership messages, the four pillars, admissions and policies.
 */
import type { Route } from "./+types/content-page";
import { getContentPage } from "~/features/content/pages.server";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { ContentPageView } from "~/features/content/components/content-page-view";

export function loader({ request }: Route.LoaderArgs) {
  return { page: getContentPage(new URL(request.url).pathname.replace(/\/+$/, "")) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta({ ...data.page.seo, siteUrl: siteUrlFrom(matches) }) : [];

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData.page} />;
}
