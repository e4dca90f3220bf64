/** /robots.txt: the public site is open to crawlers; the admin area and API are not. */
import type { Route } from "./+types/robots-txt";
import { getConfig } from "~/lib/config.server";

export function loader(_: Route.LoaderArgs) {
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api", "", `Sitemap: ${getConfig().publicSiteUrl}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
