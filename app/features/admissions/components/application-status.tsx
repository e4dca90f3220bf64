/**
 * What a parent sees of an application (the acknowledgement and the status page): the number,
 * the status and the next step, with the links that step needs.
 */
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/db/admission-values";
import { nextStep } from "../next-steps";
import { buttonClass } from "~/components/button";

export type StatusFacts = {
  publicId: string;
  number: string;
  maskedName: string;
  className: string;
  sessionName: string;
  status: ApplicationStatus;
  birthCertificateLater: boolean;
  receiptNumber: string | null;
  receiptHref: string | null;
  /** Given when the child is admitted: what the fees page asks for. */
  admissionNumber: string | null;
};

const linkButton = buttonClass({ variant: "secondary", className: "inline-block" });

export function ApplicationStatusCard({ facts, pdf }: { facts: StatusFacts; pdf: boolean }) {
  return (
    <div className="rounded-2xl border border-slate-200 p-5 shadow-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-base">
        <dt className="text-slate-600">Application No.</dt>
        <dd className="font-bold" data-testid="application-number">{facts.number}</dd>
        <dt className="text-slate-600">Child</dt>
        <dd className="font-semibold">{facts.maskedName}</dd>
        <dt className="text-slate-600">Class</dt>
        <dd className="font-semibold">{facts.className} ({facts.sessionName})</dd>
        <dt className="text-slate-600">Status</dt>
        <dd className="font-semibold" data-testid="application-status">{APPLICATION_STATUS_LABELS[facts.status]}</dd>
        {facts.admissionNumber && (
          <>
            <dt className="text-slate-600">Admission No.</dt>
            <dd className="font-bold" data-testid="admission-number">{facts.admissionNumber}</dd>
          </>
        )}
        {facts.receiptNumber && (
          <>
            <dt className="text-slate-600">Fee receipt</dt>
            <dd className="font-semibold">{facts.receiptNumber}</dd>
          </>
        )}
      </dl>
      <h2 className="mt-5 text-lg font-bold text-brand-800">Next step</h2>
      <p className="mt-1 text-slate-800" data-testid="next-step">{nextStep(facts.status, facts.birthCertificateLater, facts.admissionNumber)}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        {facts.status === "payment_pending" && (
          <a href={`/admissions/retry-payment/${facts.publicId}`} className={buttonClass({ size: "md-bold", className: "inline-block" })}>Pay the application fee</a>
        )}
        {facts.admissionNumber && <a href="/fees" className={buttonClass({ size: "md-bold", className: "inline-block" })}>Pay the fees</a>}
        {facts.receiptHref && <a href={facts.receiptHref} download className={linkButton}>Download receipt</a>}
        {pdf && <a href={`/admissions/acknowledgement/${facts.publicId}/pdf`} download className={linkButton}>Download acknowledgement (PDF)</a>}
      </div>
    </div>
  );
}
