/**
 * The school's own photos on the server (issue 28; DESIGN.md §2 "uploads and images"; the rules
 * are in media.ts): taking one upload, its sizes on disk, its row, editing and deleting it.
 *
 * An upload is checked in the order that costs least first (OWASP File Upload Cheat Sheet:
 * "File size limits", "File content validation", "Image rewriting"): its bytes (MAX_PHOTO_BYTES;
 * the route has refused a larger body before reading it, app/lib/request-body.server.ts), its
 * signature (JPEG, PNG or WebP by content, never by name), its header (pixel and side bounds,
 * read before any pixel is decoded), then its pixels in the bounded image queue
 * (app/lib/images.server.ts `renderVariants`). What is kept is only what that rewriting made:
 * every size re-encoded, orientation applied, sRGB, no metadata (EXIF with GPS positions,
 * XMP, IPTC). The file as sent is never stored.
 *
 * Files go under DATA_DIR/documents/content/ (backed up with DATA_DIR/documents,
 * app/db/backup.server.ts), each written to a temporary name and renamed. The row (and its audit
 * row, "content_image.upload", in the same transaction) is written only once every file is in
 * place; when the insert fails the files are removed, so there is never a row without its files.
 * Deleting removes the row first (with its audit row), then the files.
 *
 * Permissions are the routes' (content.edit); these functions trust their caller for them.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { DOCUMENTS_DIR } from "~/db/backup.server";
import { contentImages, contentItems } from "~/db/schema/content";
import { recordAudit, recordChange, type Actor } from "~/core/audit/audit.server";
import { getConfig } from "~/lib/config.server";
import { writeFileWhole } from "~/lib/files.server";
import { sniffImage } from "~/lib/images";
import { renderVariants } from "~/lib/images.server";
import { MAX_PHOTO_BYTES, PHOTO_FORMATS, PUBLIC_ID_PATTERN, mediaFileName, mediaFileNames, mediaRef, variantPlan, type PhotoFields, type PhotoProblem } from "./media";

export type ContentImageRow = typeof contentImages.$inferSelect;

/** The folder of the photos' files (absolute): DATA_DIR/documents/content. */
export function mediaDir(dataDir = getConfig().dataDir): string {
  return path.join(dataDir, DOCUMENTS_DIR, "content");
}

/** One photo as sent: its bytes (already within the route's body limit) and what the editor wrote. */
export type PhotoUpload = { bytes: Uint8Array; fields: PhotoFields };

export type UploadResult = { ok: true; image: ContentImageRow } | { ok: false; problem: PhotoProblem };

/** The fields of a row the audit log keeps. */
const audited = (row: ContentImageRow) => ({ alt: row.alt, caption: row.caption, album: row.album, width: row.width, height: row.height, widths: row.widths, bytes: row.bytes });

/**
 * Takes one photo: checks it (bytes: `empty`, `too_large_bytes` over MAX_PHOTO_BYTES;
 * content: `not_a_picture`; header: `too_many_pixels`, `too_large_progressive`, `unreadable`;
 * pixels: `unreadable`; queue: `busy`), makes its sizes (media.ts `variantPlan`: AVIF and WebP
 * at each served width up to the photo's own, the social JPEG ≤ 1,200 px), writes them under
 * `dir`, then the row and its audit row "content_image.upload" by `actor` in one transaction.
 * Resolves the row, or the refusal (nothing written). Rejects only when the file system or the
 * database fails, after removing the files it wrote.
 */
export async function uploadPhoto(db: Database, upload: PhotoUpload, actor: Actor, dir = mediaDir()): Promise<UploadResult> {
  const { bytes, fields } = upload;
  if (bytes.byteLength === 0) return { ok: false, problem: "empty" };
  if (bytes.byteLength > MAX_PHOTO_BYTES) return { ok: false, problem: "too_large_bytes" };
  const format = sniffImage(bytes.subarray(0, 12), PHOTO_FORMATS);
  if (!format) return { ok: false, problem: "not_a_picture" };
  const rendered = await renderVariants(bytes, format, (oriented) => variantPlan(oriented.width));
  if (!rendered.ok) return rendered;

  const publicId = randomBytes(16).toString("hex");
  const written: string[] = [];
  const removeWritten = () => Promise.all(written.map((name) => rm(path.join(dir, name), { force: true }).catch(() => undefined)));
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    for (const variant of rendered.variants) {
      const name = mediaFileName(publicId, variant);
      written.push(name);
      await writeFileWhole(dir, name, variant.data);
    }
    const served = rendered.variants.filter((v) => v.format !== "jpeg");
    const largest = served.reduce((a, b) => (b.width > a.width ? b : a));
    const image = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contentImages)
        .values({
          publicId,
          alt: fields.alt,
          caption: fields.caption,
          album: fields.album,
          width: largest.width,
          height: largest.height,
          widths: [...new Set(served.map((v) => v.width))].sort((a, b) => a - b),
          bytes: bytes.byteLength,
          uploadedBy: actor.email,
        })
        .returning();
      await recordAudit(tx, { actor, action: "content_image.upload", entity: "content_image", entityId: publicId, after: audited(row!) });
      return row!;
    });
    return { ok: true, image };
  } catch (error) {
    await removeWritten();
    throw error;
  }
}

