/**
 * Admission documents (issue 14): the child's photograph and birth certificate, JPEG, PNG or
 * PDF, at most 2 MB each. The type is read from the file's first bytes (its signature), never
 * from its name or the browser's word, so a renamed program is refused (OWASP ASVS 4.0.3
 * §12.2.1 "files obtained from untrusted sources are validated to be of expected type based
 * on the file's content"). Three fixed signatures do not need a library: JPEG starts FF D8 FF,
 * PNG 89 50 4E 47 0D 0A 1A 0A, PDF "%PDF-".
 */

/** 2 MB (2 × 1024 × 1024 bytes): the most a document may weigh. */
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

/** Accepted content types and the file extension each is stored with. */
export const DOCUMENT_TYPES = { "image/jpeg": "jpg", "image/png": "png", "application/pdf": "pdf" } as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;

const SIGNATURES: { type: DocumentType; bytes: number[] }[] = [
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** The document's type read from its first bytes, or null when it is none of JPEG, PNG, PDF. */
export function sniffDocument(head: Uint8Array): DocumentType | null {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b))?.type ?? null;
}

export type DocumentCheck = { ok: true; type: DocumentType } | { ok: false; message: string };

/** Checks a document's size (bytes) and content; `label` names it in the message. */
export function checkDocument(bytes: Uint8Array, label: string): DocumentCheck {
  if (bytes.byteLength === 0) return { ok: false, message: `Attach the ${label}` };
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) return { ok: false, message: `The ${label} is larger than 2 MB: attach a smaller file` };
  const type = sniffDocument(bytes.subarray(0, 8));
  return type ? { ok: true, type } : { ok: false, message: `The ${label} is not a JPEG, PNG or PDF file (its content was checked)` };
}
