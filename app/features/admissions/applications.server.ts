/**
 * Applications (tables of app/db/schema/admissions.ts): storing a submitted form
 * with its number, the fee's payment turning it `submitted`, the administrator's workflow, the
 * list and counts, and the parent's status lookup. Every function throws what the driver throws.
 */
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, gte, ilike, like, lt, or, sql, type SQL } from "drizzle-orm";
import { recordAudit, type Actor } from "~/core/audit/audit.server";
import { STATUS_MOVES, type ApplicationStatus, type DocumentKind } from "~/db/admission-values";
import type { Database } from "~/db/client.server";
import { LOOKUP_LIMITS, lookupThrottled, recordLookupFailure } from "~/db/lookup-throttle.server";
import {
  admissionSessions,
  applicationCounters,
  applicationDocuments,
  applicationStatusHistory,
  applications,
  type ApplicationDetails,
} from "~/db/schema/admissions";
import { addDays, istMidnight } from "~/lib/dates";
import { enqueueStatusChange, toldToParent } from "./messages.server";
import { applicationNumberPrefix, normaliseApplicationNumber, SEQUENCE_DIGITS } from "./numbering";
import type { ApplicationInput } from "./schema";
import type { AdmissionSession } from "./sessions.server";
import { containsPattern, typedMobile } from "~/lib/search";

export type Application = typeof applications.$inferSelect;
export type ApplicationDocument = typeof applicationDocuments.$inferSelect;
export type StatusChange = typeof applicationStatusHistory.$inferSelect;
export type ApplicationWithSession = Application & { sessionName: string };

/** 128 random bits, base64url (22 characters): the application's id in links. */
export function newApplicationPublicId(): string {
  return randomBytes(16).toString("base64url");
}

/** True for something shaped like a public id (so a malformed link is a 404 without a query). */
export function isPublicId(value: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(value);
}

/** A stored document, as documents.server.ts wrote it before the transaction. */
export type StoredDocument = { kind: DocumentKind; storedName: string; originalName: string; contentType: string; sizeBytes: number };

/** What the form gives, split into columns and the details (jsonb). */
export function applicationRow(input: ApplicationInput): Pick<Application, "childName" | "dateOfBirth" | "classApplied" | "parentName" | "mobile" | "email" | "details" | "birthCertificateLater"> {
  const o = (s: string | undefined) => (s && s.trim() ? s.trim() : null);
  const details: ApplicationDetails = {
    gender: input.gender,
    nationality: input.nationality,
    motherTongue: input.motherTongue,
    bloodGroup: input.bloodGroup ?? null,
    aadhaar: o(input.aadhaar),
    category: input.category,
    siblingAdmissionNumber: input.hasSibling ? o(input.siblingAdmissionNumber) : null,
    fatherName: o(input.fatherName),
    fatherOccupation: o(input.fatherOccupation),
    fatherMobile: o(input.fatherMobile),
    fatherEmail: o(input.fatherEmail),
    motherName: o(input.motherName),
    motherOccupation: o(input.motherOccupation),
    motherMobile: o(input.motherMobile),
    motherEmail: o(input.motherEmail),
    guardianName: o(input.guardianName),
    guardianRelation: o(input.guardianRelation),
    address: input.address,
    city: input.city,
    state: input.state,
    pinCode: input.pinCode,
    previousSchool: o(input.previousSchool),
    lastClassPassed: o(input.lastClassPassed),
  };
  return {
    childName: input.childName,
    dateOfBirth: input.dateOfBirth,
    classApplied: input.classApplied,
    parentName: (details.fatherName ?? details.motherName ?? details.guardianName)!,
    mobile: input.mobile,
    email: o(input.email),
    details,
    birthCertificateLater: !input.birthCertificate && input.birthCertificateLater === "yes",
  };
}

/**
 * The application number of `sequence` (an integer expression) in `session`, in SQL, for the
 * statement that takes the sequence: "KVA/ADM/2027-28/0001", the prefix and at least
 * SEQUENCE_DIGITS digits (numbering.ts).
 */
