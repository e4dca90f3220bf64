/**
 * The application form's rules: one zod schema for the browser (conform) and the
 * server, built for the open session (its classes and age cut-off). The server checks the
 * documents' content again (documents.ts `checkDocument`, and a picture's pixels:
 * app/lib/images.ts), which a browser cannot do before it sends them. Messages name the field
 * so the summary at the top reads on its own.
 */
import { z } from "zod";
import { SCHOOL_CLASSES } from "#content/school";
import { APPLICATION_STATUSES } from "~/db/admission-values";
import { mobileSchema, optionalMobileSchema } from "~/lib/phone";
import { eligibility, eligibilityMessage, isIsoDate, ageOn } from "./age";
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES } from "./documents";
import { WORKFLOW_STEPS } from "./workflow";

export const GENDERS = ["Girl", "Boy", "Other"] as const;
export const CATEGORIES = ["General", "SC", "ST", "OBC", "EWS"] as const;
export const BLOOD_GROUPS = ["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"] as const;

/** Classes for which the previous school and the last class passed are asked (Class 2 and above). */
export function needsPreviousSchool(className: string): boolean {
  const n = /^Class (\d+)$/.exec(className)?.[1];
  return n !== undefined && Number(n) >= 2;
}

const text = (label: string, max = 100) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `Keep the ${label} under ${max} characters`)
    .transform((s) => s.replace(/\s+/g, " "));
const optionalText = (label: string, max = 100) => z.string().trim().max(max, `Keep the ${label} under ${max} characters`).optional();
const optionalEmail = z.string().trim().max(254).pipe(z.email("Please enter a valid email address")).optional();

/**
 * A chosen file of at most MAX_DOCUMENT_BYTES whose name or type says JPEG, PNG or PDF. A
 * missing file does not abort the parse (`abort: false`), so the form's cross-field rules
 * still run and the first answer lists every problem.
 */
const isFile = (v: unknown): v is File => typeof File !== "undefined" && v instanceof File && v.size > 0;
const documentFile = (label: string) =>
  z
    .custom<File>(isFile, { message: `Attach the ${label}`, abort: false })
    .refine((f) => !isFile(f) || f.size <= MAX_DOCUMENT_BYTES, `The ${label} is larger than 2 MB: attach a smaller file`)
    .refine((f) => !isFile(f) || /\.(jpe?g|png|pdf)$/i.test(f.name) || Object.keys(DOCUMENT_TYPES).includes(f.type), `The ${label} must be a JPEG, PNG or PDF file`);

export type FormSettings = {
  /** Classes open for application in the session. */
  openClasses: readonly string[];
  /** "yyyy-mm-dd": age is reckoned on this date. */
  cutOff: string;
};

/** Field names in the form's order (for the error summary and the draft). */
export const TEXT_FIELDS = [
  "childName", "dateOfBirth", "gender", "classApplied", "nationality", "motherTongue", "bloodGroup", "aadhaar", "category", "siblingAdmissionNumber",
  "fatherName", "fatherOccupation", "fatherMobile", "fatherEmail", "motherName", "motherOccupation", "motherMobile", "motherEmail",
  "guardianName", "guardianRelation", "mobile", "email", "address", "city", "state", "pinCode", "previousSchool", "lastClassPassed",
] as const;

type ApplicationSchema = ReturnType<typeof makeApplicationSchema>;
/** Built schemas by their settings: building one cost more than rendering the form (a CPU profile of /apply under load). */
const schemas = new Map<string, ApplicationSchema>();

/**
 * The schema for the session's `settings`, the same object for the same settings. Throws
 * nothing; the result's issues carry the messages beside each field. The age rule is checked
 * here, so a too-young child is refused by the server as by the browser (with the class that fits).
 */
export function applicationSchema(settings: FormSettings): ApplicationSchema {
  const key = `${settings.openClasses.join("|")}@${settings.cutOff}`;
  let schema = schemas.get(key);
  if (!schema) {
    // A session's settings change a few times a year: the cache is emptied rather than bounded.
    if (schemas.size >= 16) schemas.clear();
    schema = makeApplicationSchema(settings);
    schemas.set(key, schema);
  }
  return schema;
}

