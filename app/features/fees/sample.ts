/**
 * The sample fee book and roll a fresh development database starts with, built from
 * the fee structure of content/fees.ts (SAMPLE amounts the school replaces). Students' mobiles
 * are 90000000xx, never real numbers; two siblings share one, and their family has an
 * example.com e-mail.
 */
import { classFees, otherCharges } from "#content/fees";
import { feeBookSchema, type FeeBook } from "./book";
import type { StudentInput } from "~/core/students/roster";

/** Bus stops from content/fees.ts's bus charges: R1 up to 5 km, R2 5-10 km, R3 beyond. */
export function sampleFeeBook(session: string): FeeBook {
  const bus = otherCharges.filter((c) => c.per === "month" && /bus/i.test(c.label));
  const late = otherCharges.find((c) => /late fee/i.test(c.label));
  const groups = classFees.filter((g, i) => classFees.findIndex((o) => o.classes.join() === g.classes.join()) === i);
  return feeBookSchema.parse({
    session,
    dueDay: 15,
    structures: groups.map((g) => ({
      classes: g.classes,
      heads: [
        { name: "Tuition Fee", kind: "tuition", period: "monthly", amountPaise: g.monthlyTuition },
        { name: "Computer Fee", kind: "fee", period: "quarterly", amountPaise: 600_00 },
        { name: "Annual Charges", kind: "fee", period: "annual", amountPaise: g.annualCharges },
        { name: "Admission Fee", kind: "fee", period: "one_time", amountPaise: g.admissionFee },
      ],
    })),
    bus: bus.map((b, i) => ({ code: `R${i + 1}`, name: b.label.replace(/^School bus,\s*/i, "Route "), monthlyPaise: b.amount })),
    concessions: [
      { code: "SIBLING", name: "Sibling concession", kind: "percent", percent: 10, heads: ["Tuition Fee"] },
      { code: "STAFF", name: "Staff child concession", kind: "percent", percent: 50, heads: ["Tuition Fee", "Computer Fee"] },
      { code: "RTE", name: "RTE / EWS", kind: "percent", percent: 100, heads: ["Tuition Fee", "Computer Fee", "Annual Charges", "Admission Fee", "Bus Fee"] },
      { code: "MERIT", name: "Merit scholarship", kind: "fixed", amountPaise: 500_00, heads: ["Tuition Fee"] },
    ],
    lateFee: { kind: "flat", amountPaise: late?.amount ?? 100_00, capPaise: late?.amount ?? 100_00 },
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
