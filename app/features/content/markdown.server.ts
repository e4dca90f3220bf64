/**
 * Markdown content under content/ (DESIGN.md §2 "content"): front matter parsed with gray-matter
 * and validated with zod, bodies rendered to HTML with marked. Files are bundled at build time
 * through Vite's import.meta.glob, so a bad file fails the first request (and the unit tests)
 * loudly instead of rendering half a page.
 *
 * Prose may use {{tokens}} such as {{name}} or {{figures.cbseResults}}: they are filled from
 * content/school.ts, so school facts are written in one place only.
 */
import matter from "gray-matter";
import sanitizeHtml from "sanitize-html";
import { Marked, type Token } from "marked";
import { z } from "zod";
import { school } from "#content/school";
import { admissionsSession } from "#content/calendar";
import { formatDisplayDate } from "~/lib/dates";

const files = import.meta.glob<string>("/content/**/*.md", { query: "?raw", import: "default", eager: true });

/** A content file that is missing or does not match its schema. The message names the file. */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file}: ${detail}`);
    this.name = "ContentError";
  }
}

const tokenValues: Record<string, unknown> = { ...school, admissionsSession };

/**
 * Replaces {{dotted.path}} tokens with values from the school facts. Throws ContentError for a
 * token that names no string or number, so a typo never reaches a parent's screen.
 */
export function interpolate(text: string, file: string): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => {
    const value = path.split(".").reduce<unknown>((obj, key) => (obj && typeof obj === "object" ? (obj as Record<string, unknown>)[key] : undefined), tokenValues);
    if (typeof value !== "string" && typeof value !== "number") throw new ContentError(file, `unknown token {{${path}}}`);
    return String(value);
  });
}

function interpolateValues(value: unknown, file: string): unknown {
  if (typeof value === "string") return interpolate(value, file);
  if (Array.isArray(value)) return value.map((v) => interpolateValues(v, file));
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateValues(v, file)]));
  }
  return value;
}

const marked = new Marked({ gfm: true });

/**
 * Renders Markdown to HTML, dropping <!-- editor comments -->. Headings shallower than `minHeading` throw ContentError: a body
 * sits under the page's own heading, and skipped or repeated top levels break the outline.
 */
export function renderMarkdown(markdown: string, file: string, minHeading = 2): string {
  // <!-- comments --> are notes for the school's editors, not for the page.
  const tokens = marked.lexer(markdown.replace(/<!--[\s\S]*?-->\n?/g, ""));
  marked.walkTokens(tokens, (token: Token) => {
    if (token.type === "heading" && token.depth < minHeading) {
      throw new ContentError(file, `heading level ${token.depth} "${token.text}" is not allowed here (use level ${minHeading} or deeper)`);
    }
  });
  return marked.parser(tokens);
}

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

const imagePath = z.string().regex(/^\/images\/[a-z0-9-]+\.(svg|png|webp|avif|jpg)$/, "must be a file name under /images/");
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
let news: (NewsItem & { html: string })[] | undefined;

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

export type NewsItem = z.output<typeof newsSchema> & {
  /** "13 May 2024" (en-IN, Asia/Kolkata). */
  dateLabel: string;
  /** /news/<slug> */
  href: string;
};

function loadNews(): (NewsItem & { html: string })[] {
  news ??= filesUnder("news")
    .map(([path, raw]) => {
      const { data, html } = parseMarkdown(path, raw, newsSchema, { minHeading: 2 });
      if (data.slug !== fileName(path)) throw new ContentError(path, `slug "${data.slug}" does not match the file name`);
      return { ...data, dateLabel: formatDisplayDate(data.date), href: `/news/${data.slug}`, html };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return news;
}

/**
 * News and events from content/news/*.md, newest first, without their bodies (for cards).
 * `limit` caps the count. Throws ContentError when any news file is invalid.
 */
export function getNewsItems(limit = Infinity): NewsItem[] {
  return loadNews()
    .slice(0, limit)
    .map(({ html: _html, ...item }) => item);
}

/**
 * One news article with its rendered body (h2 and deeper; the page title is the h1), or null
 * when no file has that slug. Throws ContentError when any news file is invalid.
 */
export function getNewsArticle(slug: string): (NewsItem & { html: string }) | null {
  return loadNews().find((item) => item.slug === slug) ?? null;
}

// Content edited in the admin ------------------------------------------------------------------

/**
 * What the HTML of a body written in the admin may contain (issue 28): text structure, links
 * (http, https, mailto, tel, or the site's own paths) and pictures of the site. Anything else,
 * a script tag included, is escaped and shows as text: an editor's account cannot place a script
 * (OWASP XSS Prevention Cheat Sheet, "HTML sanitization").
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ["h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "strong", "em", "b", "i", "u", "s", "del", "sub", "sup", "blockquote", "code", "pre", "ul", "ol", "li", "a", "img", "figure", "figcaption", "table", "thead", "tbody", "tr", "th", "td"],
  allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "width", "height", "loading", "decoding"], th: ["scope", "colspan", "rowspan"], td: ["colspan", "rowspan"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: "recursiveEscape",
  transformTags: { img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async" } }) },
  exclusiveFilter: (frame) => frame.tag === "img" && !/^\/(images|media)\//.test(frame.attribs.src ?? ""),
};

/**
 * The HTML of a Markdown body written in the admin: {{tokens}} filled from the school facts,
 * rendered with headings from h2 (the page title is the h1), then sanitised (SANITIZE). Throws
 * ContentError for an unknown token or an h1 (`checkBody` says which before anything is saved).
 */
export function renderEditedMarkdown(markdown: string, name: string): string {
  return sanitizeHtml(renderMarkdown(interpolate(markdown, name), name, 2), SANITIZE);
}

/** Why a body written in the admin cannot be rendered (an unknown {{token}}, a top-level heading), or null when it can. */
export function checkBody(markdown: string): string | null {
  try {
    renderEditedMarkdown(markdown, "text");
    return null;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return error.message
      .replace(/^text: /, "")
      .replace(/^unknown token (\{\{[^}]+\}\})$/, "$1 is not a school fact this site knows: remove it or check its spelling")
      .replace(/^heading level 1 "(.*)" is not allowed here \(use level 2 or deeper\)$/, 'The heading "$1" uses level 1, which is the page\'s own title: start headings at level 2 (## )');
  }
}

/**
 * The news stories of content/news/*.md as items of the database (the first start's copy,
 * store.server.ts `seedContent`): their front matter (tokens filled) and their Markdown body as
 * written (tokens kept, filled at render).
 */
export function newsSeedItems(): { kind: "news"; slug: string; fields: Record<string, unknown> }[] {
  return filesUnder("news").map(([path, raw]) => {
    const { data } = parseMarkdown(path, raw, newsSchema, { minHeading: 2 });
    const { slug, ...fields } = data;
    return { kind: "news" as const, slug, fields: { ...fields, body: matter(raw, {}).content.trim() } };
  });
}
