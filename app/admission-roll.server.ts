/**
 * Admissions meet the students roll (issues 13 and 14): when the administrator admits an
 * applicant, the applicant can become a student with a new admission number. Composed here,
 * outside the features, because a feature never imports another (DESIGN.md §3).
 */
import type { Database } from "~/db/client.server";
import type { ApplicationWithSession } from "~/features/admissions/applications.server";

/**
 * Runs inside the transaction that marks `application` admitted (its status is already
 * "admitted" and its row is locked); throwing rolls the admission back.
 *
 * It does nothing yet: the students roll belongs to the fees issue (13). Once both are merged,
 * it creates the student from the application (name, date of birth, class, parent, mobile,
 * session) with the fees feature's `createStudent(tx, …)`, which allocates the admission number.
 */
export async function onAdmitted(tx: Database, application: ApplicationWithSession): Promise<void> {
  void tx;
  void application;
}
