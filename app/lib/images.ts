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

/** The picture formats uploads may use (read from the file's content). */
export type UploadImageFormat = "jpeg" | "png";

/**
 * Why a picture was not taken: `unreadable`, not a whole picture of its format (damaged,
 * truncated, or another format behind a JPEG or PNG signature); `too_many_pixels`, over the
 * pixel or side bound; `too_large_progressive`, a progressive or interlaced picture over the
 * held-bytes bound. (A server too busy to look is not the picture's fault: see IMAGES_BUSY.)
 */
export type ImageProblem = "unreadable" | "too_many_pixels" | "too_large_progressive";

const FORMAT_NAMES: Record<UploadImageFormat, string> = { jpeg: "JPEG", png: "PNG" };

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

/** The form's message when pictures could not be checked because too much image work is waiting. */
export const IMAGES_BUSY = "The site is busy checking other pictures just now: send the form again in a minute. Nothing was saved or charged; everything you typed is still here.";
