/**
 * Where admission documents live: DATA_DIR/documents/applications/ (outside the web root and
 * the build; backed up whole with DATA_DIR/documents, app/db/backup.server.ts). Files get random
 * names; the database row links them to their application. Only the administrator's route
 * (routes/admin/application-document.ts) reads them back.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { DocumentKind } from "~/db/admission-values";
import { DOCUMENTS_DIR } from "~/db/backup.server";
import { getConfig } from "~/lib/config.server";
import type { StoredDocument } from "./applications.server";
import { DOCUMENT_TYPES, type DocumentType } from "./documents";

/** The folder of application documents (absolute). */
export function applicationDocumentsDir(dataDir = getConfig().dataDir): string {
  return path.join(dataDir, DOCUMENTS_DIR, "applications");
}

/** A file name that is ours: random hex, a dot, and one of our extensions. */
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|pdf)$/;

/** Writes `bytes` (already checked) under a random name; returns its row. Throws what the file system throws. */
export async function storeDocument(kind: DocumentKind, bytes: Uint8Array, type: DocumentType, originalName: string, dir = applicationDocumentsDir()): Promise<StoredDocument> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const storedName = `${randomBytes(16).toString("hex")}.${DOCUMENT_TYPES[type]}`;
  await writeFile(path.join(dir, storedName), bytes, { mode: 0o600, flag: "wx" });
  return { kind, storedName, originalName: originalName.replace(/[^\w .()-]/g, "_").slice(0, 120) || "document", contentType: type, sizeBytes: bytes.byteLength };
}

/** Removes stored files (when the transaction that would have linked them failed). Never throws. */
export async function removeDocuments(docs: readonly StoredDocument[], dir = applicationDocumentsDir()): Promise<void> {
  await Promise.all(docs.map((d) => (STORED_NAME.test(d.storedName) ? rm(path.join(dir, d.storedName), { force: true }).catch(() => undefined) : undefined)));
}

/** The bytes of a stored document; null when the name is not ours or the file is gone. */
export async function readDocument(storedName: string, dir = applicationDocumentsDir()): Promise<Buffer | null> {
  if (!STORED_NAME.test(storedName)) return null;
  return readFile(path.join(dir, storedName)).catch(() => null);
}