export function applicationNumberSql(session: string, sequence: SQL): SQL {
  return sql`${applicationNumberPrefix(session)}::text || lpad(${sequence}::text, greatest(${SEQUENCE_DIGITS}::int, length(${sequence}::text)), '0')`;
}

/**
 * Stores an application of `session` in one statement: the next number of the session (the
 * counter row is locked for that statement only, so concurrent submissions queue for
 * microseconds, not for round trips, and take consecutive numbers; a failure anywhere gives the
 * number back), the row (status `payment_pending`, the session's fee), its documents and the
 * first history line. Returns the stored application. Throws what the driver throws (nothing is
 * stored then).
 */
export async function createApplication(db: Database, session: AdmissionSession, input: ApplicationInput, documents: StoredDocument[], now = new Date()): Promise<ApplicationWithSession> {
  const counter = db.$with("counter", { lastNumber: applicationCounters.lastNumber }).as(
    sql`insert into ${applicationCounters} (session_id, last_number) values (${session.id}, 1)
      on conflict (session_id) do update set last_number = ${applicationCounters.lastNumber} + 1 returning last_number`,
  );
  const sequence = sql`(select last_number from ${counter})`;
  const stored = db.$with("stored").as(
    db
      .insert(applications)
      .values({
        ...applicationRow(input),
        publicId: newApplicationPublicId(),
        number: applicationNumberSql(session.name, sequence),
        sessionId: session.id,
        sequence,
        status: "payment_pending",
        feePaise: session.applicationFeePaise,
        consentAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
  );
  const linked = [
    ...documents.map((d, i) =>
      db.$with(`document${i}`, {}).as(
        sql`insert into ${applicationDocuments} (application_id, kind, stored_name, original_name, content_type, size_bytes, created_at)
          select id, ${d.kind}, ${d.storedName}, ${d.originalName}, ${d.contentType}, ${d.sizeBytes}::int, ${now}::timestamptz from ${stored}`,
      ),
    ),
    db.$with("history", {}).as(
      sql`insert into ${applicationStatusHistory} (application_id, from_status, to_status, note, by_whom, created_at)
        select id, null, 'payment_pending', 'Form received; the application fee is due.', 'parent', ${now}::timestamptz from ${stored}`,
    ),
  ];
  const [application] = await db.with(counter, stored, ...linked).select().from(stored);
  return { ...application!, sessionName: session.name };
}

const withSession = { application: applications, sessionName: admissionSessions.name };

/** The application behind a public id, with its session's name; null when there is none. */
export async function applicationByPublicId(db: Database, publicId: string): Promise<ApplicationWithSession | null> {
  if (!isPublicId(publicId)) return null;
  const [row] = await db.select(withSession).from(applications).innerJoin(admissionSessions, eq(admissionSessions.id, applications.sessionId)).where(eq(applications.publicId, publicId));
  return row ? { ...row.application, sessionName: row.sessionName } : null;
}

/**
 * The fee of the application `publicId` is paid (inside the paying transaction `tx`): the
 * status becomes `submitted` once, with a history line. Returns the application as it is after,
 * and `moved`: false when it had already left `payment_pending` (paid by another order, or moved
 * on by the office). Throws Error when there is no such application (the payment then rolls
 * back and the payment core logs it).
 */
export async function markApplicationPaid(tx: Database, publicId: string, orderReference: string, now = new Date()): Promise<{ application: ApplicationWithSession; moved: boolean }> {
  const [updated] = await tx
    .update(applications)
    .set({ status: "submitted", submittedAt: now, updatedAt: now })
    .where(and(eq(applications.publicId, publicId), eq(applications.status, "payment_pending")))
    .returning({ application: applications, sessionName: sql<string>`(select ${admissionSessions.name} from ${admissionSessions} where ${admissionSessions.id} = ${applications.sessionId})` });
  if (updated) {
    await tx.insert(applicationStatusHistory).values({ applicationId: updated.application.id, fromStatus: "payment_pending", toStatus: "submitted", note: `Application fee paid (order ${orderReference}).`, byWhom: "payment", createdAt: now });
    return { application: { ...updated.application, sessionName: updated.sessionName }, moved: true };
  }
  const application = await applicationByPublicId(tx, publicId);
  if (!application) throw new Error(`No application ${publicId} for a paid application fee`);
  return { application, moved: false };
}

export type MoveResult = { ok: true; application: ApplicationWithSession } | { ok: false; message: string };

/**
 * What admitting made: the sentence added to the step's note, the child's admission number
 * (kept on the application, shown on its status page and told to the parent), and what the
 * parent is told of the first fees (null when there is nothing to tell).
 */
export type Admitted = { note: string; admissionNumber: string; firstFees?: string | null };

/**
 * The roll's hook, run inside the admitting transaction; a sentence it returns is added to the
 * step's note (an `Admitted` says more). It is given who admits, for its own audit row.
 */
export type OnAdmitted = (tx: Database, application: ApplicationWithSession, actor: Actor) => Promise<string | Admitted | void>;

/**
 * A staff member (`actor`) moves an application along the workflow (STATUS_MOVES) with a note,
 * in one transaction with the row locked; `onAdmitted` runs inside it when the new status is
 * `admitted` (the composition module's hook: app/features/admissions/roll.server.ts; what it returns is
 * added to the step's note, e.g. the new admission number). `from`, when given, is the status
 * the administrator saw. A move the workflow does not allow, or from a status the application
 * has since left, is refused. The parent is told of the move (`application_status`, with
 * `message` when the office wrote one to the parent; the internal `note` is never sent) and the audit row (`application.status`, by application number) is
 * written in the same transaction.
 */
export async function moveApplication(
  db: Database,
  input: { publicId: string; to: ApplicationStatus; note: string | null; message?: string | null; actor: Actor; from?: ApplicationStatus },
  onAdmitted: OnAdmitted,
  now = new Date(),
): Promise<MoveResult> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(applications).where(eq(applications.publicId, input.publicId)).for("update");
    if (!locked) return { ok: false, message: "No such application." };
    if (input.from && locked.status !== input.from) return { ok: false, message: "This application has changed since the page was opened: look at it again before deciding." };
    if (!STATUS_MOVES[locked.status].includes(input.to)) return { ok: false, message: `An application that is "${locked.status}" cannot become "${input.to}".` };
    await tx.update(applications).set({ status: input.to, updatedAt: now }).where(eq(applications.id, locked.id));
    const application = (await applicationByPublicId(tx, input.publicId))!;
    const hooked = input.to === "admitted" ? await onAdmitted(tx, application, input.actor) : undefined;
    const admitted = typeof hooked === "object" ? hooked : null;
    if (admitted) await tx.update(applications).set({ admissionNumber: admitted.admissionNumber }).where(eq(applications.id, locked.id));
    const said = admitted ? admitted.note : hooked;
    const message = input.message?.trim() || null;
    const note = [input.note, said, message && `Message to the parent: ${message}`].filter(Boolean).join(" — ") || null;
    const [step] = await tx
      .insert(applicationStatusHistory)
      .values({ applicationId: locked.id, fromStatus: locked.status, toStatus: input.to, note, byWhom: input.actor.email, createdAt: now })
      .returning({ id: applicationStatusHistory.id });
    await recordAudit(tx, { actor: input.actor, action: "application.status", entity: "application", entityId: locked.number, before: { status: locked.status }, after: { status: input.to, note } });
    if (toldToParent(input.to)) await enqueueStatusChange(tx, application, input.to, message, step!.id, now, admitted);
    return { ok: true, application };
  });
}

