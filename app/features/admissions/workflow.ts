/**
 * The administrator's steps on an application (STATUS_MOVES of app/db/admission-values.ts): their
 * button labels, and which are decisions about the child (admit, waitlist, reject) that are asked
 * twice: the first post shows the question, a second post with `step=confirm` acts. Both posts
 * are plain forms, so the confirmation works without JavaScript.
 */
import type { ApplicationStatus } from "~/db/admission-values";

/** A status the administrator can move an application to. */
export type MoveTarget = Exclude<ApplicationStatus, "payment_pending" | "submitted">;

export const MOVE_LABELS: Record<MoveTarget, string> = {
  under_review: "Start review",
  admitted: "Admit",
  waitlisted: "Waitlist",
  rejected: "Reject",
};

/** What a post of the workflow form asks: the first post of a decision, its confirmation, or going back to the form. */
export const WORKFLOW_STEPS = ["ask", "confirm", "cancel"] as const;
export type WorkflowStep = (typeof WORKFLOW_STEPS)[number];

/** The moves that decide about the child. */
export type Decision = Exclude<MoveTarget, "under_review">;

/** True for the moves that decide about the child, which need a confirmation. */
export function needsConfirmation(to: MoveTarget): to is Decision {
  return to !== "under_review";
}

type Applicant = { childName: string; classApplied: string; sessionName: string; details: { gender: string } };

/** "her" / "him" / "them", from the form's gender (Girl, Boy, Other). */
function objectPronoun(gender: string): string {
  return gender === "Girl" ? "her" : gender === "Boy" ? "him" : "them";
}

/**
 * The confirmation question of a decision, naming the child, the class, the session and what
 * follows, e.g. "Admit Riya Kumari to Class 1 for 2027-28? This adds her to the roll."
 */
export function confirmationQuestion(a: Applicant, to: Decision): string {
  const pronoun = objectPronoun(a.details.gender);
  if (to === "admitted") return `Admit ${a.childName} to ${a.classApplied} for ${a.sessionName}? This adds ${pronoun} to the roll.`;
  if (to === "waitlisted") return `Waitlist ${a.childName} for ${a.classApplied} in ${a.sessionName}? You can still admit or reject ${pronoun} later.`;
  return `Reject ${a.childName}'s application for ${a.classApplied} in ${a.sessionName}? This decision is final.`;
}
