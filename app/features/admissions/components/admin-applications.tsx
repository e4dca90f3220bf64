/**
 * The administrator's applications: the list with filters and search (session,
 * class, status, IST date range), the CSV of the same filter, and one application's page with
 * every field, the documents, the payment and the workflow with its history. A decision (admit,
 * waitlist, reject) shows its confirmation question at the top of the page with Confirm and
 * Cancel, both plain posts (../workflow.ts); someone who may not decide (`canDecide` false) reads
 * the history and who may (`need`) instead.
 */
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass, ButtonLink } from "~/components/button";
import { DenseField, TextArea, TextInput } from "~/components/field";
import { FilterForm } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { ReadOnlyNote } from "~/components/read-only-note";
import { Select } from "~/components/select";
import { type BadgeTone, StatusBadge as Badge } from "~/components/status-badge";
import { APPLICATION_STATUSES, APPLICATION_STATUS_LABELS, DOCUMENT_KINDS, DOCUMENT_LABELS, STATUS_MOVES, type ApplicationStatus } from "~/db/admission-values";
import { formatDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { applicationQueryString } from "../admin-query";
import { ageOn, formatCutOff } from "../age";
import type { ApplicationFilters, ApplicationWithSession, ApplicationDocument, StatusChange } from "../applications.server";
import { SCHOOL_CLASSES } from "#content/school";
import { MOVE_LABELS, type MoveTarget } from "../workflow";
import type { WorkflowAnswer } from "../workflow.server";

export const APPLICATION_STATUS_TONES: Record<ApplicationStatus, BadgeTone> = {
  payment_pending: "amber-deep",
  submitted: "sky-deep",
  under_review: "indigo-deep",
  admitted: "green-deep",
  waitlisted: "grey-strong",
  rejected: "red-deep",
};

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge tone={APPLICATION_STATUS_TONES[status]} weight="semibold" block>{APPLICATION_STATUS_LABELS[status]}</Badge>;
}

type ListProps = { rows: ApplicationWithSession[]; total: number; filters: ApplicationFilters; sessions: string[] };