/** Every photo, newest first. */
export async function listPhotos(db: Database): Promise<ContentImageRow[]> {
  return db.select().from(contentImages).orderBy(desc(contentImages.uploadedAt), desc(contentImages.id));
}

/** The photos uploaded with `album` as their album, oldest first (the order they were taken in, usually). */
export async function photosOfAlbum(db: Database, album: string): Promise<ContentImageRow[]> {
  return db.select().from(contentImages).where(eq(contentImages.album, album)).orderBy(asc(contentImages.uploadedAt), asc(contentImages.id));
}

/**
 * The rows of the photos with these public ids (ids that are not ours, or not stored, are
 * left out), by public id: what a page needs to render the "/media/<id>" pictures it refers to
 * (media.ts `mediaSources`, `mediaPicture`).
 */
export async function photosByPublicId(db: Database, publicIds: readonly string[]): Promise<Map<string, ContentImageRow>> {
  const ids = [...new Set(publicIds)].filter((id) => PUBLIC_ID_PATTERN.test(id));
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(contentImages).where(inArray(contentImages.publicId, ids));
  return new Map(rows.map((r) => [r.publicId, r]));
}

/**
 * Changes a photo's alt text, caption and album (already checked with media.ts
 * `photoFieldsSchema`), with the audit row "content_image.update" (only when something
 * changed). Resolves the row, or null when there is no such photo.
 */
export async function updatePhoto(db: Database, publicId: string, fields: PhotoFields, actor: Actor): Promise<ContentImageRow | null> {
  if (!PUBLIC_ID_PATTERN.test(publicId)) return null;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contentImages).where(eq(contentImages.publicId, publicId)).for("update");
    if (!current) return null;
    const [row] = await tx.update(contentImages).set({ alt: fields.alt, caption: fields.caption, album: fields.album }).where(eq(contentImages.id, current.id)).returning();
    const pick = (r: ContentImageRow) => ({ alt: r.alt, caption: r.caption, album: r.album });
    await recordChange(tx, { actor, action: "content_image.update", entity: "content_image", entityId: publicId, before: pick(current), after: pick(row!) });
    return row!;
  });
}

/** A content item that shows a photo (in its draft or its published fields): its kind and slug. */
export type PhotoUse = { kind: string; slug: string; locale: string };

/** The content items whose draft or published fields refer to the photo (its "/media/<id>" or any of its files). */
export async function photoUses(db: Database, publicId: string): Promise<PhotoUse[]> {
  if (!PUBLIC_ID_PATTERN.test(publicId)) return [];
  // The id is hex: nothing in it is special to LIKE.
  const pattern = `%${mediaRef(publicId)}%`;
  return db
    .select({ kind: contentItems.kind, slug: contentItems.slug, locale: contentItems.locale })
    .from(contentItems)
    .where(or(sql`${contentItems.draft}::text LIKE ${pattern}`, sql`${contentItems.published}::text LIKE ${pattern}`))
    .orderBy(contentItems.kind, contentItems.slug);
}

export type DeleteResult = { ok: true } | { ok: false; reason: "missing" } | { ok: false; reason: "in_use"; uses: PhotoUse[] };

/**
 * Deletes a photo: refused while a content item's draft or published fields refer to it
 * (`in_use`, naming them: a page must never show a broken picture); otherwise the row and its
 * audit row "content_image.delete" in one transaction, then its files under `dir` (a file
 * that cannot be removed is left behind: no page can reach it any more).
 */
export async function deletePhoto(db: Database, publicId: string, actor: Actor, dir = mediaDir()): Promise<DeleteResult> {
  if (!PUBLIC_ID_PATTERN.test(publicId)) return { ok: false, reason: "missing" };
  const uses = await photoUses(db, publicId);
  if (uses.length > 0) return { ok: false, reason: "in_use", uses };
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(contentImages).where(eq(contentImages.publicId, publicId)).returning();
    if (row) await recordAudit(tx, { actor, action: "content_image.delete", entity: "content_image", entityId: publicId, before: audited(row), after: null });
    return row ?? null;
  });
  if (!removed) return { ok: false, reason: "missing" };
  await Promise.all(mediaFileNames(removed).map((name) => rm(path.join(dir, name), { force: true }).catch(() => undefined)));
  return { ok: true };
}
