/**
 * Fee structure and age criteria for the admissions session (/fee). Amounts are integers in
 * paise (₹1 = 100 paise) and are shown with Indian digit grouping, e.g. ₹15,000.
 *
 * SAMPLE FEES: every amount below is a placeholder for the school to replace with its
 * approved fee structure before going live.
 */
import { admissionsSession } from "./calendar";

export type ClassGroup = {
  /** e.g. "Nursery – UKG" */
  label: string;
  /** Classes in the group, as the enquiry form names them (SPEC §3). */
  classes: string[];
  /** One-time admission fee, paise. */
  admissionFee: number;
  /** Annual charges (books excluded): activities, labs, sports, insurance, paise per year. */
  annualCharges: number;
  /** Tuition fee, paise per month (billed quarterly). */
  monthlyTuition: number;
};

export type OtherCharge = { label: string; amount: number; per: "one-time" | "year" | "month" | "quarter"; note?: string };

export type AgeRule = {
  className: string;
  /** Completed years on 31 March of the session year. */
  minimumAge: number;
  /** Source of the rule. */
  basis: string;
};

export const feeSession = admissionsSession;

/** Tuition and charges by class group, youngest first (SAMPLE amounts). */
export const classFees: ClassGroup[] = [
  { label: "Nursery – UKG", classes: ["Nursery", "LKG", "UKG"], admissionFee: 12_000_00, annualCharges: 6_500_00, monthlyTuition: 2_200_00 },
  { label: "Classes 1 – 5", classes: ["Class 1", "Class 2", "Class 3", "Class 4", "Class 5"], admissionFee: 15_000_00, annualCharges: 7_500_00, monthlyTuition: 2_600_00 },
  { label: "Classes 6 – 8", classes: ["Class 6", "Class 7", "Class 8"], admissionFee: 15_000_00, annualCharges: 8_500_00, monthlyTuition: 2_900_00 },
  { label: "Classes 9 – 10", classes: ["Class 9", "Class 10"], admissionFee: 18_000_00, annualCharges: 9_500_00, monthlyTuition: 3_300_00 },
  { label: "Classes 11 – 12 (Commerce, Humanities)", classes: ["Class 11", "Class 12"], admissionFee: 20_000_00, annualCharges: 10_500_00, monthlyTuition: 3_500_00 },
  { label: "Classes 11 – 12 (Science)", classes: ["Class 11", "Class 12"], admissionFee: 20_000_00, annualCharges: 12_500_00, monthlyTuition: 3_900_00 },
];

/** Charges that do not depend on the class (SAMPLE amounts). */
export const otherCharges: OtherCharge[] = [
  { label: "Caution deposit (refundable)", amount: 5_000_00, per: "one-time", note: "Refunded in full when the child leaves" },
  { label: "School bus, up to 5 km", amount: 1_200_00, per: "month", note: "Optional; billed with tuition" },
  { label: "School bus, 5 – 10 km", amount: 1_600_00, per: "month", note: "Optional; billed with tuition" },
  { label: "School bus, over 10 km", amount: 2_000_00, per: "month", note: "Optional; billed with tuition" },
  { label: "Late fee after the 15th of the quarter's first month", amount: 100_00, per: "quarter" },
];

/** Minimum age on 31 March of the session year (NEP 2020; West Bengal's Class 1 rule). */
export const ageRules: AgeRule[] = [
  { className: "Nursery", minimumAge: 3, basis: "NEP 2020 foundational stage (age 3+)" },
  { className: "LKG", minimumAge: 4, basis: "NEP 2020 foundational stage" },
  { className: "UKG", minimumAge: 5, basis: "NEP 2020 foundational stage" },
  { className: "Class 1", minimumAge: 6, basis: "NEP 2020 and West Bengal's rule: six years for Class 1" },
];

/**
 * Online application defaults for the admission session: the fee (paise, SAMPLE)
 * and the classes that take applications (Nursery to Class 9 and Class 11, as /admissions-overview
 * says). The administrator changes both in the admin area; these seed the first session.
 */
export const applicationDefaults = {
  feePaise: 500_00,
  openClasses: ["Nursery", "LKG", "UKG", "Class 1", "Class 2", "Class 3", "Class 4", "Class 5", "Class 6", "Class 7", "Class 8", "Class 9", "Class 11"],
};
