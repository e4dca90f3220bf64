/**
 * What the admin's content screens read (issue 28): the list's rows, a new item's empty form,
 * an item's editor (its form values, the preview of its text, its revisions and, when asked, one
 * revision compared with the published version), and the preview of a body being typed.
 */
import type { Database } from "~/db/client.server";
import { CONTENT_KINDS, type ContentKind } from "~/db/content-values";
import { formatDateTime } from "~/lib/dates";
import { checkBody, renderEditedMarkdown } from "../markdown-render.server";
import { itemById, listItems, revisionsOf } from "../store.server";
import { compareFields } from "./diff";
import { emptyFormValues, formValuesOf, type AlbumFormValues, type FormValues } from "./form-values";
import { picture } from "../images.server";
import { mediaRef, mediaThumbnail, publicIdOfRef } from "../media";
import { photosByPublicId, photosOfAlbum } from "../media.server";
import { contentRowView, itemSummaryView, publishedLine, revisionView, type BodyPreview, type ComparisonView, type ContentRowView, type ItemSummaryView, type RevisionView } from "./view";

/** How many revisions the editor lists (newest first); older ones stay in the database. */
export const REVISIONS_SHOWN = 50;

/** The kind named by a query value ("news", "notice", "calendar", "opening"), or null. */
export function kindOf(value: string | null): ContentKind | null {
  return CONTENT_KINDS.find((k) => k === value) ?? null;
}

/** The sanitized HTML of a body as the site will show it, or why it cannot be shown (checkBody's words). */
export function previewOf(body: string): BodyPreview {
  const problem = checkBody(body);
  return problem ? { html: "", problem } : { html: renderEditedMarkdown(body, "text"), problem: null };
}

/**
 * An album's form as its editor opens: each photo's thumbnail (an uploaded photo's smallest WebP,
 * a site picture's file; none when it is gone), then the photos uploaded with the album's
 * address as their album that are not in it, unticked, with the words given at upload.
 */
async function albumEditorValues(db: Database, slug: string, values: AlbumFormValues): Promise<AlbumFormValues> {
  const listed = new Set(values.pictures.map((p) => p.image));
  const offered = (await photosOfAlbum(db, slug)).filter((p) => !listed.has(mediaRef(p.publicId)));
  const photos = await photosByPublicId(db, values.pictures.map((p) => publicIdOfRef(p.image)).filter((id): id is string => id !== null));
  const thumbnail = (ref: string): string => {
    const id = publicIdOfRef(ref);
    const photo = id ? photos.get(id) : undefined;
    if (photo) return mediaThumbnail(photo);
    try {
      return id ? "" : picture(ref, "").src;
    } catch {
      return "";
    }
  };
  return {
    ...values,
    pictures: [
      ...values.pictures.map((p) => ({ ...p, thumbnail: thumbnail(p.image) })),
      ...offered.map((p) => ({ image: mediaRef(p.publicId), alt: p.alt, caption: p.caption, include: false, thumbnail: mediaThumbnail(p) })),
    ],
  };
}

/** The rows of /admin/content, of one kind or all. */
export async function contentRows(db: Database, kind: ContentKind | null): Promise<ContentRowView[]> {
  return (await listItems(db, kind ?? undefined)).map(contentRowView);
}

/** The empty form of a new item of `kind`. */
export function newItemData(kind: ContentKind, now: Date): { values: FormValues; preview: BodyPreview } {
  return { values: emptyFormValues(kind, now), preview: { html: "", problem: null } };
}

export type ItemEditorData = {
  item: ItemSummaryView & { version: number; hasPublished: boolean };
  values: FormValues;
  preview: BodyPreview;
  revisions: RevisionView[];
  comparison: ComparisonView | null;
  /** The line after a new item was saved and the browser sent here (`created`: "draft" or "published"). */
  createdLine: string | null;
};

/**
 * The editor of item `id`, with the revision `compareId` compared with the published version
 * when it is one of the item's and something is published, and the line saying what `created`
 * did ("draft", "published": the new item's page came from its first save). Null when there is
 * no such item.
 */
export async function itemEditorData(db: Database, id: number, options: { compareId: number | null; created: string | null; now?: Date }): Promise<ItemEditorData | null> {
  const { compareId, created, now = new Date() } = options;
  const item = await itemById(db, id);
  if (!item) return null;
  const revisions = await revisionsOf(db, item.id);
  const compared = compareId !== null && item.published ? revisions.find((r) => r.id === compareId) : undefined;
  return {
    item: { ...itemSummaryView(item), version: item.version, hasPublished: item.published !== null },
    values: item.kind === "album" ? await albumEditorValues(db, item.slug, formValuesOf("album", item.draft as never, item.slug)) : formValuesOf(item.kind, item.draft as never, item.slug),
    preview: previewOf((item.draft as { body?: string }).body ?? ""),
    revisions: revisions.slice(0, REVISIONS_SHOWN).map((r) => revisionView(r, item.version)),
    comparison: compared
      ? {
          revision: revisionView(compared, item.version),
          fields: compareFields(item.kind, item.published as Record<string, unknown>, compared.data),
          publishedAt: item.publishedAt ? formatDateTime(item.publishedAt) : "",
        }
      : null,
    createdLine: created === "draft" ? "Draft saved." : created === "published" && item.published ? publishedLine(item.published, now) : null,
  };
}
