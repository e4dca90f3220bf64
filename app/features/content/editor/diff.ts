/**
 * A revision of a content item compared with the published version (issue 28), field by field,
 * as the admin reads it: each field's text before (published) and after (the revision) split into
 * unchanged, removed and added runs. Short fields are compared word by word (jsdiff `diffWords`);
 * the body line by line (`diffLines`), and a changed line that replaces another is compared word
 * by word inside, so a corrected typo marks one word, not a paragraph. Times show in India
 * (en-IN, 12-hour), booleans as Yes/No, a list of words (a page's keywords) one per line. Pure.
 */
import { diffLines, diffWords } from "diff";
import type { ContentKind } from "~/db/content-values";
import { formatDateTime, formatDisplayDate } from "~/lib/dates";
import { kindForm } from "./form-values";

export type DiffPart = { text: string; change: "same" | "added" | "removed" };

export type FieldComparison = {
  /** The field's key (KindForm.labels), e.g. "title", "event.start". */
  key: string;
  label: string;
  changed: boolean;
  /** The runs to show in order; for an unchanged field one "same" run (possibly empty). */
  parts: DiffPart[];
  /** Whether the field is long text or lines (the body, keywords), shown as a block with its line breaks. */
  block: boolean;
};

const INSTANT_KEYS = new Set(["publishAt", "unpublishAt", "startsAt", "endsAt"]);
/** Fields that are days in India: a story's date, a calendar entry's first and last day, an opening's closing and posting days. */
const DAY_KEYS = new Set(["date", "start", "end", "closingDate", "posted"]);

/** The text a field shows in a comparison: "" for none. */
export function displayValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  // An album's photos: one line each, its caption (or description) and the photo.
  if (key === "pictures" && Array.isArray(value)) return value.map((p: { image?: unknown; alt?: unknown; caption?: unknown }) => `${String(p.caption || p.alt || "")} (${String(p.image)})`).join("\n");
  // A list of words (an opening's qualifications, a page's keywords): one per line, as the form shows them.
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value.join("\n");
  if (typeof value !== "string") return JSON.stringify(value);
  try {
    if (INSTANT_KEYS.has(key)) return formatDateTime(new Date(value));
    if (DAY_KEYS.has(key)) return formatDisplayDate(value);
    if (key === "event.start" || key === "event.end") {
      const [day, time] = value.split("T");
      return time ? `${formatDisplayDate(day!)}, ${clockTime(time)}` : formatDisplayDate(day!);
    }
  } catch {
    // A value today's rules would refuse (an old revision): shown as stored.
  }
  return value;
}

/** "09:00" → "9:00 AM", "17:30" → "5:30 PM" (SPEC §9's 12-hour clock). */
function clockTime(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return `${h % 12 || 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/** The value of a dotted `key` ("event.start") in `fields`. */
function valueAt(fields: Record<string, unknown> | null, key: string): unknown {
  return key.split(".").reduce<unknown>((obj, k) => (obj && typeof obj === "object" ? (obj as Record<string, unknown>)[k] : undefined), fields);
}

type Change = { value: string; added?: boolean; removed?: boolean };

const partOf = (c: Change): DiffPart => ({ text: c.value, change: c.added ? "added" : c.removed ? "removed" : "same" });

/** `before` → `after` as runs, word by word. */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map(partOf);
}

/** `before` → `after` as runs, line by line, with a replaced line compared word by word. */
export function textDiff(before: string, after: string): DiffPart[] {
  const changes: Change[] = diffLines(before, after);
  const parts: DiffPart[] = [];
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i]!;
    const next = changes[i + 1];
    if (c.removed && next?.added) {
      parts.push(...wordDiff(c.value, next.value));
      i++;
    } else {
      parts.push(partOf(c));
    }
  }
  return merge(parts);
}

/** Joins neighbouring runs of the same change. */
function merge(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const p of parts) {
    if (!p.text) continue;
    const last = out.at(-1);
    if (last && last.change === p.change) last.text += p.text;
    else out.push({ ...p });
  }
  return out;
}

/**
 * Every field of `kind` in the revision `after` against the published fields `before` (null:
 * nothing published, so everything is added), in the form's order.
 */
export function compareFields(kind: ContentKind, before: Record<string, unknown> | null, after: Record<string, unknown>): FieldComparison[] {
  return Object.entries(kindForm(kind).labels)
    .filter(([key]) => key !== "slug")
    .map(([key, label]) => {
      const a = displayValue(key, valueAt(before, key));
      const b = displayValue(key, valueAt(after, key));
      const block = key === "body" || Array.isArray(valueAt(after, key));
      if (a === b) return { key, label, changed: false, parts: [{ text: b, change: "same" as const }], block };
      return { key, label, changed: true, parts: block ? textDiff(a, b) : merge(wordDiff(a, b)), block };
    });
}
