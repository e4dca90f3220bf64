/**
 * /sitemap.xml: every canonical public URL (content/pages.ts, the home page and each news
 * article) with its lastmod date. Payment steps, receipts and debug pages are not listed.
 */
import type { Route } from "./+types/sitemap-xml";
import { getConfig } from "~/lib/config.server";
import { renderInstant } from "~/lib/prerender";
import { sitemapEntries, sitemapXml } from "~/features/content/sitemap.server";

export function loader({ context }: Route.LoaderArgs) {
  const body = sitemapXml(getConfig().publicSiteUrl, sitemapEntries(renderInstant(context)));
  // Revalidated on each fetch: a story published a second ago is listed.
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-cache" } });
}
