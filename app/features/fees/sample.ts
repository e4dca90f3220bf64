/**
 * The sample fee book and roll a fresh development database starts with (SAMPLE amounts the
 * school replaces with its approved fees in the admin area; /fee shows whatever the fee book
 * holds). Students' mobiles are 90000000xx, never real numbers; two siblings share one, and their
 * family has an example.com e-mail.
 */
import { feeBookSchema, type FeeBook } from "./book";
import type { StudentInput } from "~/core/students/roster";

/** SAMPLE monthly tuition, annual charges and admission fee per class group, paise. */
const SAMPLE_GROUPS = [
  { classes: ["Nursery", "LKG", "UKG"], monthlyTuition: 2_200_00, annualCharges: 6_500_00, admissionFee: 12_000_00 },
  { classes: ["Class 1", "Class 2", "Class 3", "Class 4", "Class 5"], monthlyTuition: 2_600_00, annualCharges: 7_500_00, admissionFee: 15_000_00 },
  { classes: ["Class 6", "Class 7", "Class 8"], monthlyTuition: 2_900_00, annualCharges: 8_500_00, admissionFee: 15_000_00 },
  { classes: ["Class 9", "Class 10"], monthlyTuition: 3_300_00, annualCharges: 9_500_00, admissionFee: 18_000_00 },
  { classes: ["Class 11", "Class 12"], monthlyTuition: 3_500_00, annualCharges: 10_500_00, admissionFee: 20_000_00 },
] as const;

/**
 * The SAMPLE fee book of `session` ("2026-27"): four heads per class group (monthly tuition,
 * quarterly computer fee, annual charges, one-time admission fee), three bus routes, four
 * concessions and a flat ₹100 late fee, due on the 15th. Throws ZodError for a malformed session.
 */
export function sampleFeeBook(session: string): FeeBook {
  return feeBookSchema.parse({
    session,
    dueDay: 15,
    structures: SAMPLE_GROUPS.map((g) => ({
      classes: g.classes,
      heads: [
        { name: "Tuition Fee", kind: "tuition", period: "monthly", amountPaise: g.monthlyTuition },
        { name: "Computer Fee", kind: "fee", period: "quarterly", amountPaise: 600_00 },
        { name: "Annual Charges", kind: "fee", period: "annual", amountPaise: g.annualCharges },
        { name: "Admission Fee", kind: "fee", period: "one_time", amountPaise: g.admissionFee },
      ],
    })),
    bus: [
      { code: "R1", name: "Route up to 5 km", monthlyPaise: 1_200_00 },
      { code: "R2", name: "Route 5 – 10 km", monthlyPaise: 1_600_00 },
      { code: "R3", name: "Route over 10 km", monthlyPaise: 2_000_00 },
    ],
    concessions: [
      { code: "SIBLING", name: "Sibling concession", kind: "percent", percent: 10, heads: ["Tuition Fee"] },
      { code: "STAFF", name: "Staff child concession", kind: "percent", percent: 50, heads: ["Tuition Fee", "Computer Fee"] },
      { code: "RTE", name: "RTE / EWS", kind: "percent", percent: 100, heads: ["Tuition Fee", "Computer Fee", "Annual Charges", "Admission Fee", "Bus Fee"] },
      { code: "MERIT", name: "Merit scholarship", kind: "fixed", amountPaise: 500_00, heads: ["Tuition Fee"] },
    ],
    lateFee: { kind: "flat", amountPaise: 100_00, capPaise: 100_00 },
    bounceChargePaise: 500_00,
  });
}

/** A handful of students across classes, stops and concessions. */
export function sampleStudents(session: string): StudentInput[] {
  const s = (admissionNumber: string, name: string, dateOfBirth: string, className: StudentInput["className"], section: string, father: string, n: number, busStop: string | null, concessions: string[] = [], joinedSession: string | null = null, email: string | null = null): StudentInput => ({
    admissionNumber,
    name,
    dateOfBirth,
    className,
    section,
    fatherName: father,
    motherName: null,
    mobile: `90000000${String(n).padStart(2, "0")}`,
    email,
    busStop,
    concessions,
    joinedSession,
    joinedMonth: null,
  });
  return [
    s("2021/0042", "Riya Kumari", "2015-06-14", "Class 5", "A", "Rakesh Kumar", 21, "R1"),
    // The one family with an e-mail (on both rows, as the office enters a parent's details for
    // each child), so receipts and reminders can be seen going by e-mail too.
    s("2022/0107", "Arjun Mahato", "2016-02-03", "Class 4", "B", "Suresh Mahato", 22, null, ["SIBLING"], null, "suresh.mahato@example.com"),
    // Arjun's sister, on the same mobile: a family for the reminder's pay link (/fees/family/…).
    s("2023/0150", "Priya Mahato", "2019-08-12", "Class 1", "A", "Suresh Mahato", 22, "R1", [], null, "suresh.mahato@example.com"),
    s("2019/0033", "Ananya Ghosh", "2011-09-30", "Class 9", "A", "Partha Ghosh", 23, "R2", ["STAFF"]),
    s("2024/0215", "Farhan Ali", "2020-12-11", "UKG", "A", "Imran Ali", 24, null, ["RTE"]),
    s(`${session.slice(0, 4)}/0001`, "Sneha Roy", "2021-04-22", "Nursery", "A", "Dipankar Roy", 25, "R1", [], session),
    s("2015/0009", "Kabir Singh", "2009-01-19", "Class 11", "A", "Harpreet Singh", 26, "R3", ["MERIT"]),
  ];
}
