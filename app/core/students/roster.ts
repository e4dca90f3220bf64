/**
 * The student roll as the administrator imports it: the CSV template, a small RFC 4180
 * reader and one zod schema per row, shared by the import, the edit form and createStudent.
 * Every row is checked; the import is all or nothing (roll.server.ts `importStudents`).
 */
import { z } from "zod";
import { sessionOf } from "~/lib/dates";
import { mobileSchema } from "~/lib/phone";
import { SCHOOL_CLASSES } from "#content/school";

/** The template's columns, in order; `joined_month` may be left out (older templates end at `joined_session`). */
export const ROSTER_COLUMNS = [
  "admission_number",
  "name",
  "date_of_birth",
  "class",
  "section",
  "father_name",
  "mother_name",
  "mobile",
  "email",
  "bus_stop",
  "concessions",
  "joined_session",
  "joined_month",
] as const;
export type RosterColumn = (typeof ROSTER_COLUMNS)[number];

/** The column each field of studentSchema is read from, so a problem names the heading the clerk sees. */
export const COLUMN_OF: Record<keyof StudentInput, RosterColumn> = {
  admissionNumber: "admission_number",
  name: "name",
  dateOfBirth: "date_of_birth",
  className: "class",
  section: "section",
  fatherName: "father_name",
  motherName: "mother_name",
  mobile: "mobile",
  email: "email",
  busStop: "bus_stop",
  concessions: "concessions",
  joinedSession: "joined_session",
  joinedMonth: "joined_month",
};

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep it under ${max} characters`)
    .transform((v) => v || null);

/** A date of birth between 1990 and today, as "YYYY-MM-DD" (the template also takes DD/MM/YYYY). */
export const dateOfBirth = z
  .string()
  .trim()
  .transform((v) => {
    const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
    return dmy ? `${dmy[3]}-${dmy[2]!.padStart(2, "0")}-${dmy[1]!.padStart(2, "0")}` : v;
  })
  .refine((v) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= "1990-01-01" && d.getTime() <= Date.now();
  }, "Give the date of birth as YYYY-MM-DD or DD/MM/YYYY");

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const studentSchema = z
  .object({
  admissionNumber: z.string().trim().toUpperCase().regex(/^[A-Z0-9][A-Z0-9/-]{0,29}$/, "Admission numbers are letters, digits, / or -, up to 30"),
  name: z.string().trim().min(2, "Give the student's name").max(100, "Keep the name under 100 characters"),
  dateOfBirth,
  className: z.enum(SCHOOL_CLASSES, { message: "Give a class from Nursery, LKG, UKG, Class 1 … Class 12" }),
  section: optional(5),
  fatherName: optional(100),
  motherName: optional(100),
  mobile: mobileSchema,
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === "" || z.email().safeParse(v).success, "Please enter a valid email address")
    .transform((v) => v || null),
  busStop: z
    .string()
    .trim()
    .toUpperCase()
    .transform((v) => v || null),
  concessions: z
    .string()
    .trim()
    .toUpperCase()
    .transform((v) => (v ? [...new Set(v.split(/[\s;|,]+/).filter(Boolean))] : [])),
  joinedSession: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\d{4}-\d{2}$/.test(v), "Sessions read like 2026-27")
    .transform((v) => v || null),
  /** First month billed, for a student joining after April ("2026-09"); blank: the session's April. */
  joinedMonth: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || MONTH.test(v), "Months read like 2026-09")
    .transform((v) => v || null),
  })
  .transform((s, ctx) => {
    if (!s.joinedMonth) return s;
    const session = sessionOf(s.joinedMonth);
    if (s.joinedSession && s.joinedSession !== session) {
      ctx.addIssue({ code: "custom", path: ["joinedMonth"], message: `${s.joinedMonth} is not in session ${s.joinedSession}` });
      return z.NEVER;
    }
    return { ...s, joinedSession: session };
  });
export type StudentInput = z.output<typeof studentSchema>;

/** "joined_month: Months read like 2026-09": a zod issue named by its CSV column. */
export function problemText(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path[0];
  const column = typeof field === "string" && field in COLUMN_OF ? COLUMN_OF[field as keyof StudentInput] : "row";
  return `${column}: ${issue.message}`;
}

/** Reads CSV text (RFC 4180: quotes, doubled quotes, CRLF or LF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const src = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    }
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && src[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ""));
}

export type RowProblem = { line: number; admissionNumber: string; reasons: string[] };
export type RosterCheck = { rows: StudentInput[]; problems: RowProblem[] };

/**
 * Checks a roll CSV: the header must be the template's; each row is validated with
 * studentSchema, plus the stops and concessions the fee book knows and no admission number
 * twice. `line` counts from 1 with the header as line 1.
 */
export function checkRoster(text: string, known: { busStops: readonly string[]; concessions: readonly string[] }): RosterCheck {
  const [header, ...body] = parseCsv(text);
  const want = ROSTER_COLUMNS.join(",");
  const given = header?.map((h) => h.trim().toLowerCase()).join(",");
  const columns = given === want ? ROSTER_COLUMNS.length : given === ROSTER_COLUMNS.slice(0, -1).join(",") ? ROSTER_COLUMNS.length - 1 : 0;
  if (columns === 0) {
    return { rows: [], problems: [{ line: 1, admissionNumber: "", reasons: [`The first line must be the template's header: ${want}`] }] };
  }
  if (body.length === 0) return { rows: [], problems: [{ line: 2, admissionNumber: "", reasons: ["The file has no students"] }] };
  const rows: StudentInput[] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  body.forEach((cells, i) => {
    const line = i + 2;
    const raw = Object.fromEntries(ROSTER_COLUMNS.map((c, j) => [c, cells[j] ?? ""]));
    const parsed = studentSchema.safeParse({
      admissionNumber: raw.admission_number,
      name: raw.name,
      dateOfBirth: raw.date_of_birth,
      className: raw.class,
      section: raw.section,
      fatherName: raw.father_name,
      motherName: raw.mother_name,
      mobile: raw.mobile,
      email: raw.email,
      busStop: raw.bus_stop,
      concessions: raw.concessions,
      joinedSession: raw.joined_session,
      joinedMonth: raw.joined_month,
    });
    const reasons: string[] = [];
    if (cells.length !== columns) reasons.push(`Expected ${columns} columns, found ${cells.length}`);
    if (!parsed.success) reasons.push(...parsed.error.issues.map(problemText));
    // Checked on the cells as typed, so a row wrong in several ways lists every reason at once.
    reasons.push(...unknownCodes(raw.bus_stop ?? "", raw.concessions ?? "", known));
    const number = (raw.admission_number ?? "").trim().toUpperCase();
    const first = seen.get(number);
    if (number && first) reasons.push(`admission_number: ${number} is also on line ${first}`);
    else if (number) seen.set(number, line);
    if (parsed.success && reasons.length === 0) rows.push(parsed.data);
    if (reasons.length > 0) problems.push({ line, admissionNumber: String(raw.admission_number ?? "").trim(), reasons });
  });
  return { rows, problems };
}

