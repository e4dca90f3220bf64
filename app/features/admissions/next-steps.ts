/**
 * What a parent does next at each status (a parent sees the status and the next
 * step, as Finalsite Enrollment shows it). Shown on the acknowledgement, the status page and
 * the acknowledgement PDF.
 */
import { school } from "#content/school";
import type { ApplicationStatus } from "~/db/admission-values";

export function nextStep(status: ApplicationStatus, birthCertificateLater = false, admissionNumber: string | null = null): string {
  const certificate = birthCertificateLater ? " Bring the child's birth certificate (or another proof of age) when you visit." : "";
  switch (status) {
    case "payment_pending":
      return "Pay the application fee to complete the application: until it is paid the school cannot review it.";
    case "submitted":
      return `The admissions office will call you within a week to arrange a campus visit and an interaction with the child.${certificate}`;
    case "under_review":
      return `The admissions office is reviewing the application. We will call you on your registered mobile; you may also call ${school.phones[0]!.display}.${certificate}`;
    case "admitted":
      return admissionNumber
        ? `The child is offered admission, with admission number ${admissionNumber}. With it and the child's date of birth, pay the fees online on the fees page (/fees) or at the school office, and bring the original documents to the office within 7 days.`
        : "The child is offered admission. The school office will call you about the admission fee and the documents to bring.";
    case "waitlisted":
      return "The application is on the waiting list. We will call you if a seat becomes free.";
    case "rejected":
      return `We cannot offer a seat this time. For any question, call the admissions office on ${school.phones[0]!.display}.`;
  }
}
