/**
 * Markdown content under content/ (DESIGN.md §2 "content"): front matter parsed with gray-matter
 * and validated with zod, bodies rendered to HTML with marked. Files are bundled at build time
 * through Vite's import.meta.glob, so a bad file fails the first request (and the unit tests)
 * loudly instead of rendering half a page.
 * Prose may use {{tokens}} (markdown-render.server.ts).
 */
import matter from "gray-matter";
import { z } from "zod";
import { pageFor, PAGES_UPDATED } from "#content/pages";
import { IST_OFFSET } from "~/lib/dates";
import { ContentError, interpolate, interpolateValues, renderMarkdown } from "./markdown-render.server";
import { PUBLIC_IMAGE_PATH } from "./items";

const files = import.meta.glob<string>("/content/**/*.md", { query: "?raw", import: "default", eager: true });

/**
 * Parses one Markdown file: front matter validated against `schema` (tokens filled first),
 * body rendered to HTML. Throws ContentError with the file name and every schema problem.
 */
export function parseMarkdown<S extends z.ZodType>(file: string, raw: string, schema: S, options: { minHeading?: number } = {}): { data: z.output<S>; html: string } {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // An options object turns off gray-matter's cache, which would hand out shared objects.
    parsed = matter(raw, {});
  } catch (error) {
    throw new ContentError(file, `front matter is not valid YAML (${(error as Error).message})`);
  }
  const result = schema.safeParse(interpolateValues(parsed.data, file));
  if (!result.success) throw new ContentError(file, z.prettifyError(result.error));
  return { data: result.data, html: renderMarkdown(interpolate(parsed.content, file), file, options.minHeading) };
}

// Schemas -----------------------------------------------------------------------------------

const imagePath = z.string().regex(PUBLIC_IMAGE_PATH, "must be a file name under /images/");
/** YAML turns an unquoted 2024-05-13 into a Date: accept both, keep the ISO string. */
const isoDate = z.union([z.iso.date(), z.date().transform((d) => d.toISOString().slice(0, 10))]);
const linkLabel = z
  .string()
  .min(8)
  .refine((s) => !/^(read|learn|see|click|more|here|details)(\s+(more|here|details))?$/i.test(s.trim()), "must describe the link target, not just \"read more\"");

export const pillarIds = ["inspire", "empower", "transform", "achieve"] as const;
export type PillarId = (typeof pillarIds)[number];

export const homeSectionSchema = z.strictObject({
  id: z.enum(pillarIds),
  eyebrow: z.string().min(1),
  title: z.string().min(1).max(80),
  image: imagePath,
  imageAlt: z.string().min(1),
  linkLabel,
  highlights: z.array(z.string().min(1)).min(1).max(4),
});

export const calloutSchema = z.strictObject({ id: z.string(), title: z.string().min(1), linkLabel });

export const newsSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lowercase words joined by hyphens"),
  title: z.string().min(1).max(100),
  date: isoDate,
  category: z.enum(["News", "Event"]).default("News"),
  summary: z.string().min(20).max(240),
  image: imagePath,
  imageAlt: z.string(),
  /** For category Event: when and where (ISO date or date-time in India; default place the campus). */
  event: z
    .strictObject({
      start: z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, "must be yyyy-mm-dd or yyyy-mm-ddThh:mm"),
      end: z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/).optional(),
      location: z.string().min(3).optional(),
    })
    .optional(),
});

// Loaders -----------------------------------------------------------------------------------

function fileName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1, -".md".length);
}

function filesUnder(folder: string): [string, string][] {
  return Object.entries(files).filter(([path]) => path.startsWith(`/content/${folder}/`) && !path.slice(`/content/${folder}/`.length).includes("/"));
}

function fileAt(path: string): string {
  const raw = files[path];
  if (raw === undefined) throw new ContentError(path, "file not found");
  return raw;
}

export type HomeSection = Omit<z.output<typeof homeSectionSchema>, "linkLabel"> & {
  link: { label: string; to: string };
  /** Rendered body; may contain h3 and deeper only (the section title is the h2). */
  html: string;
};

