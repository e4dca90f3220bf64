/**
 * One post of the administrator's workflow form (/admin/applications/{id}; workflow.ts): Start
 * review acts at once; Admit, Waitlist and Reject first answer with their confirmation question
 * and act only on the post that confirms it; Cancel returns to the form with the note kept.
 */
import { STATUS_MOVES, type ApplicationStatus } from "~/db/admission-values";
import type { Actor } from "~/core/audit/audit.server";
import type { Database } from "~/db/client.server";
import { applicationByPublicId, moveApplication, type OnAdmitted } from "./applications.server";
import { confirmationQuestion, needsConfirmation, type MoveTarget, type WorkflowStep } from "./workflow";

/** `note`: the office's own, kept in the history and never sent; `message`: written to the parent, sent with the status update. */
export type WorkflowPost = { to: MoveTarget; note?: string; message?: string; step: WorkflowStep; from?: ApplicationStatus };

/** What the page shows after a post that did not move the application. */
export type WorkflowAnswer =
  | { kind: "moved" }
  | { kind: "confirm"; to: MoveTarget; note: string; message: string; from: ApplicationStatus; question: string }
  | { kind: "draft"; note: string; message: string }
  | { kind: "refused"; status: 404 | 409; message: string };

/**
 * Handles `post` for the application `publicId` by `actor` (the signed-in staff member, named on
 * the audit row of a move); `onAdmitted` is the roll's hook (moveApplication). Throws what the
 * database throws.
 */
export async function workflowStep(db: Database, publicId: string, post: WorkflowPost, actor: Actor, onAdmitted: OnAdmitted): Promise<WorkflowAnswer> {
  const note = post.note ?? "";
  const message = post.message ?? "";
  if (post.step === "cancel") return { kind: "draft", note, message };
  if (needsConfirmation(post.to) && post.step !== "confirm") {
    const application = await applicationByPublicId(db, publicId);
    if (!application) return { kind: "refused", status: 404, message: "No such application." };
    if (!STATUS_MOVES[application.status].includes(post.to)) return { kind: "refused", status: 409, message: `An application that is "${application.status}" cannot become "${post.to}".` };
    return { kind: "confirm", to: post.to, note, message, from: application.status, question: confirmationQuestion(application, post.to) };
  }
  const result = await moveApplication(db, { publicId, to: post.to, note: note || null, message: message || null, actor, from: post.from }, onAdmitted);
  return result.ok ? { kind: "moved" } : { kind: "refused", status: 409, message: result.message };
}
