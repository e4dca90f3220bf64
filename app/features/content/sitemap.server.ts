/** Entries of /sitemap.xml: canonical public pages with their last content change. */
import { pages, PAGES_UPDATED } from "#content/pages";
import { getNewsItems } from "./markdown.server";

/** Pages that are steps of a payment, receipts or diagnostics: not content to be found. */
export const NOT_IN_SITEMAP: ReadonlySet<string> = new Set(["/fees", "/fee-payment", "/student-payment", "/mock-payment", "/icici-debug", "/receipt-download", "/payment-portal", "/bus-fee-payment"]);

export type SitemapEntry = { path: string; lastmod: string };

/** Home, the pages of content/pages.ts (minus NOT_IN_SITEMAP) and every news article, once each. */
export function sitemapEntries(): SitemapEntry[] {
  const entries = new Map<string, string>([["/", PAGES_UPDATED]]);
  for (const p of pages) if (!NOT_IN_SITEMAP.has(p.path) && !p.path.startsWith("/news/")) entries.set(p.path, p.updated ?? PAGES_UPDATED);
  for (const n of getNewsItems()) entries.set(n.href, n.date);
  return [...entries].map(([path, lastmod]) => ({ path, lastmod }));
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The sitemap document (sitemaps.org 0.9) for `siteUrl` (origin, no trailing slash). */
export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => `  <url><loc>${escapeXml(`${siteUrl}${e.path}`)}</loc><lastmod>${e.lastmod}</lastmod></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
