/**
 * Admitting an applicant puts the child on the student roll with a new admission number, in
 * the transaction that marks the application admitted.
 */
import { recordAudit, type Actor } from "~/core/audit/audit.server";
import type { Database } from "~/db/client.server";
import { createStudent } from "~/core/students/roll.server";
import { kolkataDate, monthLabel, sessionOf } from "~/lib/dates";
import type { Admitted, ApplicationWithSession } from "./applications.server";

/**
 * Runs inside the transaction that marks `application` admitted (its status is already
 * "admitted" and its row is locked): adds the child to the roll with the
 * next admission number of the session's first year (`createStudent`, numbered in this
 * transaction), joined in the application's session: billed from its April when admitted
 * before it starts, from the current month (IST, `now`) when admitted during it. Returns the
 * sentence the workflow adds to the step's note, e.g. "Added to the roll as 2027/0004; fees
 * from April 2027.", with the admission number and the new student's id; throwing rolls the
 * admission back. The child's joining is audited
 * (`student.join`, by admission number) as done by `actor`, who admitted them.
 */
export async function onAdmitted(tx: Database, application: ApplicationWithSession, actor: Actor, now = new Date()): Promise<Admitted & { studentId: number }> {
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
  await recordAudit(tx, {
    actor,
    action: "student.join",
    entity: "student",
    entityId: student.admissionNumber,
    after: { name: application.childName, className: application.classApplied, joinedSession: application.sessionName, joinedMonth, application: application.number },
  });
  const note = `Added to the roll as ${student.admissionNumber}; fees from ${monthLabel(joinedMonth ?? `${application.sessionName.slice(0, 4)}-04`)}.`;
  return { note, admissionNumber: student.admissionNumber, studentId: student.id };
}
