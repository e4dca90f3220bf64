/**
 * What the body editor's toolbar buttons do to the Markdown text (issue 28): each button turns
 * the text and the selection into one edit (replace `from`…`to` with `insert`, then select
 * `selectFrom`…`selectTo`), which the editor applies as typing, so the browser's undo still
 * works. Bold and italic wrap the selection (or a placeholder) and unwrap it when pressed again;
 * headings and lists prefix every selected line and take the prefix off when pressed again; a
 * link wraps the selection as its text (or as its address when the selection is one). The
 * Markdown is CommonMark/GFM, what markdown.server.ts renders. Pure.
 */

export const FORMATS = ["bold", "italic", "h2", "h3", "bullets", "numbers", "link"] as const;
export type Format = (typeof FORMATS)[number];

/** Replace `from`…`to` with `insert`; afterwards select `selectFrom`…`selectTo` (positions in the new text). */
export type TextEdit = { from: number; to: number; insert: string; selectFrom: number; selectTo: number };

/** The text after `edit`. */
export function applyEdit(value: string, edit: TextEdit): string {
  return value.slice(0, edit.from) + edit.insert + value.slice(edit.to);
}

const PLACEHOLDER = { bold: "bold text", italic: "italic text", link: "link text" } as const;
const MARKER = { bold: "**", italic: "*" } as const;

/** The edit a toolbar button makes to `value` with `start`…`end` selected. */
export function formatEdit(value: string, start: number, end: number, format: Format): TextEdit {
  const [from, to] = start <= end ? [start, end] : [end, start];
  switch (format) {
    case "bold":
    case "italic":
      return emphasis(value, from, to, format);
    case "link":
      return link(value, from, to);
    case "h2":
    case "h3":
      return lines(value, from, to, (ls) => heading(ls, format === "h2" ? 2 : 3));
    case "bullets":
      return lines(value, from, to, bullets);
    case "numbers":
      return lines(value, from, to, numbers);
  }
}

/** How many `*` end `text` (before the selection) or start it (after). */
const starsAtEnd = (text: string) => /\**$/.exec(text)![0].length;
const starsAtStart = (text: string) => /^\**/.exec(text)![0].length;

function emphasis(value: string, from: number, to: number, format: "bold" | "italic"): TextEdit {
  const marker = MARKER[format];
  // Spaces selected at either end (a double-click takes the space after a word) stay outside.
  const selected = value.slice(from, to);
  const lead = /^\s*/.exec(selected)![0].length;
  const trail = selected.trim() ? /\s*$/.exec(selected)![0].length : 0;
  const [a, b] = [from + lead, to - trail];
  const inner = value.slice(a, b);
  // Pressed again: the markers around (or at the ends of) the selection come off.
  const shared = Math.min(starsAtEnd(value.slice(0, a)), starsAtStart(value.slice(b)));
  const has = (n: number) => (format === "bold" ? n >= 2 : n === 1 || n >= 3);
  if (inner && has(shared)) {
    return { from: a - marker.length, to: b + marker.length, insert: inner, selectFrom: a - marker.length, selectTo: b - marker.length };
  }
  const own = Math.min(starsAtStart(inner), starsAtEnd(inner));
  if (inner.length > 2 * marker.length && has(own)) {
    const bare = inner.slice(marker.length, -marker.length);
    return { from: a, to: b, insert: bare, selectFrom: a, selectTo: a + bare.length };
  }
  if (!inner) {
    const text = PLACEHOLDER[format];
    return { from: a, to: b, insert: `${marker}${text}${marker}`, selectFrom: a + marker.length, selectTo: a + marker.length + text.length };
  }
  // Emphasis stops at a line end: each line of a longer selection is wrapped on its own.
  const insert = inner
    .split("\n")
    .map((line) => (line.trim() ? line.replace(/^(\s*)(.*?)(\s*)$/, `$1${marker}$2${marker}$3`) : line))
    .join("\n");
  return inner.includes("\n")
    ? { from: a, to: b, insert, selectFrom: a, selectTo: a + insert.length }
    : { from: a, to: b, insert, selectFrom: a + marker.length, selectTo: a + marker.length + inner.length };
}

