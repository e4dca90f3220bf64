/**
 * The states of an admission application and the kinds of its documents, apart from
 * the Drizzle tables (app/db/schema/admissions.ts) so the browser's code can build the form and
 * the administrator's filters without bundling the table modules.
 *
 * `payment_pending` → (application fee paid) `submitted` → `under_review` → `admitted` |
 * `waitlisted` | `rejected`; a waitlisted application can still be admitted or rejected.
 */
export const APPLICATION_STATUSES = ["payment_pending", "submitted", "under_review", "admitted", "waitlisted", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  payment_pending: "Application fee not paid",
  submitted: "Submitted",
  under_review: "Under review",
  admitted: "Admitted",
  waitlisted: "Waitlisted",
  rejected: "Not admitted",
};

/** The administrator's moves: from each status, the statuses it may go to. */
export const STATUS_MOVES: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  payment_pending: [],
  submitted: ["under_review"],
  under_review: ["admitted", "waitlisted", "rejected"],
  waitlisted: ["admitted", "rejected"],
  admitted: [],
  rejected: [],
};

export const DOCUMENT_KINDS = ["photo", "birth_certificate"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  photo: "Child's photograph",
  birth_certificate: "Birth certificate",
};
