/** /sitemap.xml: every canonical public page of content/pages.ts plus the home page. */
import type { Route } from "./+types/sitemap-xml";
import { pages } from "#content/pages";
import { getConfig } from "~/lib/config.server";

/** Pages that are results of a payment, not content to be found. */
const NOT_LISTED = new Set(["/fees", "/fee-payment", "/student-payment", "/mock-payment", "/icici-debug"]);

export function loader(_: Route.LoaderArgs) {
  const site = getConfig().publicSiteUrl;
  const paths = ["/", ...pages.map((p) => p.path).filter((p) => !NOT_LISTED.has(p))];
  const urls = paths.map((p) => `  <url><loc>${site}${p}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
