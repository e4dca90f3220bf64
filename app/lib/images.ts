/**
 * The rules every uploaded picture meets (DESIGN.md §2 "uploads and images"), shared by the
 * forms that show them and the server that applies them (images.server.ts does the work).
 *
 * Bounds. A picture's cost on the server grows with its pixels, not its bytes: a 389 KB PNG of
 * 10,000 × 10,000 pixels decodes to 400 MB. So a picture is refused when it has more than
 * 40 megapixels or a side over 8,000 pixels, read from its header before any pixel is decoded
 * (OWASP File Upload Cheat Sheet, "File size limits" and "Image rewriting"; CWE-409, decompression
 * bombs). What parents send fits: a phone photo is 12 megapixels (4,032 × 3,024), an A4 scan at
 * 300 dpi 8.7 megapixels (2,480 × 3,508) and even at 600 dpi 35 megapixels (4,961 × 7,016).
 *
 * Most pictures are decoded a strip at a time (a 40-megapixel JPEG or PNG takes 40-75 MB while
 * it is made smaller), but a progressive JPEG or an interlaced PNG must be held whole: its
 * pixels (interlaced PNG) or its DCT coefficients (2 bytes each, progressive JPEG). Measured
 * here, a 40-megapixel 16-bit RGBA interlaced PNG took 450 MB and 3-4 s of one core. So such a
 * picture is also refused when holding it would take more than 160 MB (a 40-megapixel 8-bit RGBA
 * interlaced PNG, measured at 190 MB in all; a progressive JPEG up to 26 megapixels): one image
 * job then stays under 200 MB, whatever is sent.
 *
 * Copies. Nothing the site shows or prints uses a parent's file as sent: each picture is kept
 * with a normalised copy (JPEG, orientation applied, sRGB, every metadata block removed,
 * including EXIF GPS positions, and the longest side bounded), made once at upload.
 */

/**
 * The most pixels a picture may have (width × height), its longest side in pixels, and the most
 * bytes a picture that must be decoded whole (progressive or interlaced) may need held.
 */
export const IMAGE_BOUNDS = { maxPixels: 40_000_000, maxSide: 8_000, maxHeldBytes: 160_000_000 } as const;

/**
 * The normalised copies, by use: the longest side in pixels and the JPEG quality (1-100).
 * - photograph: a passport photograph printed at 35 × 45 mm needs 413 × 531 pixels at 300 dpi,
 *   and the administrator sees it at most ~600 CSS pixels wide on a 2× screen: 1,200 pixels
 *   serve both with room to crop.
 * - document: a scanned certificate must stay legible: 2,400 pixels on the long side is an A4
 *   page at about 205 dpi, enough for small print (~150 KB to 600 KB as JPEG).
 */
export const IMAGE_COPIES = {
  photograph: { longestSide: 1_200, quality: 82 },
  document: { longestSide: 2_400, quality: 80 },
} as const;
export type ImageCopy = keyof typeof IMAGE_COPIES;

/**
 * The picture formats uploads may use (read from the file's content): admission documents take
 * JPEG and PNG, the school's own photos WebP too. libvips decodes a WebP whole (never a strip at
 * a time), so images.server.ts counts every WebP against IMAGE_BOUNDS.maxHeldBytes.
 */
export type UploadImageFormat = "jpeg" | "png" | "webp";

/**
 * The first bytes of each format (its signature): JPEG FF D8 FF; PNG 89 50 4E 47 0D 0A 1A 0A;
 * WebP a RIFF container ("RIFF", 4 bytes of length, "WEBP"; Google's WebP Container
 * Specification). `null` bytes may be anything.
 */
