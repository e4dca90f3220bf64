/**
 * Admissions meet the students roll (issues 13 and 14): when the administrator admits an
 * applicant, the applicant becomes a student with a new admission number. Composed here,
 * outside the features, because a feature never imports another (DESIGN.md §3).
 */
import type { Database } from "~/db/client.server";
import type { ApplicationWithSession } from "~/features/admissions/applications.server";
import { monthLabel } from "~/features/fees/schedule";
import { createStudent } from "~/features/fees/students.server";
import { kolkataDate, sessionOf } from "~/lib/dates";

/**
 * Runs inside the transaction that marks `application` admitted (its status is already
 * "admitted" and its row is locked): adds the child to the roll of the fees feature with the
 * next admission number of the session's first year (`createStudent`, numbered in this
 * transaction), joined in the application's session: billed from its April when admitted
 * before it starts, from the current month (IST, `now`) when admitted during it. Returns the
 * sentence the workflow adds to the step's note, e.g. "Added to the roll as 2027/0004; fees
 * from April 2027."; throwing rolls the admission back.
 */
export async function onAdmitted(tx: Database, application: ApplicationWithSession, now = new Date()): Promise<string> {
  const d = application.details;
  const today = kolkataDate(now);
  const joinedMonth = sessionOf(today) === application.sessionName ? today.slice(0, 7) : null;
  const student = await createStudent(
    tx,
    {
      name: application.childName,
      dateOfBirth: application.dateOfBirth,
      className: application.classApplied as Parameters<typeof createStudent>[1]["className"],
      mobile: application.mobile,
      fatherName: d.fatherName,
      motherName: d.motherName,
      email: application.email,
      joinedSession: application.sessionName,
      joinedMonth,
    },
    Number(application.sessionName.slice(0, 4)),
  );
  return `Added to the roll as ${student.admissionNumber}; fees from ${monthLabel(joinedMonth ?? `${application.sessionName.slice(0, 4)}-04`)}.`;
}
