/**
 * Markdown to HTML for the site's content: the files under content/ (markdown.server.ts) and the
 * bodies written in the admin (issue 28), with {{tokens}} such as {{name}} or
 * {{figures.cbseResults}} filled from content/school.ts, so school facts are written in one place
 * only. No Vite-only imports here: scripts and other processes may use it.
 */
import { Marked, type Token } from "marked";
import sanitizeHtml from "sanitize-html";
import { school } from "#content/school";
import { admissionsSession } from "#content/calendar";

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

/** `interpolate` applied to every string inside `value` (front matter). */
export function interpolateValues(value: unknown, file: string): unknown {
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
  return problemOf(() => renderEditedMarkdown(markdown, "text"));
}

/** Why a line written in the admin (a page's title, lead, …) cannot be shown (an unknown {{token}}), or null when it can. */
export function checkTokens(value: unknown): string | null {
  return problemOf(() => interpolateValues(value, "text"));
}

/** The editor's words for the ContentError `render` throws, or null when it throws none. */
function problemOf(render: () => unknown): string | null {
  try {
    render();
    return null;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return error.message
      .replace(/^text: /, "")
      .replace(/^unknown token (\{\{[^}]+\}\})$/, "$1 is not a school fact this site knows: remove it or check its spelling")
      .replace(/^heading level 1 "(.*)" is not allowed here \(use level 2 or deeper\)$/, 'The heading "$1" uses level 1, which is the page\'s own title: start headings at level 2 (## )');
  }
}
