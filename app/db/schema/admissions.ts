/**
 * Online admission (SPEC §2 /apply; PAYMENTS.md §D).
 *
 * - `admission_sessions`: one row per admission session ("2027-28"); at most one is open. The
 *   school sets its open classes, the application fee (paise) and the age cut-off date.
 * - `application_counters`: the last application number of each session, incremented inside
 *   the inserting transaction (the row stays locked until commit, so concurrent submissions
 *   take consecutive numbers and a rollback gives its number back: no gaps).
 * - `applications`: the form as submitted. Columns for what is filtered and searched; the rest
 *   of the form in `details` (jsonb). `public_id` (128 random bits, base64url) is the only key
 *   used in links; `number` ("KVA/ADM/2027-28/0001") is shown, never used as a key.
 * - `application_documents`: uploaded files, stored under DATA_DIR/documents (outside the web
 *   root), served to the administrator only.
 * - `application_status_history`: every status change with its note, who and when.
 * - Wrong tries of /admissions/status are counted in `lookup_failures` (./lookup-failures.ts).
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { APPLICATION_STATUSES, DOCUMENT_KINDS } from "../admission-values";

export const admissionSessions = pgTable(
  "admission_sessions",
  {
    id: serial("id").primaryKey(),
    /** "2027-28" (hyphen), the academic session the admission is for. */
    name: text("name").notNull().unique(),
    isOpen: boolean("is_open").notNull().default(false),
    /** Classes taking applications, as the enquiry form names them ("Nursery", "Class 1"). */
    openClasses: jsonb("open_classes").$type<string[]>().notNull(),
    applicationFeePaise: integer("application_fee_paise").notNull(),
    /** Age is reckoned in completed years on this date (default 31 March of the start year). */
    ageCutOff: date("age_cut_off", { mode: "string" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (t) => [
    uniqueIndex("admission_sessions_one_open").on(t.isOpen).where(sql`${t.isOpen}`),
    check("admission_sessions_fee_positive", sql`${t.applicationFeePaise} > 0`),
  ],
);

export const applicationCounters = pgTable("application_counters", {
  sessionId: integer("session_id").primaryKey().references(() => admissionSessions.id),
  lastNumber: integer("last_number").notNull(),
});

/** Everything the form asks that is not a column. */
export type ApplicationDetails = {
  gender: string;
  nationality: string;
  motherTongue: string;
  bloodGroup: string | null;
  aadhaar: string | null;
  category: string;
  siblingAdmissionNumber: string | null;
  fatherName: string | null;
  fatherOccupation: string | null;
  fatherMobile: string | null;
  fatherEmail: string | null;
  motherName: string | null;
  motherOccupation: string | null;
  motherMobile: string | null;
  motherEmail: string | null;
  guardianName: string | null;
  guardianRelation: string | null;
  address: string;
  city: string;
  state: string;
  pinCode: string;
  previousSchool: string | null;
  lastClassPassed: string | null;
};

export const applications = pgTable(
  "applications",
  {
    id: serial("id").primaryKey(),
    publicId: text("public_id").notNull().unique(),
    number: text("number").notNull().unique(),
    sessionId: integer("session_id").notNull().references(() => admissionSessions.id),
    sequence: integer("sequence").notNull(),
    status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("payment_pending"),
    childName: text("child_name").notNull(),
    dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
    classApplied: text("class_applied").notNull(),
    /** The parent's name the school writes to (father, mother or guardian). */
    parentName: text("parent_name").notNull(),
    /** 10 digits, first 6-9: with the number, what /admissions/status asks. */
    mobile: text("mobile").notNull(),
    email: text("email"),
    details: jsonb("details").$type<ApplicationDetails>().notNull(),
    /** RTE §14: the birth certificate may come later; no child is refused for lacking it. */
    birthCertificateLater: boolean("birth_certificate_later").notNull().default(false),
    /** Application fee owed, paise, as it was when the form was sent. */
    feePaise: integer("fee_paise").notNull(),
    /** DPDP Act 2023 §9: when the parent gave consent. */
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the fee was paid and the status became `submitted`. */
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** The admission number the roll gave the child when admitted (the status page shows it); null before. */
    admissionNumber: text("admission_number"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("applications_session_sequence").on(t.sessionId, t.sequence),
    index("applications_created_at_idx").on(t.createdAt),
    index("applications_status_idx").on(t.status),
    index("applications_class_idx").on(t.classApplied),
  ],
);

export const applicationDocuments = pgTable(
  "application_documents",
  {
    id: serial("id").primaryKey(),
    applicationId: integer("application_id").notNull().references(() => applications.id),
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull(),
    /** File name under DATA_DIR/documents/applications/ (random, never the parent's name). */
    storedName: text("stored_name").notNull().unique(),
    /** What the parent's file was called (shown to the administrator only). */
    originalName: text("original_name").notNull(),
    /** From the file's content (magic bytes), not from what the browser said. */
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("application_documents_kind").on(t.applicationId, t.kind)],
);

export const applicationStatusHistory = pgTable(
  "application_status_history",
  {
    id: serial("id").primaryKey(),
    applicationId: integer("application_id").notNull().references(() => applications.id),
    fromStatus: text("from_status", { enum: APPLICATION_STATUSES }),
    toStatus: text("to_status", { enum: APPLICATION_STATUSES }).notNull(),
    note: text("note"),
    /** The administrator's e-mail, "parent" or "payment" (the fee's payment). */
    byWhom: text("by_whom").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("application_status_history_application").on(t.applicationId, t.createdAt)],
);