/**
 * The bus stop and concession codes of a row (as typed) that the fee book does not know, as
 * problems named by their columns. Shared by the import and the edit form.
 */
export function unknownCodes(busStop: string, concessions: string, known: { busStops: readonly string[]; concessions: readonly string[] }): string[] {
  const out: string[] = [];
  const stop = busStop.trim().toUpperCase();
  if (stop && !known.busStops.includes(stop)) out.push(`bus_stop: no bus stop "${stop}" in the fee book`);
  for (const c of concessions.toUpperCase().split(/[\s;|,]+/).filter(Boolean)) if (!known.concessions.includes(c)) out.push(`concessions: no concession "${c}" in the fee book`);
  return out;
}

/**
 * The template file: the header and one example row that imports as it is: its admission
 * number is `admissionNumber` (one not on the roll), its bus stop and concession the first the
 * fee book knows (blank without a book), joining `session`.
 */
export function rosterTemplate(example: { admissionNumber: string; session: string; busStop: string | null; concession: string | null }): string {
  const row = [example.admissionNumber, "Riya Kumari", "2015-06-14", "Class 5", "A", "Rakesh Kumar", "Sunita Devi", "9000000001", "parent@example.com", example.busStop ?? "", example.concession ?? "", example.session, ""];
  return `${ROSTER_COLUMNS.join(",")}\r\n${row.join(",")}\r\n`;
}
