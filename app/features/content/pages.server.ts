/**
 * Public content pages: their prose and search metadata are the published `page` items (issue
 * 28, edited at /admin/content; first copied from content/pages/<name>.md and content/pages.ts),
 * read synchronously from the content in memory (published.server.ts); their place in the site
 * (`parent`, the breadcrumbs) is content/pages.ts. Everything here runs on the server;
 * components receive plain data.
 */
import { pageFor, PAGES_UPDATED, type PageEntry } from "#content/pages";
import type { ContentLocale } from "~/db/content-values";
import { kolkataDate } from "~/lib/dates";
import { ContentError } from "./markdown-render.server";
import { picture, socialImage, type Picture } from "./images.server";
import type { SocialImage } from "./meta";
import { publishedPage, type PageView } from "./published.server";
import type { Crumb } from "./structured-data";

/** Everything a page's `meta` needs, computed on the server. */
export type PageSeo = {
  path: string;
  title: string;
  description: string;
  keywords: string[];
  crumbs: Crumb[];
  image: SocialImage;
  /** The day (India) it was last published, "2026-11-21": the sitemap's lastmod. */
  updated: string;
};

/** The entry of content/pages.ts for `path`; throws ContentError when there is none. */
function entryFor(path: string): PageEntry {
  const entry = pageFor(path);
  if (!entry) throw new ContentError("content/pages.ts", `no entry for ${path}`);
  return entry;
}

/** The published page for `path` ("/principal"), or null when the path has none. */
function pageAt(path: string, locale: ContentLocale = "en"): PageView | null {
  return /^\/[a-z0-9-]+$/.test(path) ? publishedPage(path.slice(1), locale) : null;
}

/** The published page for `path`; throws ContentError when there is none. */
function requirePage(path: string, locale?: ContentLocale): PageView {
  const page = pageAt(path, locale);
  if (!page) throw new ContentError(`page ${path}`, "no published page");
  return page;
}

/**
 * The breadcrumb trail of a page, from Home to the page itself, following `parent` in
 * content/pages.ts; each label is the page's published title (content/pages.ts's for a route
 * without a content page). Throws ContentError for an unknown path or a parent cycle.
 */
export function crumbsFor(path: string, title?: string): Crumb[] {
  const trail: Crumb[] = [];
  const seen = new Set<string>();
  let current: string | undefined = path;
  while (current) {
    if (seen.has(current)) throw new ContentError("content/pages.ts", `parent cycle at ${current}`);
    seen.add(current);
    const entry = entryFor(current);
    trail.unshift({ label: current === path && title ? title : (pageAt(current)?.fields.title ?? entry.title), path: current });
    current = entry.parent;
  }
  return [{ label: "Home", path: "/" }, ...trail];
}

/** The day in India of an instant, "2026-11-21". */
const istDay = (instant: string) => kolkataDate(new Date(instant));

/**
 * The sitemap's lastmod of `path`: the day (India) its page was last published, or
 * PAGES_UPDATED for a route without a content page.
 */
export function pageUpdated(path: string): string {
  const page = pageAt(path);
  return page ? istDay(page.publishedAt) : PAGES_UPDATED;
}

/**
 * Search metadata of a content page from its published item (English when `locale` has no
 * variant): title, description, keywords, breadcrumbs, the social preview image (the speaker's
 * portrait, else the page's picture, else the school's) and the day it was last published.
 * Throws ContentError when the path has no published page or no entry in content/pages.ts.
 */
export function pageSeo(path: string, locale?: ContentLocale): PageSeo {
  const { fields, publishedAt } = requirePage(path, locale);
  const image = fields.person ? socialImage(fields.person.image, fields.person.imageAlt) : fields.image ? socialImage(fields.image, fields.imageAlt) : socialImage();
  return { path, title: fields.title, description: fields.description, keywords: fields.keywords, crumbs: crumbsFor(path), image, updated: istDay(publishedAt) };
}

export type ContentPage = {
  seo: PageSeo;
  heading: string;
  lead: string;
  image?: Picture;
  person?: { name: string; role: string; qualification?: string; image: Picture };
  highlights: { title: string; text: string }[];
  pictures: (Picture & { caption: string })[];
  related: { label: string; to: string }[];
  /** Rendered body: h2 and deeper (the heading is the page's h1). */
  html: string;
};

/** True when `path` ("/overview") has a published content page. */
export function hasContentPage(path: string): boolean {
  return pageAt(path) !== null;
}

/**
 * The content page for `path` as published (English when `locale` has no variant), with its
 * pictures made responsive. Throws ContentError when the path has no published page, Error when
 * a picture is not under content/images/.
 */
export function getContentPage(path: string, locale?: ContentLocale): ContentPage {
  const { fields, html } = requirePage(path, locale);
  return {
    seo: pageSeo(path, locale),
    heading: fields.heading ?? fields.title,
    lead: fields.lead,
    image: fields.image ? picture(fields.image, fields.imageAlt ?? "") : undefined,
    person: fields.person && {
      name: fields.person.name,
      role: fields.person.role,
      qualification: fields.person.qualification,
      image: picture(fields.person.image, fields.person.imageAlt),
    },
    highlights: fields.highlights ?? [],
    pictures: (fields.pictures ?? []).map((p) => ({ ...picture(p.image, p.alt), caption: p.caption })),
    related: fields.related ?? [],
    html,
  };
}

/**
 * A Markdown body for a page built from a typed module (fee, mandatory disclosure, …): the
 * page's published prose, rendered like any content page.
 */
export function getPageProse(path: string, locale?: ContentLocale): Pick<ContentPage, "lead" | "html" | "heading" | "related" | "highlights" | "image" | "pictures"> {
  const { lead, html, heading, related, highlights, image, pictures } = getContentPage(path, locale);
  return { lead, html, heading, related, highlights, image, pictures };
}