function makeApplicationSchema(settings: FormSettings) {
  return z
    .object({
      childName: text("child's full name"),
      dateOfBirth: z.string({ error: "Enter the date of birth" }).trim().refine(isIsoDate, "Enter the date of birth as a real date"),
      gender: z.enum(GENDERS, { error: "Choose the child's gender" }),
      classApplied: z.string({ error: "Choose the class" }).refine((c) => settings.openClasses.includes(c), "Choose one of the classes open for admission"),
      nationality: text("nationality", 50),
      motherTongue: text("mother tongue", 50),
      bloodGroup: z.enum(BLOOD_GROUPS).optional(),
      aadhaar: z
        .string()
        .transform((s) => s.replace(/\s+/g, ""))
        .refine((s) => s === "" || /^[2-9]\d{11}$/.test(s), "An Aadhaar number has 12 digits (it is optional)")
        .optional(),
      category: z.enum(CATEGORIES, { error: "Choose the category" }),
      hasSibling: z.literal("yes").optional(),
      siblingAdmissionNumber: optionalText("sibling's admission number", 40),
      fatherName: optionalText("father's name"),
      fatherOccupation: optionalText("father's occupation"),
      fatherMobile: optionalMobileSchema,
      fatherEmail: optionalEmail,
      motherName: optionalText("mother's name"),
      motherOccupation: optionalText("mother's occupation"),
      motherMobile: optionalMobileSchema,
      motherEmail: optionalEmail,
      guardianName: optionalText("guardian's name"),
      guardianRelation: optionalText("guardian's relation to the child", 50),
      mobile: mobileSchema,
      email: optionalEmail,
      address: text("address", 300),
      city: text("town or city", 60),
      state: text("state", 60),
      pinCode: z.string({ error: "Enter the 6-digit PIN code" }).trim().regex(/^[1-9]\d{5}$/, "Enter the 6-digit PIN code"),
      previousSchool: optionalText("previous school", 150),
      lastClassPassed: optionalText("last class passed", 40),
      photo: documentFile("child's photograph"),
      birthCertificate: documentFile("birth certificate").optional(),
      birthCertificateLater: z.literal("yes").optional(),
      consent: z.literal("yes", { error: "Tick the box to give your consent: we cannot process the application without it" }),
    })
    // Cross-field rules run even when other fields failed (`when`), so the first answer lists
    // every problem; the value may then hold raw input, hence the type checks.
    .superRefine(
      (value, ctx) => {
        const v = value as Partial<Record<string, unknown>>;
        const str = (k: string) => (typeof v[k] === "string" ? (v[k] as string).trim() : "");
        const dob = str("dateOfBirth");
        const className = str("classApplied");
        if (isIsoDate(dob)) {
          const age = ageOn(dob, settings.cutOff);
          if (age < 2 || age > 20) ctx.addIssue({ code: "custom", path: ["dateOfBirth"], message: "Check the date of birth: it gives an age no class takes" });
          else if (className) {
            const result = eligibility(dob, className, settings.cutOff);
            if (result.kind === "too_young") ctx.addIssue({ code: "custom", path: ["dateOfBirth"], message: eligibilityMessage(result, className, settings.cutOff)! });
          }
        }
        if (!str("fatherName") && !str("motherName") && !str("guardianName")) ctx.addIssue({ code: "custom", path: ["fatherName"], message: "Enter the name of at least one parent or the guardian" });
        if (v.hasSibling === "yes" && !str("siblingAdmissionNumber")) ctx.addIssue({ code: "custom", path: ["siblingAdmissionNumber"], message: "Enter the sibling's admission number" });
        if (needsPreviousSchool(className)) {
          if (!str("previousSchool")) ctx.addIssue({ code: "custom", path: ["previousSchool"], message: "Enter the previous school (asked for Class 2 and above)" });
          if (!str("lastClassPassed")) ctx.addIssue({ code: "custom", path: ["lastClassPassed"], message: "Enter the last class passed (asked for Class 2 and above)" });
        }
        if (!v.birthCertificate && v.birthCertificateLater !== "yes") {
          ctx.addIssue({ code: "custom", path: ["birthCertificate"], message: "Attach the birth certificate, or tick 'to be submitted later'" });
        }
      },
      { when: () => true },
    );
}

export type ApplicationInput = z.infer<ReturnType<typeof applicationSchema>>;

/** /admissions/status: the application number and the registered mobile. */
export const statusLookupSchema = z.object({
  number: z.string({ error: "Enter the application number" }).trim().min(1, "Enter the application number").max(40, "Enter the application number"),
  mobile: mobileSchema,
});

/**
 * The administrator's step in the workflow: the new status, a note, whether this post asks,
 * confirms or cancels (workflow.ts), and the status the page showed (a stale page is refused).
 */
export const moveSchema = z.object({
  to: z.enum(["under_review", "admitted", "waitlisted", "rejected"]),
  note: z.string().trim().max(1000, "Keep the note under 1,000 characters").optional(),
  message: z.string().trim().max(1000, "Keep the message to the parent under 1,000 characters").optional(),
  step: z.enum(WORKFLOW_STEPS).default("ask"),
  from: z.enum(APPLICATION_STATUSES).optional(),
});

/** The administrator's settings of the open session. */
export const sessionSettingsSchema = z.object({
  name: z.string().trim().regex(/^\d{4}-\d{2}$/, "Write the session as 2027-28"),
  openClasses: z.array(z.enum(SCHOOL_CLASSES)).min(1, "Open at least one class"),
  applicationFeeRupees: z.coerce.number().int("Whole rupees only").min(1, "The fee must be at least ₹1").max(100_000, "The fee must be at most ₹1,00,000"),
  ageCutOff: z.string().refine(isIsoDate, "Enter the cut-off date"),
});
