/**
 * The school's own photos (issue 28; DESIGN.md §2 "uploads and images"): the rules the admin's
 * pictures page, its picker and the server share. Pure and safe on the client; the work is in
 * media.server.ts, the files are served by server/media-files.ts.
 *
 * A photo is kept only in the sizes the site serves (app/lib/images.ts IMAGE_WIDTHS, never
 * wider than the photo, each as AVIF and WebP) and one JPEG for social cards, under
 * DATA_DIR/documents/content/ as "<publicId>-<width>.<avif|webp>" and "<publicId>-social.jpg".
 * The public id is 128 random bits in hex: nothing about a photo can be guessed from another's
 * address, and a photo not yet used on a page cannot be found by counting (OWASP File Upload
 * Cheat Sheet, "Filename sanitization": the server names the files, never the uploader).
 * Pages refer to a photo as "/media/<publicId>" (items.ts `imageRef`).
 */
import { z } from "zod";
import type { ResponsiveImageData } from "virtual:responsive-images";
import { IMAGE_BOUNDS_HINT, SOCIAL_WIDTH, imageProblemMessage, servedWidths, type ImageProblem, type ServedFormat, type UploadImageFormat, type VariantSpec } from "~/lib/images";
import type { Picture } from "./images.server";
import { ALT_MAX, CAPTION_MAX, MEDIA_PREFIX, PUBLIC_ID_PATTERN, SLUG_PATTERN } from "./items";

/** The most bytes one photo may have as sent: 15 MiB (a 48-megapixel phone photo is 8-12 MB). */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;

/** "15 MB": MAX_PHOTO_BYTES as the page says it. */
export const MAX_PHOTO_LABEL = `${MAX_PHOTO_BYTES / 1024 / 1024} MB`;

/** The formats a photo may be in, read from its content (app/lib/images.ts `sniffImage`). */
export const PHOTO_FORMATS: readonly UploadImageFormat[] = ["jpeg", "png", "webp"];

/** The file input's `accept`: what the browser offers to choose (the server checks the content). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp";

/** One line for the upload form: what photos the site takes. */
export const PHOTO_HINT = `JPEG, PNG or WebP, up to ${MAX_PHOTO_LABEL} each; ${IMAGE_BOUNDS_HINT}.`;

/** Where photos are served ("/media/<file>", server/media-files.ts) and their ids: one rule, in items.ts. */
export { ALT_MAX, CAPTION_MAX, MEDIA_PREFIX, PUBLIC_ID_PATTERN };

/** A served file's name: "<publicId>-<width>.avif", "<publicId>-<width>.webp" or "<publicId>-social.jpg". */
const MEDIA_FILE = /^([0-9a-f]{32})-(?:([1-9][0-9]{0,4})\.(avif|webp)|social\.jpg)$/;

/** The Content-Type of each served format. */
export const MEDIA_TYPES: Record<ServedFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };

/** A served file, read from its name. */
export type MediaFile = { publicId: string; format: ServedFormat; width: number | null };

/**
 * The file `name` names (the part of the path after "/media/"), or null when it is not exactly
 * the name of one of our files: anything else (another extension, a dot or slash, "..", percent
 * escapes, a width with a leading zero) is refused before the file system is asked.
 */
export function parseMediaFile(name: string): MediaFile | null {
  const m = MEDIA_FILE.exec(name);
  if (!m) return null;
  return m[2] ? { publicId: m[1]!, format: m[3] as "avif" | "webp", width: Number(m[2]) } : { publicId: m[1]!, format: "jpeg", width: null };
}

/** The file name of one size: "<publicId>-640.avif", or "<publicId>-social.jpg" for the JPEG. */
export function mediaFileName(publicId: string, spec: VariantSpec): string {
  return spec.format === "jpeg" ? `${publicId}-social.jpg` : `${publicId}-${spec.width}.${spec.format}`;
}

