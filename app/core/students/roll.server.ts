/**
 * The student roll: listing, editing, importing it all or nothing, creating one
 * student with a new admission number (for admissions), and the parent's look-up by admission
 * number and date of birth, throttled like /receipt-download (25 wrong tries per IP and 10 per
 * admission number in 15 minutes; one generic answer for any mismatch). Throws what the driver
 * throws.
 */
import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import { recordAudit, recordChange, type Actor } from "~/core/audit/audit.server";
import type { Database } from "~/db/client.server";
import { LOOKUP_LIMITS, lookupThrottled, recordLookupFailure } from "~/db/lookup-throttle.server";
import { admissionCounters, students } from "~/db/schema/fees";
import { SCHOOL_CLASSES } from "#content/school";
import type { StudentInput } from "./roster";
import { containsPattern, typedMobile } from "~/lib/search";

/** A student on the roll, as stored. */
export type Student = typeof students.$inferSelect;

export const MAX_FAILURES_PER_IP = LOOKUP_LIMITS.fee_student.perIp;
export const MAX_FAILURES_PER_NUMBER = LOOKUP_LIMITS.fee_student.perKey;
export const THROTTLE_WINDOW_MS = LOOKUP_LIMITS.fee_student.windowMs;

/** The one answer for a wrong admission number or date of birth (never says which). */
export const STUDENT_NOT_FOUND = "We could not find a student with these details. Check the admission number and the date of birth, and try again.";
export const STUDENT_THROTTLED = "Too many attempts. Please wait 15 minutes and try again, or ask the school office.";

export async function studentById(db: Database, id: number): Promise<Student | null> {
  const [row] = await db.select().from(students).where(eq(students.id, id));
  return row ?? null;
}

export async function studentByAdmissionNumber(db: Database, admissionNumber: string): Promise<Student | null> {
  const [row] = await db.select().from(students).where(sql`upper(${students.admissionNumber}) = ${admissionNumber.trim().toUpperCase()}`);
  return row ?? null;
}

/** Nursery, LKG, UKG, Class 1 … Class 12 as a sort key (text order would put Class 10 before Class 3). */
const classRank = sql`array_position(ARRAY[${sql.join(SCHOOL_CLASSES.map((c) => sql`${c}`), sql`, `)}]::text[], ${students.className})`;

/**
 * The roll, filtered by a search (the student's or a parent's name, the admission number, or the
 * mobile however typed: "+91 98765 43210") and a class, in class order (Nursery first), then
 * section and name.
 */
export async function listStudents(db: Database, filter: { q?: string; className?: string } = {}, limit = 500): Promise<Student[]> {
  const q = filter.q?.trim();
  const pattern = q ? containsPattern(q) : "";
  const mobile = q ? typedMobile(q) : null;
  const search = q
    ? or(
        ilike(students.name, pattern),
        ilike(students.admissionNumber, pattern),
        ilike(students.fatherName, pattern),
        ilike(students.motherName, pattern),
        mobile ? sql`regexp_replace(${students.mobile}, '[^0-9]', '', 'g') LIKE ${`%${mobile}%`}` : undefined,
      )
    : undefined;
  const conditions = [search, filter.className ? eq(students.className, filter.className) : undefined].filter(Boolean);
  return db
    .select()
    .from(students)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(classRank, asc(students.className), asc(students.section), asc(students.name))
    .limit(limit);
}

const values = (s: StudentInput | Student) => ({
  admissionNumber: s.admissionNumber,
  name: s.name,
  dateOfBirth: s.dateOfBirth,
  className: s.className,
  section: s.section,
  fatherName: s.fatherName,
  motherName: s.motherName,
  mobile: s.mobile,
  email: s.email,
  busStop: s.busStop,
  concessions: s.concessions,
  joinedSession: s.joinedSession,
  joinedMonth: s.joinedMonth,
});

/**
 * Edits a student on behalf of `actor`, with the audit row (`student.update`: the fields that
 * changed, by admission number) in the same transaction. Returns "duplicate" when the admission
 * number belongs to another student. Dues already on the ledger stay as posted; the change
 * applies to what is posted next.
 */
export async function updateStudent(db: Database, id: number, input: StudentInput, actor: Actor): Promise<"updated" | "duplicate" | "not_found"> {
  return db.transaction(async (tx) => {
    const other = await studentByAdmissionNumber(tx, input.admissionNumber);
    if (other && other.id !== id) return "duplicate";
    const [old] = await tx.select().from(students).where(eq(students.id, id)).for("update");
    if (!old) return "not_found";
    await tx.update(students).set({ ...values(input), updatedAt: new Date() }).where(eq(students.id, id));
    await recordChange(tx, { actor, action: "student.update", entity: "student", entityId: input.admissionNumber, before: values(old), after: values(input) });
    return "updated";
  });
}