export function ApplicationList({ rows, total, filters, sessions }: ListProps) {
  const number = new Intl.NumberFormat("en-IN");
  return (
    <>
      <PageHeader
        title="Applications"
        actions={
          <div className="flex flex-wrap gap-2">
            <ButtonLink to="/admin/applications/settings" variant="neutral" size="xs">Admission settings</ButtonLink>
            <a href={`/admin/applications/export${applicationQueryString(filters)}`} className={buttonClass({ variant: "secondary", size: "xs", className: "bg-white" })} download>
              Export CSV
            </a>
          </div>
        }
      />
      <FilterForm columns={6} clearHref="/admin/applications">
        <DenseField label="Name, number or mobile" className="lg:col-span-2">
          <TextInput look="dense" type="search" name="q" defaultValue={filters.q ?? ""} />
        </DenseField>
        <DenseField label="Session">
          <Select look="dense" name="session" defaultValue={filters.session ?? ""}>
            <option value="">All sessions</option>
            {sessions.map((s) => <option key={s}>{s}</option>)}
          </Select>
        </DenseField>
        <DenseField label="Class">
          <Select look="dense" name="class" defaultValue={filters.className ?? ""}>
            <option value="">All classes</option>
            {SCHOOL_CLASSES.map((c) => <option key={c}>{c}</option>)}
          </Select>
        </DenseField>
        <DenseField label="Status">
          <Select look="dense" name="status" defaultValue={filters.status ?? ""}>
            <option value="">All</option>
            {APPLICATION_STATUSES.map((s) => <option key={s} value={s}>{APPLICATION_STATUS_LABELS[s]}</option>)}
          </Select>
        </DenseField>
        <div className="grid grid-cols-2 gap-2">
          <DenseField label="From">
            <TextInput look="dense" type="date" name="from" defaultValue={filters.from ?? ""} />
          </DenseField>
          <DenseField label="To">
            <TextInput look="dense" type="date" name="to" defaultValue={filters.to ?? ""} />
          </DenseField>
        </div>
      </FilterForm>
      <p className="mt-4 text-sm text-slate-700" data-testid="application-total">
        {number.format(total)} {total === 1 ? "application" : "applications"}{total > rows.length ? ` (the newest ${number.format(rows.length)} shown; the CSV has all)` : ""}
      </p>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">No applications match these filters.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
          {rows.map((a) => (
            <li key={a.publicId}>
              <Link to={`/admin/applications/${a.publicId}`} className="grid gap-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[13rem_1fr_8rem_9rem] sm:items-center sm:gap-3">
                <span className="font-mono text-sm font-semibold text-brand-800">{a.number}</span>
                <span>
                  <span className="font-semibold text-slate-900">{a.childName}</span>
                  <span className="block text-sm text-slate-700">{a.parentName} · {a.mobile}</span>
                </span>
                <span className="text-sm text-slate-800">{a.classApplied}</span>
                <span className="flex flex-col items-start gap-1">
                  <StatusBadge status={a.status} />
                  <span className="text-xs text-slate-600">{formatDateTime(a.createdAt)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export type PaymentFacts = { reference: string; amountPaise: number; paidAt: string | Date | null; receiptNumber: string | null; receiptHref: string | null; orderHref: string } | null;

/** The action's answer to a workflow post that did not move the application. */
export type WorkflowPanel = Exclude<WorkflowAnswer, { kind: "moved" | "refused" }> | { kind: "refused"; message: string };

type DetailProps = {
  application: ApplicationWithSession;
  cutOff: string | null;
  documents: Pick<ApplicationDocument, "kind" | "originalName" | "contentType" | "sizeBytes">[];
  history: StatusChange[];
  payment: PaymentFacts;
  answer: WorkflowPanel | null;
  canDecide: boolean;
  need: string;
};

function Facts({ title, rows }: { title: string; rows: [string, string | null | undefined][] }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 className="text-lg font-bold text-brand-800">{title}</h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600">{k}</dt>
            <dd className="font-medium text-slate-900">{v || "—"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The question of a decision with Confirm and Cancel; focused when it appears, so it is read and seen first. */
function ConfirmDecision({ answer, busy }: { answer: Extract<WorkflowPanel, { kind: "confirm" }>; busy: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [answer]);
  return (
    <section aria-labelledby="confirm-decision" className="mt-4 rounded-2xl border-2 border-amber-400 bg-amber-50 p-4 sm:p-5" data-testid="confirm-decision">
      <h2 id="confirm-decision" ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">{answer.question}</h2>
      {answer.note && <p className="mt-2 text-sm text-slate-800">Internal note to record: {answer.note}</p>}
      {answer.message && <p className="mt-2 text-sm text-slate-800">Message to the parent, sent with the update: {answer.message}</p>}
      <Form method="post" preventScrollReset className="mt-4 flex flex-wrap gap-2">
        <input type="hidden" name="to" value={answer.to} />
        <input type="hidden" name="note" value={answer.note} />
        <input type="hidden" name="message" value={answer.message} />
        <input type="hidden" name="from" value={answer.from} />
        <Button name="step" value="confirm" disabled={busy} size="sm-wide" disabledLook="pale">
          Confirm
        </Button>
        <Button name="step" value="cancel" disabled={busy} variant="neutral" size="sm-wide">
          Cancel
        </Button>
      </Form>
    </section>
  );
}

export function ApplicationDetail({ application: a, cutOff, documents, history, payment, answer, canDecide, need }: DetailProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const d = a.details;
  const moves = STATUS_MOVES[a.status];
  const age = cutOff ? `${ageOn(a.dateOfBirth, cutOff)} years on ${formatCutOff(cutOff)}` : null;
  return (
    <>
      <p className="text-sm"><Link to="/admin/applications" className="font-semibold text-brand-700 underline">All applications</Link></p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-brand-800">{a.childName}</h1>
        <StatusBadge status={a.status} />
      </div>
      <p className="mt-1 font-mono text-sm text-slate-800" data-testid="admin-application-number">{a.number}</p>
      {answer?.kind === "refused" && <p role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 p-3 text-red-900">{answer.message}</p>}
      {canDecide && answer?.kind === "confirm" && <ConfirmDecision answer={answer} busy={busy} />}

      <div className="mt-5 grid gap-4 lg:grid-cols-2">
        <Facts
          title="The child"
          rows={[
            ["Class applied for", `${a.classApplied} (session ${a.sessionName})`],
            ["Date of birth", `${formatCutOff(a.dateOfBirth)}${age ? ` (${age})` : ""}`],
            ["Gender", d.gender],
            ["Category", d.category],
            ["Nationality", d.nationality],
            ["Mother tongue", d.motherTongue],
            ["Blood group", d.bloodGroup],
            ["Aadhaar", d.aadhaar],
            ["Sibling's admission No.", d.siblingAdmissionNumber],
            ["Previous school", d.previousSchool],
            ["Last class passed", d.lastClassPassed],
          ]}
        />
        <Facts
          title="Parents or guardian"
          rows={[
            ["Father", [d.fatherName, d.fatherOccupation].filter(Boolean).join(", ")],
            ["Father's mobile, e-mail", [d.fatherMobile, d.fatherEmail].filter(Boolean).join(", ")],
            ["Mother", [d.motherName, d.motherOccupation].filter(Boolean).join(", ")],
            ["Mother's mobile, e-mail", [d.motherMobile, d.motherEmail].filter(Boolean).join(", ")],
            ["Guardian", [d.guardianName, d.guardianRelation].filter(Boolean).join(", ")],
            ["Registered mobile", a.mobile],
            ["E-mail", a.email],
            ["Address", `${d.address}, ${d.city}, ${d.state} ${d.pinCode}`],
            ["Consent given (IST)", formatDateTime(new Date(a.consentAt))],
          ]}
        />
        <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
          <h2 className="text-lg font-bold text-brand-800">Documents</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {DOCUMENT_KINDS.map((kind) => {
              const doc = documents.find((x) => x.kind === kind);
              return (
                <li key={kind}>
                  <span className="font-semibold">{DOCUMENT_LABELS[kind]}: </span>
                  {doc ? (
                    <a href={`/admin/applications/${a.publicId}/documents/${kind}`} target="_blank" rel="noreferrer" className="text-brand-700 underline">
                      {doc.originalName} ({doc.contentType.replace(/^\w+\//, "").toUpperCase()}, {Math.ceil(doc.sizeBytes / 1024)} KB)
                    </a>
                  ) : kind === "birth_certificate" && a.birthCertificateLater ? (
                    <span className="text-amber-900">to be submitted later (RTE §14)</span>
                  ) : (
                    <span>none</span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
        <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
          <h2 className="text-lg font-bold text-brand-800">Application fee</h2>
          {payment ? (
            <dl className="mt-3 grid grid-cols-[9rem_1fr] gap-y-2 text-sm">
              <dt className="text-slate-600">Amount</dt>
              <dd className="font-medium">{formatRupees(payment.amountPaise)}</dd>
              <dt className="text-slate-600">Paid (IST)</dt>
              <dd className="font-medium">{payment.paidAt ? formatDateTime(new Date(payment.paidAt)) : "—"}</dd>
              <dt className="text-slate-600">Payment</dt>
              <dd><Link to={payment.orderHref} className="font-mono text-brand-700 underline">{payment.reference}</Link></dd>
              <dt className="text-slate-600">Receipt</dt>
              <dd>{payment.receiptHref ? <a href={payment.receiptHref} className="text-brand-700 underline">{payment.receiptNumber}</a> : "—"}</dd>
            </dl>
          ) : (
            <p className="mt-3 text-sm text-slate-800">Not paid ({formatRupees(a.feePaise)} due). The parent can pay from <a className="text-brand-700 underline" href={`/admissions/retry-payment/${a.publicId}`}>the application's payment link</a>.</p>
          )}
        </section>
      </div>

      <section className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 className="text-lg font-bold text-brand-800">Workflow</h2>
        {moves.length > 0 && !canDecide ? (
          <ReadOnlyNote need={need} className="mt-2" />
        ) : moves.length > 0 ? (
          // A new form for each step: a note belongs to the step it was written for, and must
          // not stay in the box to be recorded again with the next one.
          <Form key={`${a.status}:${history.length}`} method="post" preventScrollReset className="mt-3 space-y-3">
            <input type="hidden" name="from" value={a.status} />
            <DenseField label="Internal note (optional; the office's own, never sent)" className="block">
              <TextArea look="dense" name="note" rows={2} maxLength={1000} defaultValue={answer?.kind === "draft" ? answer.note : undefined} />
            </DenseField>
            <DenseField label="Message to the parent (optional; sent with the status update)" className="block">
              <TextArea look="dense" name="message" rows={2} maxLength={1000} defaultValue={answer?.kind === "draft" ? answer.message : undefined} />
            </DenseField>
            <div className="flex flex-wrap gap-2">
              {moves.map((to) => (
                <Button key={to} name="to" value={to} disabled={busy} size="sm" disabledLook="pale">
                  {MOVE_LABELS[to as MoveTarget]}
                </Button>
              ))}
            </div>
          </Form>
        ) : (
          <p className="mt-2 text-sm text-slate-700">{a.status === "payment_pending" ? "The review starts once the application fee is paid." : "This application's decision is final."}</p>
        )}
        <ol className="mt-4 space-y-2 border-l-2 border-slate-200 pl-4 text-sm" data-testid="history">
          {history.map((h) => (
            <li key={h.id}>
              <span className="font-semibold">{APPLICATION_STATUS_LABELS[h.toStatus]}</span>
              <span className="text-slate-600"> · {formatDateTime(new Date(h.createdAt))} · {h.byWhom}</span>
              {h.note && <p className="text-slate-800">{h.note}</p>}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
