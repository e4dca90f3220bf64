/**
 * One /apply post (SPEC §2 /apply): validates with the shared schema, checks each document's size,
 * content and (for a picture) its header against the image bounds, stores the files, then the
 * application (number, documents, history) in one transaction; each picture's normalised copy
 * is made after the answer, in the bounded image queue (decision 030). Never throws for
 * anything a parent can send: a bad form comes back with its values and the messages beside
 * each field (conform's `reply`), a database failure as a plain error with the values kept.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { Database } from "~/db/client.server";
import { createApplication, type ApplicationWithSession, type StoredDocument } from "./applications.server";
import { imageProblemMessage } from "~/lib/images";
import { inspectImage } from "~/lib/images.server";
import { uploadedPath } from "~/lib/uploads.server";
import { checkDocument, declaredDocumentType, IMAGE_FORMATS, sampleFile } from "./documents";
import { makeCopiesSoon, removeDocuments, storeDocument } from "./documents.server";
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
  // An upload waits on disk (app/lib/uploads.server.ts): its first and last bytes are read
  // here, its header by sharp from the file, and the file is moved into place; never held whole.
  const sampled = await Promise.all(files.map(async (f) => ({ ...f, sample: await sampleFile(f.file), source: uploadedPath(f.file) ?? new Uint8Array(await f.file.arrayBuffer()) })));
  const fieldErrors: Record<string, string[]> = {};
  const checked = sampled.flatMap((f) => {
    const check = checkDocument(f.sample, f.label, declaredDocumentType(f.file));
    if (!check.ok) fieldErrors[f.field] = [check.message];
    return check.ok ? [{ ...f, type: check.type, format: IMAGE_FORMATS[check.type] }] : [];
  });
  if (Object.keys(fieldErrors).length > 0) return { kind: "invalid", result: submission.reply({ fieldErrors }) };

  // Pictures: the headers only (a few ms, nothing decoded). The normalised copies are made after
  // the answer (makeCopiesSoon), so a crowd of parents never waits for pixels to be decoded.
  const headers = await Promise.all(checked.map((f) => (f.format ? inspectImage(f.source, f.format) : null)));
  headers.forEach((r, i) => {
    const f = checked[i]!;
    if (r && !r.ok && r.problem !== "busy") fieldErrors[f.field] = [imageProblemMessage(r.problem, f.label, f.format!)];
  });
  if (Object.keys(fieldErrors).length > 0) return { kind: "invalid", result: submission.reply({ fieldErrors }) };

  const stored: StoredDocument[] = [];
  try {
    for (const f of checked) stored.push(await storeDocument(f.kind, f.source, f.sample.size, f.type, f.file.name));
    const application = await createApplication(db, session, input, stored, now);
    void makeCopiesSoon(stored);
    return { kind: "stored", application };
  } catch (error) {
    console.error("Application could not be stored:", error);
    await removeDocuments(stored);
    return { kind: "error", message: STORE_FAILED, result: submission.reply({ formErrors: [STORE_FAILED] }) };
  }
}