/** The first admission number "<year>/9001", "<year>/9002"… not on the roll (the template's example row). */
export async function unusedAdmissionNumber(db: Database, year: number): Promise<string> {
  for (let n = 9001; ; n++) {
    const candidate = `${year}/${n}`;
    if (!(await studentByAdmissionNumber(db, candidate))) return candidate;
  }
}

export type ImportResult = { kind: "imported"; count: number } | { kind: "rejected"; problems: { line: number; admissionNumber: string; reasons: string[] }[] };

/**
 * Imports checked rows in one transaction on behalf of `actor`: an admission number already on
 * the roll rejects the whole file (with each clash reported), so a file is taken whole or not at
 * all. One audit row (`student.import`) names how many and which admission numbers joined.
 */
export async function importStudents(db: Database, rows: readonly StudentInput[], actor: Actor): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ n: students.admissionNumber })
      .from(students)
      .where(sql`upper(${students.admissionNumber}) IN (${sql.join(rows.map((r) => sql`${r.admissionNumber.toUpperCase()}`), sql`, `)})`);
    if (existing.length > 0) {
      const clash = new Set(existing.map((e) => e.n.toUpperCase()));
      return {
        kind: "rejected" as const,
        problems: rows.flatMap((r, i) => (clash.has(r.admissionNumber.toUpperCase()) ? [{ line: i + 2, admissionNumber: r.admissionNumber, reasons: [`admission_number: ${r.admissionNumber} is already on the roll`] }] : [])),
      };
    }
    if (rows.length > 0) await tx.insert(students).values(rows.map(values));
    await recordAudit(tx, { actor, action: "student.import", entity: "student", entityId: null, after: { students: rows.length, admissionNumbers: rows.map((r) => r.admissionNumber) } });
    return { kind: "imported" as const, count: rows.length };
  });
}

export type NewStudent = Omit<StudentInput, "admissionNumber" | "section" | "fatherName" | "motherName" | "email" | "busStop" | "concessions" | "joinedSession" | "joinedMonth"> &
  Partial<Pick<StudentInput, "section" | "fatherName" | "motherName" | "email" | "busStop" | "concessions" | "joinedSession" | "joinedMonth">>;

/**
 * Creates a student inside `tx` with the next admission number of `year` ("2027/0001", 4 digits
 * or more), taken from a counter row locked until `tx` ends: numbers are sequential and a rolled
 * back transaction gives its number back. A number already on the roll (imported by hand) is
 * skipped. For admissions to call when an application is admitted.
 * Returns the new id and admission number; throws what the driver throws.
 */
export async function createStudent(tx: Database, input: NewStudent, year = new Date().getFullYear()): Promise<{ id: number; admissionNumber: string }> {
  for (;;) {
    const [counter] = await tx
      .insert(admissionCounters)
      .values({ year, lastNumber: 1 })
      .onConflictDoUpdate({ target: admissionCounters.year, set: { lastNumber: sql`${admissionCounters.lastNumber} + 1` } })
      .returning({ lastNumber: admissionCounters.lastNumber });
    const admissionNumber = `${year}/${String(counter!.lastNumber).padStart(4, "0")}`;
    if (await studentByAdmissionNumber(tx, admissionNumber)) continue;
    const [row] = await tx
      .insert(students)
      .values({
        admissionNumber,
        name: input.name.trim(),
        dateOfBirth: input.dateOfBirth,
        className: input.className,
        section: input.section ?? null,
        fatherName: input.fatherName ?? null,
        motherName: input.motherName ?? null,
        mobile: input.mobile,
        email: input.email ?? null,
        busStop: input.busStop ?? null,
        concessions: input.concessions ?? [],
        joinedSession: input.joinedSession ?? null,
        joinedMonth: input.joinedMonth ?? null,
      })
      .returning({ id: students.id });
    return { id: row!.id, admissionNumber };
  }
}

export type LookupResult = { kind: "found"; student: Student } | { kind: "not_found" } | { kind: "throttled" };

/**
 * A parent's look-up: the student whose admission number and date of birth both match, or
 * "not_found" for any mismatch (counted against the IP and the number), or "throttled" once
 * either limit is reached, even for a right answer (so the limit cannot be probed).
 */
export async function findStudentForParent(db: Database, input: { admissionNumber: string; dateOfBirth: string }, ip: string, now = new Date()): Promise<LookupResult> {
  const number = input.admissionNumber.trim().toUpperCase().slice(0, 40);
  if (await lookupThrottled(db, "fee_student", { key: number, ip }, now)) return { kind: "throttled" };
  const student = await studentByAdmissionNumber(db, number);
  if (student && student.dateOfBirth === input.dateOfBirth) return { kind: "found", student };
  await recordLookupFailure(db, "fee_student", { key: number, ip }, now);
  return { kind: "not_found" };
}
