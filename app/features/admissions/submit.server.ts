/**
 * One /apply post (SPEC §2 /apply): validates with the shared schema, checks each document's size,
 * content and (for a picture) its header against the image bounds, makes each picture's
 * normalised copy in the bounded image queue, stores the files, then the application (number,
 * documents, history) in one transaction. Never throws for anything a parent can send: a bad
 * form comes back with its values and the messages beside each field (conform's `reply`), a
 * database failure or a full image queue as a plain error with the values kept.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { Database } from "~/db/client.server";
import { createApplication, type ApplicationWithSession, type StoredDocument } from "./applications.server";
import { IMAGES_BUSY, imageProblemMessage } from "~/lib/images";
import { inspectImage, normaliseImage, type ImageRefusal } from "~/lib/images.server";
import { checkDocument, declaredDocumentType, DOCUMENT_COPIES, IMAGE_FORMATS } from "./documents";
import { removeDocuments, storeDocument } from "./documents.server";
import { applicationSchema } from "./schema";
import type { AdmissionSession } from "./sessions.server";

export type SubmitOutcome =
  | { kind: "stored"; application: ApplicationWithSession }
  | { kind: "invalid"; result: SubmissionResult<string[]> }
  | { kind: "error"; result: SubmissionResult<string[]>; message: string };

export const STORE_FAILED = "Your application could not be saved just now. Nothing was charged. Please try again in a few minutes; everything you typed is still here.";

export async function submitApplication(form: FormData, session: AdmissionSession, db: Database, now = new Date()): Promise<SubmitOutcome> {
  const schema = applicationSchema({ openClasses: session.openClasses, cutOff: session.ageCutOff });
  const parse = () => parseWithZod(form, { schema });
  let submission: ReturnType<typeof parse>;
  try {
    submission = parse();
  } catch {
    // A forged form-control intent that does not parse: answered like any invalid form.
    form.delete("__intent__");
    submission = parse();
  }
  if (submission.status !== "success") return { kind: "invalid", result: submission.reply() };
  const input = submission.value;
  const files = [
    { kind: "photo" as const, field: "photo", file: input.photo, label: "child's photograph" },
    ...(input.birthCertificate ? [{ kind: "birth_certificate" as const, field: "birthCertificate", file: input.birthCertificate, label: "birth certificate" }] : []),
  ];
  const read = await Promise.all(files.map(async (f) => ({ ...f, bytes: new Uint8Array(await f.file.arrayBuffer()) })));
  const fieldErrors: Record<string, string[]> = {};
  const checked = read.flatMap((f) => {
    const check = checkDocument(f.bytes, f.label, declaredDocumentType(f.file));
    if (!check.ok) fieldErrors[f.field] = [check.message];
    return check.ok ? [{ ...f, type: check.type, format: IMAGE_FORMATS[check.type] }] : [];
  });
  if (Object.keys(fieldErrors).length > 0) return { kind: "invalid", result: submission.reply({ fieldErrors }) };

  // Pictures: every header first (a few ms, nothing decoded), so a picture over the bounds is
  // refused before the other is decoded; then the normalised copies, in the image queue.
  const refusal = (results: readonly ({ ok: true } | ImageRefusal | null)[]): SubmitOutcome | null => {
    if (results.some((r) => r && !r.ok && r.problem === "busy")) return { kind: "error", message: IMAGES_BUSY, result: submission.reply({ formErrors: [IMAGES_BUSY] }) };
    results.forEach((r, i) => {
      const f = checked[i]!;
      if (r && !r.ok && r.problem !== "busy") fieldErrors[f.field] = [imageProblemMessage(r.problem, f.label, f.format!)];
    });
    return Object.keys(fieldErrors).length > 0 ? { kind: "invalid", result: submission.reply({ fieldErrors }) } : null;
  };
  const headersRefused = refusal(await Promise.all(checked.map((f) => (f.format ? inspectImage(f.bytes, f.format) : null))));
  if (headersRefused) return headersRefused;
  const copies = await Promise.all(checked.map((f) => (f.format ? normaliseImage(f.bytes, f.format, DOCUMENT_COPIES[f.kind]) : null)));
  const copiesRefused = refusal(copies);
  if (copiesRefused) return copiesRefused;

  const stored: StoredDocument[] = [];
  try {
    for (const [i, f] of checked.entries()) {
      const copy = copies[i];
      stored.push(await storeDocument(f.kind, f.bytes, f.type, f.file.name, copy?.ok ? copy.jpeg : null));
    }
    const application = await createApplication(db, session, input, stored, now);
    return { kind: "stored", application };
  } catch (error) {
    console.error("Application could not be stored:", error);
    await removeDocuments(stored);
    return { kind: "error", message: STORE_FAILED, result: submission.reply({ formErrors: [STORE_FAILED] }) };
  }
}