/** How many applications were submitted (their fee paid) on the IST day `day` ("yyyy-mm-dd"), for the office's daily summary. */
export async function applicationsSubmittedOn(db: Database, day: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .where(and(gte(applications.submittedAt, istMidnight(day)), lt(applications.submittedAt, istMidnight(addDays(day, 1)))));
  return Number(row?.n ?? 0);
}

export async function documentsOf(db: Database, applicationId: number): Promise<ApplicationDocument[]> {
  return db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, applicationId)).orderBy(applicationDocuments.kind);
}

export async function historyOf(db: Database, applicationId: number): Promise<StatusChange[]> {
  return db.select().from(applicationStatusHistory).where(eq(applicationStatusHistory.applicationId, applicationId)).orderBy(applicationStatusHistory.createdAt, applicationStatusHistory.id);
}

export type ApplicationFilters = {
  session?: string;
  className?: string;
  status?: ApplicationStatus;
  /** IST dates "yyyy-mm-dd", inclusive, of the form's receipt. */
  from?: string;
  to?: string;
  /** Part of the child's or parent's name, the number, or the mobile. */
  q?: string;
};

function whereOf(f: ApplicationFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.session) parts.push(eq(admissionSessions.name, f.session));
  if (f.className) parts.push(eq(applications.classApplied, f.className));
  if (f.status) parts.push(eq(applications.status, f.status));
  if (f.from) parts.push(gte(applications.createdAt, istMidnight(f.from)));
  if (f.to) parts.push(lt(applications.createdAt, new Date(istMidnight(f.to).getTime() + 86_400_000)));
  if (f.q) {
    const pattern = containsPattern(f.q);
    // A mobile typed with +91, spaces or dashes finds the stored ten digits.
    const mobile = typedMobile(f.q);
    parts.push(or(ilike(applications.childName, pattern), ilike(applications.parentName, pattern), ilike(applications.number, pattern), ilike(applications.mobile, pattern), mobile ? like(applications.mobile, `%${mobile}%`) : undefined));
  }
  return parts.length ? and(...parts) : undefined;
}