/**
 * The sizes to make of a photo `width` pixels wide once oriented: AVIF and WebP at each width
 * the site serves that is not wider than the photo (app/lib/images.ts `servedWidths`), and a JPEG
 * at most SOCIAL_WIDTH (1,200 px) wide for social cards. Throws RangeError for a width that is
 * not a positive whole number.
 */
export function variantPlan(width: number): VariantSpec[] {
  const widths = servedWidths(width);
  return [...widths.flatMap((w) => [{ width: w, format: "avif" as const }, { width: w, format: "webp" as const }]), { width: Math.min(SOCIAL_WIDTH, width), format: "jpeg" }];
}

/** The files of a stored photo (its row's `widths`), as names under the media folder. */
export function mediaFileNames(image: { publicId: string; widths: readonly number[] }): string[] {
  return [...image.widths.flatMap((w) => [mediaFileName(image.publicId, { width: w, format: "avif" }), mediaFileName(image.publicId, { width: w, format: "webp" })]), `${image.publicId}-social.jpg`];
}

/** What a stored photo's sources are made from: its row's id, largest size (px) and widths. */
export type MediaImage = { publicId: string; width: number; height: number; widths: readonly number[] };

/**
 * A stored photo's sources for <Picture> and social cards (the shape of the pictures made at
 * build, `ResponsiveImageData`): AVIF and WebP srcsets, smallest first, under /media/; the
 * largest WebP as `src`; the JPEG as `social`; `width` × `height` its largest size (px).
 */
export function mediaSources(image: MediaImage): ResponsiveImageData {
  const widths = [...image.widths].sort((a, b) => a - b);
  const url = (spec: VariantSpec) => `${MEDIA_PREFIX}${mediaFileName(image.publicId, spec)}`;
  const srcset = (format: "avif" | "webp") => widths.map((w) => `${url({ width: w, format })} ${w}w`).join(", ");
  return { width: image.width, height: image.height, avif: srcset("avif"), webp: srcset("webp"), src: url({ width: widths.at(-1)!, format: "webp" }), social: url({ width: 0, format: "jpeg" }) };
}

/** A stored photo as the public components' <Picture> takes it, with its alt text. */
export function mediaPicture(image: MediaImage & { alt: string }): Picture {
  const { avif, webp, src, width, height } = mediaSources(image);
  return { avif, webp, src, width, height, alt: image.alt };
}

/** The smallest WebP of a stored photo: a thumbnail for the admin's grid and picker. */
export function mediaThumbnail(image: Pick<MediaImage, "publicId" | "widths">): string {
  return `${MEDIA_PREFIX}${mediaFileName(image.publicId, { width: Math.min(...image.widths), format: "webp" })}`;
}

/** How a page refers to a photo: "/media/<publicId>" (items.ts `imageRef`). */
export function mediaRef(publicId: string): string {
  return `${MEDIA_PREFIX}${publicId}`;
}

/** The public id of a photo reference "/media/<publicId>"; null for anything else (a site file "/images/…"). */
export function publicIdOfRef(ref: string): string | null {
  const id = ref.startsWith(MEDIA_PREFIX) ? ref.slice(MEDIA_PREFIX.length) : "";
  return PUBLIC_ID_PATTERN.test(id) ? id : null;
}

/** What an editor writes about a photo: alt text, caption and album (empty: none). */
export const photoFieldsSchema = z.object({
  alt: z.string().trim().max(ALT_MAX, `Keep the alt text to ${ALT_MAX} characters or fewer`),
  caption: z.string().trim().max(CAPTION_MAX, `Keep the caption to ${CAPTION_MAX} characters or fewer`),
  album: z
    .string()
    .trim()
    .max(60, "Keep the album to 60 characters or fewer")
    .refine((v) => v === "" || SLUG_PATTERN.test(v), "Use lowercase letters, digits and single hyphens for the album (for example annual-day-2026)")
    .transform((v) => (v === "" ? null : v)),
});
export type PhotoFields = z.output<typeof photoFieldsSchema>;

