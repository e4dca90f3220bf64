/**
 * /feed.xml: the Atom feed of news and events (issue 28), from the published content in memory,
 * so a story is in it as soon as it is published.
 */
import type { Route } from "./+types/feed-xml";
import { school } from "#content/school";
import { getConfig } from "~/lib/config.server";
import { renderInstant } from "~/lib/prerender";
import { newsFeedXml } from "~/features/content/sitemap.server";

export function loader({ context }: Route.LoaderArgs) {
  const body = newsFeedXml(getConfig().publicSiteUrl, school.name, renderInstant(context));
  return new Response(body, { headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "no-cache" } });
}
