/** Entries of /sitemap.xml: canonical public pages with their last content change. */
import { pages, PAGES_UPDATED } from "#content/pages";
import { pageUpdated } from "./pages.server";
import { visibleNews } from "./published.server";

/** Pages that are steps of a payment, receipts or diagnostics: not content to be found. */
export const NOT_IN_SITEMAP: ReadonlySet<string> = new Set(["/fees", "/fee-payment", "/student-payment", "/mock-payment", "/icici-debug", "/receipt-download", "/payment-portal", "/bus-fee-payment"]);

export type SitemapEntry = { path: string; lastmod: string };

/**
 * Home, the pages of content/pages.ts (minus NOT_IN_SITEMAP; a content page's lastmod is the day
 * it was last published) and every news story visible at `now`, once each.
 */
export function sitemapEntries(now: Date): SitemapEntry[] {
  const entries = new Map<string, string>([["/", PAGES_UPDATED]]);
  for (const p of pages) if (!NOT_IN_SITEMAP.has(p.path) && !p.path.startsWith("/news/")) entries.set(p.path, pageUpdated(p.path));
  for (const n of visibleNews(now)) entries.set(n.href, n.date);
  return [...entries].map(([path, lastmod]) => ({ path, lastmod }));
}

/** Text and attribute values for XML (the sitemap, the Atom feed). */
export const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The sitemap document (sitemaps.org 0.9) for `siteUrl` (origin, no trailing slash). */
export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => `  <url><loc>${escapeXml(`${siteUrl}${e.path}`)}</loc><lastmod>${e.lastmod}</lastmod></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The newest stories in the Atom feed. */
export const FEED_SIZE = 20;

/**
 * The Atom 1.0 feed (RFC 4287) of news and events visible at `now`, newest first, at most
 * FEED_SIZE: each entry's id and link are its canonical URL, `updated` its publish time, its
 * summary the story's summary and its content the story's sanitised HTML. `siteUrl`: origin,
 * no trailing slash; `title`: the school's name.
 */
export function newsFeedXml(siteUrl: string, title: string, now: Date): string {
  const stories = visibleNews(now, { limit: FEED_SIZE });
  const updatedOf = (n: (typeof stories)[number]) => n.publishedAt ?? `${n.date}T00:00:00+05:30`;
  const updated = stories.map(updatedOf).sort().at(-1) ?? now.toISOString();
  const entries = stories.map((n) =>
    [
      "  <entry>",
      `    <id>${escapeXml(`${siteUrl}${n.href}`)}</id>`,
      `    <title>${escapeXml(n.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(`${siteUrl}${n.href}`)}"/>`,
      `    <published>${n.date}T00:00:00+05:30</published>`,
      `    <updated>${updatedOf(n)}</updated>`,
      `    <category term="${escapeXml(n.category)}"/>`,
      `    <summary>${escapeXml(n.summary)}</summary>`,
      `    <content type="html">${escapeXml(n.html)}</content>`,
      "  </entry>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-IN">',
    `  <id>${escapeXml(`${siteUrl}/feed.xml`)}</id>`,
    `  <title>${escapeXml(`${title}: news and events`)}</title>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${siteUrl}/feed.xml`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${siteUrl}/`)}"/>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${escapeXml(title)}</name></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
