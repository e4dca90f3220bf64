/**
 * Where admission documents live: DATA_DIR/documents/applications/ (outside the web root and
 * the build; backed up whole with DATA_DIR/documents, app/db/backup.server.ts). Files get random
 * names; the database row links them to their application. Only the administrator's route
 * (routes/admin/application-document.ts) and the acknowledgement PDF read them back.
 *
 * A picture is kept as sent and beside it its normalised copy, "<name>.view.jpg"
 * (app/lib/images.ts): what the administrator sees and the PDF prints is always the copy, never
 * the parent's file. Applications stored before copies existed get theirs on first use, through
 * the same bounded image queue (`documentView`); a picture over the bounds never gets one.
 */
import { randomBytes } from "node:crypto";
import { copyFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { DocumentKind } from "~/db/admission-values";
import { DOCUMENTS_DIR } from "~/db/backup.server";
import { getConfig } from "~/lib/config.server";
import { writeFileWhole } from "~/lib/files.server";
import type { ImageProblem } from "~/lib/images";
import { normaliseImage } from "~/lib/images.server";
import { whenQuiet } from "~/lib/quiet.server";
import type { StoredDocument } from "./applications.server";
import { DOCUMENT_COPIES, DOCUMENT_TYPES, IMAGE_FORMATS, type DocumentType } from "./documents";

/** The folder of application documents (absolute). */
export function applicationDocumentsDir(dataDir = getConfig().dataDir): string {
  return path.join(dataDir, DOCUMENTS_DIR, "applications");
}

/** A file name that is ours: random hex, a dot, and one of our extensions. */
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|pdf)$/;

/** The name of a stored picture's normalised copy: "<random hex>.view.jpg". */
export function viewName(storedName: string): string {
  return storedName.replace(/\.\w+$/, ".view.jpg");
}

/** The folder where uploads wait while their request is answered (app/lib/uploads.server.ts): beside the documents, so keeping one is a rename. */
export function applicationUploadsDir(dataDir = getConfig().dataDir): string {
  return path.join(dataDir, "uploads");
}

/**
 * Keeps a document (already checked) under a random name: `source` is its bytes, or the path of
 * an upload waiting on disk, which is moved (copied when it is on another file system). Returns
 * the document's row; `sizeBytes` is its size. A picture's normalised copy is made afterwards
 * (`makeCopiesSoon`). Throws what the file system throws (nothing is left behind then).
 */
export async function storeDocument(
  kind: DocumentKind,
  source: Uint8Array | string,
  sizeBytes: number,
  type: DocumentType,
  originalName: string,
  dir = applicationDocumentsDir(),
): Promise<StoredDocument> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const storedName = `${randomBytes(16).toString("hex")}.${DOCUMENT_TYPES[type]}`;
  const row: StoredDocument = { kind, storedName, originalName: originalName.replace(/[^\w .()-]/g, "_").slice(0, 120) || "document", contentType: type, sizeBytes };
  const target = path.join(dir, storedName);
  try {
    if (typeof source !== "string") await writeFile(target, source, { mode: 0o600, flag: "wx" });
    else
      await rename(source, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== "EXDEV") throw error;
        await copyFile(source, target);
      });
  } catch (error) {
    await removeDocuments([row], dir);
    throw error;
  }
  return row;
}

/** Copies still to make, one at a time, after their requests have answered. */
let copying: Promise<void> = Promise.resolve();

/**
 * Queues the normalised copies of the pictures among `docs` (documentView), made one at a time
 * in the image queue after the request that stored them has answered, each once the server is
 * quiet (`whenQuiet`): a crowd of uploads never waits for pixels to be decoded (issue 29). A
 * copy not made yet (a busy server, a full queue, a restart) is made on first use. Resolves when
 * these copies are done; never rejects.
 */
export function makeCopiesSoon(docs: readonly StoredDocument[], dir = applicationDocumentsDir()): Promise<void> {
  for (const doc of docs) {
    if (!IMAGE_FORMATS[doc.contentType as DocumentType]) continue;
    copying = copying.then(async () => {
      await whenQuiet();
      await documentView(doc, dir).catch((error: unknown) => console.error(`The copy of document ${doc.storedName} could not be made:`, error));
    });
  }
  return copying;
}

/** Removes stored files and their copies (when the transaction that would have linked them failed). Never throws. */
export async function removeDocuments(docs: readonly StoredDocument[], dir = applicationDocumentsDir()): Promise<void> {
  const names = docs.filter((d) => STORED_NAME.test(d.storedName)).flatMap((d) => [d.storedName, viewName(d.storedName)]);
  await Promise.all(names.map((name) => rm(path.join(dir, name), { force: true }).catch(() => undefined)));
}

/** The bytes of a stored document as sent; null when the name is not ours or the file is gone. */
export async function readDocument(storedName: string, dir = applicationDocumentsDir()): Promise<Buffer | null> {
  if (!STORED_NAME.test(storedName)) return null;
  return readFile(path.join(dir, storedName)).catch(() => null);
}

/**
 * What may be shown of a document: `file` (a PDF as sent, or a picture's normalised JPEG),
 * `refused` (a picture over the bounds or unreadable: nothing is shown), `busy` (the image
 * queue is full: try again), or `missing` (no such file).
 */
export type DocumentView =
  | { kind: "file"; bytes: Buffer; contentType: "image/jpeg" | "application/pdf" }
  | { kind: "refused"; problem: ImageProblem }
  | { kind: "busy" }
  | { kind: "missing" };

/** Copies being made now, by stored name: two first views of one old picture make it once. */
const making = new Map<string, Promise<DocumentView>>();

/**
 * The view of document `doc` (a row of application_documents). A picture's copy is read from
 * disk; when it is missing (a document stored before copies were kept) it is made now through
 * the image queue (app/lib/images.server.ts: header checked first, bounded, timed) and kept.
 * Never rejects for anything in the file; rejects only when the copy cannot be written.
 */
export async function documentView(doc: Pick<StoredDocument, "kind" | "storedName" | "contentType">, dir = applicationDocumentsDir()): Promise<DocumentView> {
  if (!STORED_NAME.test(doc.storedName)) return { kind: "missing" };
  const format = IMAGE_FORMATS[doc.contentType as DocumentType];
  if (format === undefined) return { kind: "missing" };
  if (format === null) {
    const bytes = await readDocument(doc.storedName, dir);
    return bytes ? { kind: "file", bytes, contentType: "application/pdf" } : { kind: "missing" };
  }
  const kept = await readFile(path.join(dir, viewName(doc.storedName))).catch(() => null);
  if (kept) return { kind: "file", bytes: kept, contentType: "image/jpeg" };
  const pending = making.get(doc.storedName);
  if (pending) return pending;
  const make = (async (): Promise<DocumentView> => {
    const original = await readDocument(doc.storedName, dir);
    if (!original) return { kind: "missing" };
    const copy = await normaliseImage(original, format, DOCUMENT_COPIES[doc.kind]);
    if (!copy.ok) return copy.problem === "busy" ? { kind: "busy" } : { kind: "refused", problem: copy.problem };
    await writeFileWhole(dir, viewName(doc.storedName), copy.jpeg);
    return { kind: "file", bytes: copy.jpeg, contentType: "image/jpeg" };
  })().finally(() => making.delete(doc.storedName));
  making.set(doc.storedName, make);
  return make;
}
