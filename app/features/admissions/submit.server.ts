/**
 * One /apply post (issue 14): validates with the shared schema, checks each document's size
 * and content, stores the files, then the application (number, documents, history) in one
 * transaction. Never throws for anything a parent can send: a bad form comes back with its
 * values and the messages beside each field (conform's `reply`), a database failure as a plain
 * error with the values kept.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { Database } from "~/db/client.server";
import { createApplication, type ApplicationWithSession, type StoredDocument } from "./applications.server";
import { checkDocument } from "./documents";
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
  const checked = await Promise.all(files.map(async (f) => ({ ...f, bytes: new Uint8Array(await f.file.arrayBuffer()) })));
  const fieldErrors: Record<string, string[]> = {};
  const types = checked.map((f) => {
    const check = checkDocument(f.bytes, f.label);
    if (!check.ok) fieldErrors[f.field] = [check.message];
    return check.ok ? check.type : null;
  });
  if (Object.keys(fieldErrors).length > 0) return { kind: "invalid", result: submission.reply({ fieldErrors }) };

  const stored: StoredDocument[] = [];
  try {
    for (const [i, f] of checked.entries()) stored.push(await storeDocument(f.kind, f.bytes, types[i]!, f.file.name));
    const application = await createApplication(db, session, input, stored, now);
    return { kind: "stored", application };
  } catch (error) {
    console.error("Application could not be stored:", error);
    await removeDocuments(stored);
    return { kind: "error", message: STORE_FAILED, result: submission.reply({ formErrors: [STORE_FAILED] }) };
  }
}