/**
 * Why a photo was not taken: `empty` (no file), `not_a_picture` (not JPEG, PNG or WebP by its
 * content), `too_large_bytes` (over MAX_PHOTO_BYTES), the image rules' problems
 * (app/lib/images.ts: too many pixels, too large to read at once, unreadable), or `busy` (the
 * image queue is full: not the photo's fault).
 */
export type PhotoProblem = "empty" | "not_a_picture" | "too_large_bytes" | ImageProblem | "busy";

/** The HTTP status of each refusal (RFC 9110 §15.5). */
export const PHOTO_PROBLEM_STATUS: Record<PhotoProblem, 400 | 413 | 415 | 422 | 503> = {
  empty: 400,
  not_a_picture: 415,
  too_large_bytes: 413,
  too_many_pixels: 422,
  too_large_progressive: 422,
  unreadable: 422,
  busy: 503,
};

/** "2.4 MB", "312 KB", "900 bytes": a size in bytes as the page says it (1 MB = 1,048,576 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The message shown beside a photo that was not taken; `name` is its file name as chosen
 * ("IMG_2041.jpg"), `bytes` its size and `format` its format when known.
 */
export function photoProblemMessage(problem: PhotoProblem, name: string, known: { bytes?: number; format?: UploadImageFormat } = {}): string {
  switch (problem) {
    case "empty":
      return `${name} is empty: choose the photo again`;
    case "not_a_picture":
      return `${name} is not a JPEG, PNG or WebP picture (its content was checked): choose a photo, or save it again as JPEG`;
    case "too_large_bytes":
      return `${name} is ${known.bytes === undefined ? "larger than" : `${formatBytes(known.bytes)}, over`} ${MAX_PHOTO_LABEL}${known.bytes === undefined ? "" : " the site takes"}: send a smaller copy (a phone's "large" or "medium" size is plenty for the website)`;
    case "busy":
      return `The site is busy with other pictures just now: ${name} was not saved. Send it again in a minute; the photos already saved are kept.`;
    default:
      return imageProblemMessage(problem, `photo ${name}`, known.format ?? "jpeg").replace(/^The photo /, "Photo ");
  }
}

/** A stored photo as the admin's pages and the picker read it (JSON-safe). */
export type PictureView = {
  publicId: string;
  /** "/media/<publicId>": what a page stores to show it. */
  ref: string;
  alt: string;
  caption: string;
  album: string | null;
  /** Largest size kept (px). */
  width: number;
  height: number;
  widths: number[];
  /** Bytes of the photo as it was sent. */
  bytes: number;
  uploadedBy: string;
  /** ISO 8601 instant. */
  uploadedAt: string;
  sources: ResponsiveImageData;
  thumbnail: string;
};

/** A photo's row (app/db/schema/content.ts content_images) as a PictureView. */
export function pictureView(row: MediaImage & { alt: string; caption: string; album: string | null; bytes: number; uploadedBy: string; uploadedAt: Date }): PictureView {
  return {
    publicId: row.publicId,
    ref: mediaRef(row.publicId),
    alt: row.alt,
    caption: row.caption,
    album: row.album,
    width: row.width,
    height: row.height,
    widths: [...row.widths],
    bytes: row.bytes,
    uploadedBy: row.uploadedBy,
    uploadedAt: row.uploadedAt.toISOString(),
    sources: mediaSources(row),
    thumbnail: mediaThumbnail(row),
  };
}

/** Where the picker and the uploader talk to the server: GET lists the photos, POST takes one. */
export const PICTURES_JSON_PATH = "/admin/content/pictures.json";

/** The answer to one photo posted to PICTURES_JSON_PATH. */
export type UploadAnswer = { ok: true; picture: PictureView } | { ok: false; problem: PhotoProblem | "refused"; message: string };

/** What the pictures page shows after one of its own posts (media-form.server.ts). */
export type PicturesNotice =
  | { intent: "upload"; ok: boolean; message: string; results: { name: string; ok: boolean; message: string }[] }
  | { intent: "save" | "delete"; ok: boolean; message: string; publicId: string };
