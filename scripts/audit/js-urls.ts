/**
 * Finds the JavaScript a page loads on first visit, from its HTML alone (no browser): classic
 * and module `<script src>`, `<link rel="modulepreload">`, and the modules that inline
 * `<script type="module">` blocks import (React Router inlines
 * `import * as route0 from "/assets/root-….js"` and `import("/assets/entry.client-….js")`).
 */

/** Attributes of one HTML start tag, lower-cased names, values with `&amp;`-style entities decoded. */
export function parseAttributes(tagSource: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const inner = tagSource.replace(/^<\s*[\w-]+/, "").replace(/\/?>$/, "");
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of inner.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    if (name in attributes) continue; // HTML keeps the first occurrence
    attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

/** Decodes the few character references that appear in URLs (`&amp;`, `&quot;`, `&#39;`, numeric). */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt);/gi, (_all, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" }[lower] ?? "";
  });
}

/**
 * Module specifiers in JS source: `import … from "x"`, `import "x"`, `export … from "x"` and,
 * unless `{ dynamic: false }`, `import("x")`.
 */
export function moduleSpecifiers(source: string, { dynamic = true } = {}): string[] {
  const found: string[] = [];
  const staticPattern = /\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?(["'])([^"'\n]+)\1/g;
  const dynamicPattern = /\bimport\s*\(\s*(["'])([^"'\n]+)\1\s*\)/g;
  for (const match of source.matchAll(staticPattern)) found.push(match[2]!);
  if (dynamic) for (const match of source.matchAll(dynamicPattern)) found.push(match[2]!);
  return found;
}

/** True for specifiers a browser resolves without an import map ("/x", "./x", "../x", "https://…"). */
export function isUrlLike(specifier: string): boolean {
  return /^(?:\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(specifier);
}

/**
 * Absolute URLs of the same-origin JavaScript the HTML of `pageUrl` loads, de-duplicated, in
 * document order. Ignores other origins, `data:` URLs and non-JS script types (e.g. JSON-LD).
 */
export function extractJsUrls(html: string, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const candidates: string[] = [];
  const tagPattern = /<script\b[^>]*>([\s\S]*?)<\/script\s*>|<link\b[^>]*>/gi;
  for (const match of html.matchAll(tagPattern)) {
    const tag = match[0].match(/^<[^>]*>/)![0];
    const attributes = parseAttributes(tag);
    if (tag.toLowerCase().startsWith("<link")) {
      const rel = (attributes.rel ?? "").toLowerCase().split(/\s+/);
      if (rel.includes("modulepreload") && attributes.href) candidates.push(attributes.href);
      continue;
    }
    const type = (attributes.type ?? "").trim().toLowerCase();
    const isJs = type === "" || type === "module" || type.includes("javascript") || type.includes("ecmascript");
    if (!isJs) continue;
    if (attributes.src !== undefined) candidates.push(attributes.src);
    else if (type === "module") candidates.push(...moduleSpecifiers(match[1] ?? "").filter(isUrlLike));
  }
  const urls: string[] = [];
  for (const candidate of candidates) {
    let url: URL;
    try {
      url = new URL(candidate, pageUrl);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    url.hash = "";
    if (!urls.includes(url.href)) urls.push(url.href);
  }
  return urls;
}
