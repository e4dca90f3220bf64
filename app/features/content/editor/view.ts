/**
 * What the admin's content screens show of items and revisions (issue 28): titles, kinds and
 * states in words, times in India (en-IN, 12-hour; formatted on the server so the page hydrates
 * as rendered). Pure.
 */
import type { BadgeTone } from "~/components/status-badge";
import type { ContentKind, RevisionAction } from "~/db/content-values";
import { formatDateTime } from "~/lib/dates";
import { KIND_LABELS, itemPath, itemTitle } from "../items";
import type { FieldComparison } from "./diff";

/** How an item's state reads in the admin (store.server.ts ContentStatus). */
export const STATUS_LABELS = {
  draft: { label: "Draft", tone: "grey-strong" },
  published: { label: "Published", tone: "green" },
  changed: { label: "Unpublished changes", tone: "amber" },
} as const satisfies Record<string, { label: string; tone: BadgeTone }>;

export type ItemStatus = keyof typeof STATUS_LABELS;

/** What a revision did, in words. */
export const REVISION_LABELS: Record<RevisionAction, string> = {
  save: "Draft saved",
  publish: "Published",
  unpublish: "Unpublished",
  restore: "Earlier revision restored",
  seed: "Copied from the site's files",
};

/** The item fields the views read (a ContentItem of the store). */
type ItemLike = { id: number; kind: ContentKind; slug: string; draft: Record<string, unknown>; status: ItemStatus; updatedAt: Date; updatedBy: string; publishedAt: Date | null; publishedBy: string | null };

export type ContentRowView = { id: number; title: string; kindLabel: string; status: ItemStatus; savedBy: string; saved: string; href: string };

/** A row of /admin/content. */
export function contentRowView(item: ItemLike): ContentRowView {
  return { id: item.id, title: itemTitle(item.kind, item.draft), kindLabel: KIND_LABELS[item.kind].one, status: item.status, savedBy: item.updatedBy, saved: formatDateTime(item.updatedAt), href: `/admin/content/${item.id}` };
}

export type ItemSummaryView = ContentRowView & {
  kind: ContentKind;
  slug: string;
  /** The public page of a published story, or null (a notice; not published). */
  publicHref: string | null;
  published: string | null;
  publishedBy: string | null;
};

/** The heading facts of an item's editor. */
export function itemSummaryView(item: ItemLike): ItemSummaryView {
  const path = itemPath(item.kind, item.slug);
  return {
    ...contentRowView(item),
    kind: item.kind,
    slug: item.slug,
    publicHref: item.status !== "draft" ? path : null,
    published: item.publishedAt ? formatDateTime(item.publishedAt) : null,
    publishedBy: item.publishedBy,
  };
}

export type RevisionView = { id: number; version: number; action: string; by: string; at: string; current: boolean };

/** A revision as the editor lists it; `current` for the one that is the draft now (`version`). */
export function revisionView(r: { id: number; version: number; action: RevisionAction; authorEmail: string; at: Date }, version: number): RevisionView {
  return { id: r.id, version: r.version, action: REVISION_LABELS[r.action] ?? r.action, by: r.authorEmail, at: formatDateTime(r.at), current: r.version === version };
}

/**
 * The line after a publish: when the published fields show later than `now` (their schedule's
 * start, a notice's own start), from when; otherwise that visitors see it now.
 */
export function publishedLine(published: object | null, now: Date): string {
  const times = published as { publishAt?: string | null; startsAt?: string } | null;
  const later = [times?.publishAt, times?.startsAt]
    .filter((t): t is string => typeof t === "string")
    .map((t) => new Date(t))
    .filter((t) => t > now)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return later ? `Saved and published: it shows on the site from ${formatDateTime(later)}.` : "Saved and published: visitors see it now.";
}

/** The server's rendering of a body: sanitized HTML, or why it cannot be rendered. */
export type BodyPreview = { html: string; problem: string | null };

/** A revision compared with the published version (published at `publishedAt`, India). */
export type ComparisonView = { revision: RevisionView; fields: FieldComparison[]; publishedAt: string };