/** Applications matching `filters`, newest first, at most `limit`; `total` counts every match. */
export async function listApplications(db: Database, filters: ApplicationFilters, limit = 200): Promise<{ rows: ApplicationWithSession[]; total: number }> {
  const where = whereOf(filters);
  const rows = await db.select(withSession).from(applications).innerJoin(admissionSessions, eq(admissionSessions.id, applications.sessionId)).where(where).orderBy(desc(applications.createdAt), desc(applications.id)).limit(limit);
  const [total] = await db.select({ n: count() }).from(applications).innerJoin(admissionSessions, eq(admissionSessions.id, applications.sessionId)).where(where);
  return { rows: rows.map((r) => ({ ...r.application, sessionName: r.sessionName })), total: Number(total?.n ?? 0) };
}

/** Counts by class and status of the open session's applications (the admin dashboard). */
export async function applicationCounts(db: Database): Promise<{ className: string; status: ApplicationStatus; n: number }[]> {
  const rows = await db
    .select({ className: applications.classApplied, status: applications.status, n: count() })
    .from(applications)
    .innerJoin(admissionSessions, eq(admissionSessions.id, applications.sessionId))
    .where(eq(admissionSessions.isOpen, true))
    .groupBy(applications.classApplied, applications.status);
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** Wrong tries allowed per client IP in LOOKUP_WINDOW_MS, and per application number (the receipts' pattern). */
export const MAX_LOOKUP_FAILURES_PER_IP = LOOKUP_LIMITS.application.perIp;
export const MAX_LOOKUP_FAILURES_PER_NUMBER = LOOKUP_LIMITS.application.perKey;
export const LOOKUP_WINDOW_MS = LOOKUP_LIMITS.application.windowMs;

export type LookupResult = { kind: "found"; application: ApplicationWithSession } | { kind: "not_found" } | { kind: "throttled" };

/**
 * /admissions/status: the application with `number` whose registered mobile is `mobile`. A
 * miss is counted against the IP and the number; once either limit is reached every try is
 * refused (even a right one, so the limit cannot be probed). The answer never says which of
 * the two was wrong (OWASP ASVS 2.2.1 style throttling, as receipts do).
 */
export async function lookupApplication(db: Database, input: { number: string; mobile: string }, ip: string, now = new Date()): Promise<LookupResult> {
  const number = normaliseApplicationNumber(input.number);
  if (await lookupThrottled(db, "application", { key: number, ip }, now)) return { kind: "throttled" };
  const [row] = await db.select(withSession).from(applications).innerJoin(admissionSessions, eq(admissionSessions.id, applications.sessionId)).where(eq(applications.number, number));
  if (row && row.application.mobile === input.mobile) return { kind: "found", application: { ...row.application, sessionName: row.sessionName } };
  await recordLookupFailure(db, "application", { key: number, ip }, now);
  return { kind: "not_found" };
}
