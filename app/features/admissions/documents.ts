/**
 * Admission documents: the child's photograph and birth certificate, JPEG, PNG or
 * PDF, at most 2 MB each. The type is read from the file's first bytes (its signature), never
 * from its name or the browser's word, so a renamed program is refused (OWASP ASVS 4.0.3
 * §12.2.1 "files obtained from untrusted sources are validated to be of expected type based
 * on the file's content"). Three fixed signatures do not need a library: JPEG starts FF D8 FF,
 * PNG 89 50 4E 47 0D 0A 1A 0A, PDF "%PDF-". A file whose name or browser type says one of the
 * three but whose content is another is refused too (OWASP File Upload Cheat Sheet: the
 * extension, the Content-Type and the signature must agree). Pictures then meet the site's
 * image rules on the server (app/lib/images.ts: bounds, a normalised copy); PDFs are kept as
 * sent and never opened on the server.
 */
import type { DocumentKind } from "~/db/admission-values";
import { sniffImage, type ImageCopy, type UploadImageFormat } from "~/lib/images";

/** 2 MB (2 × 1024 × 1024 bytes): the most a document may weigh. */
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

/** Accepted content types and the file extension each is stored with. */
export const DOCUMENT_TYPES = { "image/jpeg": "jpg", "image/png": "png", "application/pdf": "pdf" } as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;

/** The picture format of a document type; null for a PDF (never decoded). */
export const IMAGE_FORMATS: Record<DocumentType, UploadImageFormat | null> = { "image/jpeg": "jpeg", "image/png": "png", "application/pdf": null };

/** Which normalised copy each document's picture gets (app/lib/images.ts IMAGE_COPIES). */
export const DOCUMENT_COPIES: Record<DocumentKind, ImageCopy> = { photo: "photograph", birth_certificate: "document" };

/** "%PDF-": the one signature that is not a picture's (those are in app/lib/images.ts). */
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d];

/** The document's type read from its first bytes, or null when it is none of JPEG, PNG, PDF. */
export function sniffDocument(head: Uint8Array): DocumentType | null {
  const picture = sniffImage(head, ["jpeg", "png"]);
  if (picture) return picture === "jpeg" ? "image/jpeg" : "image/png";
  return PDF_SIGNATURE.every((b, i) => head[i] === b) ? "application/pdf" : null;
}

/** Browser types that mean one of ours (older browsers send image/pjpeg and image/x-png). */
const BROWSER_TYPES: Record<string, DocumentType> = {
  "image/jpeg": "image/jpeg",
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "image/png": "image/png",
  "image/x-png": "image/png",
  "application/pdf": "application/pdf",
};
const EXTENSIONS: Record<string, DocumentType> = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", pdf: "application/pdf" };

/**
 * What a file says it is: its browser type when that is one of ours, else its name's
 * extension; null when neither says (nothing to compare the content with).
 */
export function declaredDocumentType(file: { name: string; type: string }): DocumentType | null {
  const byType = BROWSER_TYPES[file.type.split(";")[0]!.trim().toLowerCase()];
  return byType ?? EXTENSIONS[/\.(\w+)$/.exec(file.name)?.[1]?.toLowerCase() ?? ""] ?? null;
}

const NAMES: Record<DocumentType, string> = { "image/jpeg": "JPEG", "image/png": "PNG", "application/pdf": "PDF" };
const CONTENTS: Record<DocumentType, string> = { "image/jpeg": "a JPEG picture", "image/png": "a PNG picture", "application/pdf": "a PDF document" };

/** Bytes of a document's end that `checkDocument` reads: a PDF ends with "%%EOF" within its last 1,024 (ISO 32000-1 §7.5.5, as readers accept it). */
const TAIL_BYTES = 1024;

function endsLikePdf(tail: Uint8Array): boolean {
  return new TextDecoder("latin1").decode(tail).includes("%%EOF");
}

/** What `checkDocument` reads of a file: its size in bytes, its first 8 bytes and its last 1,024. */
export type DocumentSample = { size: number; head: Uint8Array; tail: Uint8Array };

/** The sample of a document held in memory. */
export function sampleOf(bytes: Uint8Array): DocumentSample {
  return { size: bytes.byteLength, head: bytes.subarray(0, 8), tail: bytes.subarray(Math.max(0, bytes.byteLength - TAIL_BYTES)) };
}

/** The sample of an uploaded file, read from wherever it is kept (on disk for an upload: a few bytes are read, not the file). */
export async function sampleFile(file: Blob): Promise<DocumentSample> {
  const [head, tail] = await Promise.all([file.slice(0, 8).arrayBuffer(), file.slice(Math.max(0, file.size - TAIL_BYTES)).arrayBuffer()]);
  return { size: file.size, head: new Uint8Array(head), tail: new Uint8Array(tail) };
}

export type DocumentCheck = { ok: true; type: DocumentType } | { ok: false; message: string };

/**
 * Checks a document (its `sample`: size in bytes, first and last bytes): its size, signature and, when `declared` (declaredDocumentType) is
 * given, that the content is what it says; a PDF must also be whole (its "%%EOF" end marker).
 * `label` names it in the message. Pictures are checked further on the server (images.server.ts).
 */
export function checkDocument(sample: DocumentSample, label: string, declared: DocumentType | null = null): DocumentCheck {
  if (sample.size === 0) return { ok: false, message: `Attach the ${label}` };
  if (sample.size > MAX_DOCUMENT_BYTES) return { ok: false, message: `The ${label} is larger than 2 MB: attach a smaller file` };
  const type = sniffDocument(sample.head);
  if (!type) return { ok: false, message: `The ${label} is not a JPEG, PNG or PDF file (its content was checked)` };
  if (declared && declared !== type) return { ok: false, message: `The ${label} is named as a ${NAMES[declared]} file but holds ${CONTENTS[type]}: rename it to end in .${DOCUMENT_TYPES[type]}, or attach another file` };
  if (type === "application/pdf" && !endsLikePdf(sample.tail)) return { ok: false, message: `The ${label} is not a whole PDF file (its end is missing): save it again and attach it` };
  return { ok: true, type };
}