function link(value: string, from: number, to: number): TextEdit {
  const selected = value.slice(from, to).trim();
  if (/^(https?:\/\/|mailto:|tel:|\/)\S*$/.test(selected)) {
    const insert = `[${PLACEHOLDER.link}](${selected})`;
    return { from, to, insert, selectFrom: from + 1, selectTo: from + 1 + PLACEHOLDER.link.length };
  }
  const text = selected || PLACEHOLDER.link;
  const insert = `[${text}](https://)`;
  // With text chosen the address is what is left to type; without, the text first.
  return selected
    ? { from, to, insert, selectFrom: from + text.length + 3, selectTo: from + insert.length - 1 }
    : { from, to, insert, selectFrom: from + 1, selectTo: from + 1 + text.length };
}

/** Applies `change` to every line the selection touches; the changed lines stay selected. */
function lines(value: string, from: number, to: number, change: (lines: string[]) => string[]): TextEdit {
  const lineStart = value.lastIndexOf("\n", from - 1) + 1;
  // A selection ending just after a line break does not take in the next line.
  const last = to > from && value[to - 1] === "\n" ? to - 1 : to;
  const nextBreak = value.indexOf("\n", last);
  const lineEnd = nextBreak === -1 ? value.length : nextBreak;
  const before = value.slice(lineStart, lineEnd).split("\n");
  const insert = change(before).join("\n");
  // A caret on one line stays a caret, at the end of that line's new prefix or text.
  if (from === to && before.length === 1) {
    const caret = lineStart + insert.length - (before[0]!.length - (from - lineStart));
    return { from: lineStart, to: lineEnd, insert, selectFrom: Math.max(lineStart, caret), selectTo: Math.max(lineStart, caret) };
  }
  return { from: lineStart, to: lineEnd, insert, selectFrom: lineStart, selectTo: lineStart + insert.length };
}

const HEADING = /^#{1,6}\s+/;
const BULLET = /^\s*[-*+]\s+/;
const NUMBER = /^\s*\d+[.)]\s+/;
const filled = (ls: string[]) => ls.filter((l) => l.trim());
/** A line without the heading or list prefix it had. */
const bare = (line: string) => line.replace(HEADING, "").replace(BULLET, "").replace(NUMBER, "");

function heading(ls: string[], level: 2 | 3): string[] {
  const prefix = `${"#".repeat(level)} `;
  const already = filled(ls).length > 0 && filled(ls).every((l) => l.startsWith(prefix) && !l.startsWith(`${prefix.trim()}#`));
  if (ls.length === 1 && !ls[0]!.trim()) return [prefix];
  return ls.map((l) => (!l.trim() ? l : already ? l.slice(prefix.length) : prefix + bare(l)));
}

function bullets(ls: string[]): string[] {
  if (ls.length === 1 && !ls[0]!.trim()) return ["- "];
  const already = filled(ls).length > 0 && filled(ls).every((l) => BULLET.test(l));
  return ls.map((l) => (!l.trim() ? l : already ? l.replace(BULLET, "") : `- ${bare(l)}`));
}

function numbers(ls: string[]): string[] {
  if (ls.length === 1 && !ls[0]!.trim()) return ["1. "];
  const already = filled(ls).length > 0 && filled(ls).every((l) => NUMBER.test(l));
  let n = 0;
  return ls.map((l) => (!l.trim() ? l : already ? l.replace(NUMBER, "") : `${++n}. ${bare(l)}`));
}

/**
 * The edit that puts a picture `![alt](src)` at the cursor (replacing a selection) as a paragraph
 * of its own, with blank lines around it where the text has none; the alt text is selected, so
 * it can be written at once when the photo has none ("Describe the picture").
 */
export function pictureEdit(value: string, start: number, end: number, picture: { src: string; alt: string }): TextEdit {
  const [from, to] = start <= end ? [start, end] : [end, start];
  const before = value.slice(0, from);
  const after = value.slice(to);
  const alt = picture.alt.replace(/[[\]\n]/g, " ").trim() || "Describe the picture";
  const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const tail = after === "" || after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
  const insert = `${lead}![${alt}](${picture.src})${tail}`;
  const altStart = from + lead.length + 2;
  return { from, to, insert, selectFrom: altStart, selectTo: altStart + alt.length };
}
