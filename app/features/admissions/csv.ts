/** The applications as CSV: one row per application, times in IST. */
import { APPLICATION_STATUS_LABELS } from "~/db/admission-values";
import { csvDocument } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import type { ApplicationWithSession } from "./applications.server";

export const CSV_HEADER = [
  "Application No.", "Session", "Received (IST)", "Fee paid (IST)", "Status", "Class", "Child", "Date of birth", "Gender", "Category", "Nationality", "Mother tongue",
  "Parent", "Mobile", "E-mail", "Father", "Mother", "Guardian", "Address", "PIN code", "Previous school", "Last class passed", "Sibling admission No.", "Birth certificate",
] as const;

export function applicationsCsv(rows: readonly ApplicationWithSession[]): string {
  return csvDocument([
    CSV_HEADER,
    ...rows.map((a) => {
      const d = a.details;
      return [
        a.number, a.sessionName, formatDateTime(a.createdAt), a.submittedAt ? formatDateTime(a.submittedAt) : "", APPLICATION_STATUS_LABELS[a.status], a.classApplied, a.childName,
        a.dateOfBirth, d.gender, d.category, d.nationality, d.motherTongue, a.parentName, a.mobile, a.email, d.fatherName, d.motherName, d.guardianName,
        `${d.address}, ${d.city}, ${d.state}`, d.pinCode, d.previousSchool, d.lastClassPassed, d.siblingAdmissionNumber, a.birthCertificateLater ? "To be submitted later" : "Received",
      ];
    }),
  ]);
}
