/**
 * Makes a phone photo fit the documents' 2 MB (MAX_DOCUMENT_BYTES) in the browser, before the
 * form is sent: a JPEG or PNG above it is redrawn smaller (longer side 2,000 px, then less) and
 * encoded as JPEG until it fits. A passport photograph or a scanned certificate stays readable
 * at 2,000 px. Browser only (createImageBitmap, canvas).
 */
import { MAX_DOCUMENT_BYTES } from "./documents";

/** Bigger files are left as they are (a 48-megapixel phone photo is 8-12 MB): the form refuses them. */
const MAX_REDRAWN_BYTES = 25 * 1024 * 1024;

/** The tries, in order: longer side in px and JPEG quality (0-1). */
const STEPS: readonly [number, number][] = [[2000, 0.85], [2000, 0.7], [1600, 0.7], [1200, 0.6]];

/**
 * `file` made to fit `max` bytes: the same File when it fits already, is not a JPEG or PNG, or
 * the browser cannot decode it or make it small enough (the form's check then says so); else a
 * new "<name>.jpg" File. Never throws.
 */
export async function fitDocument(file: File, max = MAX_DOCUMENT_BYTES): Promise<File> {
  if (file.size <= max || file.size > MAX_REDRAWN_BYTES || !/^image\/(jpeg|png)$/.test(file.type)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    for (const [side, quality] of STEPS) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext("2d");
      if (!context) return file;
      // A PNG's transparent parts become white, not black, in a JPEG.
      context.fillStyle = "#fff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
      if (blob && blob.size <= max) return new File([blob], `${file.name.replace(/\.(png|jpe?g)$/i, "") || "photo"}.jpg`, { type: "image/jpeg", lastModified: Date.now() });
    }
    return file;
  } finally {
    bitmap.close();
  }
}
