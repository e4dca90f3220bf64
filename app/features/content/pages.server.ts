/**
 * Public content pages: search metadata from content/pages.ts and prose from
 * content/pages/<name>.md (front matter validated with zod, body rendered from Markdown with
 * {{tokens}} filled from content/school.ts). Everything here runs on the server (or at build,
 * when pages are prerendered); components receive plain data.
 */
import { z } from "zod";
import { pageFor, PAGES_UPDATED, type PageEntry } from "#content/pages";
import { parseMarkdown } from "./markdown.server";
import { ContentError } from "./markdown-render.server";
import { hasImage, picture, socialImage, type Picture } from "./images.server";
import type { SocialImage } from "./meta";
import type { Crumb } from "./structured-data";

const files = import.meta.glob<string>("/content/pages/*.md", { query: "?raw", import: "default", eager: true });

/** Everything a page's `meta` needs, computed on the server. */
export type PageSeo = {
  path: string;
  title: string;
  description: string;
  keywords: string[];
  crumbs: Crumb[];
  image: SocialImage;
  updated: string;
};

/** The entry of content/pages.ts for `path`; throws ContentError when there is none. */
function entryFor(path: string): PageEntry {
  const entry = pageFor(path);
  if (!entry) throw new ContentError("content/pages.ts", `no entry for ${path}`);
  return entry;
}

/**
 * The breadcrumb trail of a page, from Home to the page itself, following `parent` in
 * content/pages.ts. Throws ContentError for an unknown path or a parent cycle.
 */
export function crumbsFor(path: string, title?: string): Crumb[] {
  const trail: Crumb[] = [];
  const seen = new Set<string>();
  let current: string | undefined = path;
  while (current) {
    if (seen.has(current)) throw new ContentError("content/pages.ts", `parent cycle at ${current}`);
    seen.add(current);
    const entry = entryFor(current);
    trail.unshift({ label: current === path && title ? title : entry.title, path: current });
    current = entry.parent;
  }
  return [{ label: "Home", path: "/" }, ...trail];
}

/**
 * Search metadata for a page listed in content/pages.ts: title, description, keywords,
 * breadcrumbs and the social preview image (`imageKey` under content/images/, default the
 * school's). Throws ContentError when the path is not listed.
 */
export function pageSeo(path: string, options: { imageKey?: string; imageAlt?: string } = {}): PageSeo {
  const entry = entryFor(path);
  return {
    path,
    title: entry.title,
    description: entry.description,
    keywords: entry.keywords ?? [],
    crumbs: crumbsFor(path),
    image: options.imageKey ? socialImage(options.imageKey, options.imageAlt) : socialImage(),
    updated: entry.updated ?? PAGES_UPDATED,
  };
}

// Content page front matter -------------------------------------------------------------------

const imageKey = z.string().refine(hasImage, "must name a file under content/images/");
const internalLink = z.strictObject({
  label: z.string().min(8),
  to: z.string().regex(/^\/[a-z0-9/#-]*$/, "must be a site path such as /fee"),
});

export const contentPageSchema = z
  .strictObject({
    /** The route this file is for; must match the file name and an entry of content/pages.ts. */
    path: z.string().regex(/^\/[a-z0-9-]+$/),
    /** Heading if it should differ from the title in content/pages.ts. */
    heading: z.string().min(1).optional(),
    /** One or two sentences under the heading. */
    lead: z.string().min(20).max(400),
    image: imageKey.optional(),
    imageAlt: z.string().min(10).optional(),
    /** A leadership message: who speaks. SAMPLE names must be replaced by the school. */
    person: z
      .strictObject({
        name: z.string().min(3),
        role: z.string().min(3),
        qualification: z.string().optional(),
        image: imageKey,
        imageAlt: z.string().min(10),
      })
      .optional(),
    /** Short cards under the lead. */
    highlights: z.array(z.strictObject({ title: z.string().min(2), text: z.string().min(10) })).max(6).optional(),
    /** Pictures shown as a grid after the body, with captions. */
    pictures: z.array(z.strictObject({ image: imageKey, alt: z.string().min(10), caption: z.string().min(3) })).optional(),
    /** Links to the next pages a reader may want. */
    related: z.array(internalLink).max(4).optional(),
  })
  .refine((d) => !d.image === !d.imageAlt, "image and imageAlt go together");

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

const cache = new Map<string, ContentPage>();

/** True when content/pages/<name>.md exists for `path` ("/overview" → overview.md). */
export function hasContentPage(path: string): boolean {
  return `/content/pages${path}.md` in files;
}

/**
 * The content page for `path` from content/pages/<name>.md plus its metadata from
 * content/pages.ts. Throws ContentError when the file is missing or invalid, or its `path`
 * does not match.
 */
export function getContentPage(path: string): ContentPage {
  const cached = cache.get(path);
  if (cached) return cached;
  const file = `/content/pages${path}.md`;
  const raw = files[file];
  if (raw === undefined) throw new ContentError(file, "file not found");
  const { data, html } = parseMarkdown(file, raw, contentPageSchema, { minHeading: 2 });
  if (data.path !== path) throw new ContentError(file, `path "${data.path}" does not match the file name`);
  const seo = pageSeo(path, data.person ? { imageKey: data.person.image, imageAlt: data.person.imageAlt } : data.image ? { imageKey: data.image, imageAlt: data.imageAlt } : {});
  const page: ContentPage = {
    seo,
    heading: data.heading ?? seo.title,
    lead: data.lead,
    image: data.image ? picture(data.image, data.imageAlt ?? "") : undefined,
    person: data.person && {
      name: data.person.name,
      role: data.person.role,
      qualification: data.person.qualification,
      image: picture(data.person.image, data.person.imageAlt),
    },
    highlights: data.highlights ?? [],
    pictures: (data.pictures ?? []).map((p) => ({ ...picture(p.image, p.alt), caption: p.caption })),
    related: data.related ?? [],
    html,
  };
  cache.set(path, page);
  return page;
}

/**
 * A Markdown body for a page built from a typed module (fee, mandatory disclosure, …): the
 * prose of content/pages/<name>.md rendered like any content page.
 */
export function getPageProse(path: string): Pick<ContentPage, "lead" | "html" | "heading" | "related" | "highlights" | "image" | "pictures"> {
  const { lead, html, heading, related, highlights, image, pictures } = getContentPage(path);
  return { lead, html, heading, related, highlights, image, pictures };
}
