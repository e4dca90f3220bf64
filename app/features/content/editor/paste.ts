/**
 * Text pasted into the body editor from Word or Google Docs (issue 28): the clipboard's
 * text/html made into the Markdown the body is stored in, with turndown. What the page would
 * not keep is dropped: Word's mso styles, classes, comments and conditional comments, spans,
 * fonts and colours, pictures (they live on the pasting computer), scripts and styles. What the
 * writer meant is kept: paragraphs, headings (a level-1 heading becomes level 2, since the page
 * title is the only h1), bold and italic (Google Docs marks them with a span's style, Word with
 * <b>/<i>), links, and lists (Word pastes each item as a paragraph with a bullet or number
 * written in a `mso-list:Ignore` span; Google Docs as real lists). Non-breaking spaces become
 * spaces. Loaded by the editor only when someone pastes (turndown is ~8 KB gzip).
 *
 * Sources: turndown's rules API (github.com/mixmark-io/turndown); Word's HTML clipboard format
 * as Chromium receives it (`MsoListParagraphCxSp…`, `mso-list:l0 level1 lfo1`); Google Docs'
 * wrapper `<b id="docs-internal-guid-…" style="font-weight:normal">`.
 */
import TurndownService from "turndown";

type Node = TurndownService.Node;

const attribute = (node: Node, name: string): string => (node as HTMLElement).getAttribute?.(name) ?? "";
const styleOf = (node: Node): string => attribute(node, "style").toLowerCase().replace(/\s+/g, "");
const classOf = (node: Node): string => attribute(node, "class");

/** A style declaration `name:value` at the start of the style or after a `;` (so mso-bidi-font-weight does not count). */
const declares = (style: string, pattern: RegExp) => new RegExp(`(^|;)${pattern.source}`).test(style);

/** Word's list paragraph: its level (1…), and whether it is numbered, from the marker Word wrote. */
function wordListItem(node: Node): { level: number; ordered: boolean } | null {
  if (node.nodeName !== "P") return null;
  const style = styleOf(node);
  if (!/mso-list:/.test(style) || /mso-list:ignore/.test(style)) return null;
  const level = Number(/level(\d+)/.exec(style)?.[1] ?? 1);
  // Array.from: turndown's parser on the server (domino) gives lists that are not iterable.
  const marker = Array.from(node.querySelectorAll("span")).find((s) => /mso-list:ignore/.test(styleOf(s as Node)))?.textContent ?? "";
  return { level, ordered: /^\s*([0-9]+|[a-z]{1,4})[.)]/i.test(marker) };
}

const service = new TurndownService({ headingStyle: "atx", bulletListMarker: "-", codeBlockStyle: "fenced", emDelimiter: "*", strongDelimiter: "**", hr: "---" });

// Nothing of these reaches the text: markup of the source program, and pictures of the pasting computer.
service.remove(["style", "script", "meta", "link", "title", "head", "xml", "img", "picture", "svg", "object", "iframe", "video", "audio", "canvas", "button", "input", "select", "textarea"] as TurndownService.Filter);

service.addRule("pictures", {
  // A pasted picture points at the pasting computer or the source program: the gallery brings pictures.
  filter: ["img", "picture", "svg" as "img"],
  replacement: () => "",
});

service.addRule("list-item", {
  // "- item" and "1. item" with one space (turndown's own rule writes three), items on
  // consecutive lines even when each holds a paragraph (Google Docs), continuation lines indented
  // to the item's text.
  filter: "li",
  replacement: (content, node) => {
    const parent = node.parentNode as HTMLElement | null;
    let prefix = "- ";
    if (parent?.nodeName === "OL") {
      const start = Number(parent.getAttribute("start") ?? 1) || 1;
      prefix = `${start + Array.prototype.indexOf.call(parent.children, node)}. `;
    }
    const text = content.replace(/^\n+/, "").replace(/\n+$/, "").replace(/\n/g, `\n${" ".repeat(prefix.length)}`);
    return `${prefix}${text}${node.nextSibling ? "\n" : ""}`;
  },
});

service.addRule("word-list-marker", {
  // The bullet or number Word writes before each list item, and Word's comment marks and list.
  filter: (node) => {
    const style = styleOf(node);
    return /mso-list:ignore/.test(style) || /mso-element:comment/.test(style) || /msocom/i.test(classOf(node)) || /MsoCommentReference/.test(classOf(node));
  },
  replacement: () => "",
});

service.addRule("word-list-item", {
  filter: (node) => wordListItem(node) !== null,
  replacement: (content, node) => {
    const item = wordListItem(node)!;
    const indent = "    ".repeat(Math.max(0, item.level - 1));
    return `\n${indent}${item.ordered ? "1." : "-"} ${content.trim()}\n`;
  },
});

service.addRule("heading-below-title", {
  filter: ["h1"],
  replacement: (content) => `\n\n## ${content.trim()}\n\n`,
});

service.addRule("google-docs-wrapper", {
  // Google Docs wraps the whole copy in a <b> whose style undoes the bold.
  filter: (node) => node.nodeName === "B" && (/^docs-internal-guid/.test(attribute(node, "id")) || declares(styleOf(node), /font-weight:(normal|400)/)),
  replacement: (content) => content,
});

service.addRule("styled-emphasis", {
  // Google Docs' bold and italic are spans with a style; other spans are just their text.
  filter: (node) => node.nodeName === "SPAN" && (declares(styleOf(node), /font-weight:(bold|[6-9]00)/) || declares(styleOf(node), /font-style:italic/)),
  replacement: (content, node) => {
    const text = content.trim();
    if (!text) return content;
    const style = styleOf(node);
    const bold = declares(style, /font-weight:(bold|[6-9]00)/);
    const italic = declares(style, /font-style:italic/);
    const marked = `${bold ? "**" : ""}${italic ? "*" : ""}${text}${italic ? "*" : ""}${bold ? "**" : ""}`;
    // Spaces inside the span stay outside the markers, or the emphasis would not be read.
    return content.replace(text, marked);
  },
});

/**
 * The Markdown of pasted HTML (the clipboard's text/html), tidied: at most one blank line in a
 * row, no spaces at line ends, no non-breaking spaces. "" when nothing readable is left.
 */
export function markdownOfPastedHtml(html: string): string {
  // Word's conditional comments (<![if !supportLists]>) are not comments to every parser.
  const cleaned = html.replace(/<!\[(end)?if[^>]*\]>/gi, "").replace(/<!--[\s\S]*?-->/g, "");
  return service
    .turndown(cleaned)
    .replace(/\u00a0/g, " ")
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