const IMAGE_SIGNATURES: { format: UploadImageFormat; bytes: (number | null)[] }[] = [
  { format: "jpeg", bytes: [0xff, 0xd8, 0xff] },
  { format: "png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { format: "webp", bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
];

/**
 * The picture format of a file read from its first 12 bytes (`head`), never from its name or the
 * browser's word (OWASP ASVS 4.0.3 §12.2.1); null when it is none of `accepted`.
 */
export function sniffImage(head: Uint8Array, accepted: readonly UploadImageFormat[] = ["jpeg", "png", "webp"]): UploadImageFormat | null {
  return IMAGE_SIGNATURES.find((s) => accepted.includes(s.format) && s.bytes.every((b, i) => b === null || head[i] === b))?.format ?? null;
}

/**
 * Why a picture was not taken: `unreadable`, not a whole picture of its format (damaged,
 * truncated, or another format behind a JPEG or PNG signature); `too_many_pixels`, over the
 * pixel or side bound; `too_large_progressive`, a progressive or interlaced picture over the
 * held-bytes bound. (A server too busy to look is not the picture's fault: it is never a problem of the picture.)
 */
export type ImageProblem = "unreadable" | "too_many_pixels" | "too_large_progressive";

const FORMAT_NAMES: Record<UploadImageFormat, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP" };

/** "40 megapixels", "8,000 pixels": the bounds as the messages say them. */
const megapixels = `${IMAGE_BOUNDS.maxPixels / 1_000_000} megapixels`;
const side = `${IMAGE_BOUNDS.maxSide.toLocaleString("en-IN")} pixels`;

/** One line for a form's hint: what pictures the site takes. */
export const IMAGE_BOUNDS_HINT = `a picture may be at most ${side} wide or tall (${megapixels} in all): any phone photo or scan fits`;

/**
 * The message shown beside a file field when its picture was not taken; `label` names the
 * field ("child's photograph"), `format` the file's format.
 */
export function imageProblemMessage(problem: ImageProblem, label: string, format: UploadImageFormat): string {
  switch (problem) {
    case "too_many_pixels":
      return `The ${label} is too large a picture (more than ${megapixels}, or wider or taller than ${side}): attach a smaller copy, such as a phone photo or a scan at 300 dpi`;
    case "too_large_progressive":
      return `The ${label} is a progressive or interlaced picture too large to read at once: save it again as an ordinary JPEG, or attach a smaller copy`;
    case "unreadable":
      return `The ${label} could not be read as a ${FORMAT_NAMES[format]} picture (the file may be damaged): attach it again, or save it again as JPEG`;
  }
}

/**
 * The sizes the site serves a picture in (its pictures made at build, scripts/vite/responsive-images.ts,
 * and the photos the school uploads, app/features/content/media.server.ts): widths in CSS pixels
 * at 1x, each as AVIF and WebP, and one JPEG about SOCIAL_WIDTH wide for Open Graph and Twitter
 * cards (Facebook's and X's recommended 1,200 px).
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
/** Width of the JPEG made for social cards, in pixels (never more than the picture's own). */
export const SOCIAL_WIDTH = 1200;

/** The formats the site serves pictures in. */
export type ServedFormat = keyof typeof SERVED_ENCODING;
/** One size of a picture to make: its width in pixels (at most the picture's own) and its format. */
export type VariantSpec = { width: number; format: ServedFormat };

/**
 * How each served format is encoded (sharp's options), for built and uploaded pictures alike,
 * but AVIF's effort: an upload is encoded while the editor waits and on the server's only image
 * slot, so it uses UPLOAD_AVIF_EFFORT. Measured here on a photo (720 × 477, one libvips thread):
 * effort 4 took 1,800 ms for its sizes and effort 2 263 ms, for 51.8 KB and 51.3 KB.
 */
export const SERVED_ENCODING = {
  avif: { quality: 55, effort: 4 },
  webp: { quality: 78 },
  jpeg: { quality: 80, mozjpeg: true },
} as const;
/** AVIF's effort (0-9) for uploaded photos: see SERVED_ENCODING. */
export const UPLOAD_AVIF_EFFORT = 2;

/**
 * The widths (px) a raster picture `sourceWidth` pixels wide is served at: each of IMAGE_WIDTHS
 * not wider than it (a picture is never enlarged), or its own width alone when it is narrower
 * than the smallest. Throws RangeError for a width that is not a positive whole number.
 */
export function servedWidths(sourceWidth: number): number[] {
  if (!Number.isSafeInteger(sourceWidth) || sourceWidth <= 0) throw new RangeError(`Not a picture width: ${sourceWidth}`);
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= sourceWidth);
  return widths.length > 0 ? widths : [sourceWidth];
}