// Content is bundled and cannot change while the process runs: parse each file once.
let homeSections: HomeSection[] | undefined;

/**
 * The Inspire, Empower, Transform and Achieve sections of the home page, in that order, from
 * content/home/<id>.md. Throws ContentError when a file is missing, invalid, or its id does not
 * match its file name.
 */
export function getHomeSections(): HomeSection[] {
  homeSections ??= pillarIds.map((id) => {
    const path = `/content/home/${id}.md`;
    const { data, html } = parseMarkdown(path, fileAt(path), homeSectionSchema, { minHeading: 3 });
    if (data.id !== id) throw new ContentError(path, `id "${data.id}" does not match the file name`);
    const { linkLabel: label, ...rest } = data;
    return { ...rest, link: { label, to: `/${id}` }, html };
  });
  return homeSections;
}

export type Callout = { title: string; linkLabel: string; html: string };

/**
 * A short prose block of the home page from content/home/<id>.md (e.g. "admissions" for the
 * apply-now band). Throws ContentError when the file is missing or invalid.
 */
export function getHomeCallout(id: string): Callout {
  const path = `/content/home/${id}.md`;
  const { data, html } = parseMarkdown(path, fileAt(path), calloutSchema, { minHeading: 3 });
  return { title: data.title, linkLabel: data.linkLabel, html };
}

/** A news story or event as its cards and page show it (published.server.ts makes them from the database). */
export type NewsItem = z.output<typeof newsSchema> & {
  /** "13 May 2024" (en-IN, Asia/Kolkata). */
  dateLabel: string;
  /** /news/<slug> */
  href: string;
  /** The picture as pages show it (published.server.ts resolves uploaded photos to their sizes). */
  picture: NewsPicture;
};

/** A story's picture: `src` and the WebP `srcSet` (empty for a site file), its size (px), and an absolute-path JPEG or SVG for JSON-LD and feeds. */
export type NewsPicture = { src: string; srcSet: string; width: number; height: number; social: string };

/**
 * The news stories of content/news/*.md as items of the database (the first start's copy,
 * store.server.ts `seedContent`): their front matter (tokens filled) and their Markdown body as
 * written (tokens kept, filled at render).
 */
export function newsSeedItems(): { kind: "news"; slug: string; fields: Record<string, unknown> }[] {
  return filesUnder("news").map(([path, raw]) => {
    const { data } = parseMarkdown(path, raw, newsSchema, { minHeading: 2 });
    if (data.slug !== fileName(path)) throw new ContentError(path, `slug "${data.slug}" does not match the file name`);
    const { slug, ...fields } = data;
    return { kind: "news" as const, slug, fields: { ...fields, body: matter(raw, {}).content.trim() } };
  });
}

/**
 * The content pages of content/pages/<name>.md as items of the database (the first start's
 * copy): their front matter and Markdown body as written (tokens kept, filled at render), plus
 * the page's title, description and keywords from content/pages.ts, published on its `updated`
 * day (India), so the sitemap's lastmod stays the files' last change. The slug is the path
 * without its slash. Throws ContentError for a file whose `path` is not its name or is not listed
 * in content/pages.ts; its fields are checked by the store (items.ts pageFieldsSchema).
 */
export function pageSeedItems(): { kind: "page"; slug: string; fields: Record<string, unknown>; publishedAt: Date }[] {
  return filesUnder("pages").map(([path, raw]) => {
    const { data, content } = matter(raw, {});
    const { path: route, ...front } = data as { path?: unknown };
    if (route !== `/${fileName(path)}`) throw new ContentError(path, `path "${String(route)}" does not match the file name`);
    const entry = pageFor(route);
    if (!entry) throw new ContentError(path, `no entry for ${route} in content/pages.ts`);
    const fields = { title: entry.title, description: entry.description, keywords: entry.keywords ?? [], ...front, body: content.trim() };
    return { kind: "page" as const, slug: fileName(path), fields, publishedAt: new Date(`${entry.updated ?? PAGES_UPDATED}T00:00:00${IST_OFFSET}`) };
  });
}
