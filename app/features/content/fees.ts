/**
 * The fee table and age criteria of /fee, from content/fees.ts. Money in paise, shown as ₹ with
 * en-IN grouping; ages counted on 31 March of the session year (NEP 2020; West Bengal's rule of
 * six years for Class 1).
 */
import { ageRules, classFees, feeSession, otherCharges, type AgeRule } from "#content/fees";
import { formatDisplayDate } from "~/lib/dates";
import { formatRupees } from "~/lib/money";

/** The first calendar year of a session label: "2027–28" or "2027-28" → 2027. Throws RangeError otherwise. */
export function sessionStartYear(label: string): number {
  const match = /^(\d{4})\s*[–-]\s*(\d{2}|\d{4})$/.exec(label.trim());
  if (!match) throw new RangeError(`Not a session label: ${label}`);
  return Number(match[1]);
}

/** One row of the age table: the class, minimum age and the range of dates of birth that qualify. */
export type AgeCriterion = {
  className: string;
  minimumAge: number;
  basis: string;
  /** ISO yyyy-mm-dd, inclusive: the oldest and youngest dates of birth for this class. */
  bornFrom: string;
  bornTo: string;
  /** "1 Apr 2023 – 31 Mar 2024" style labels (en-IN). */
  bornFromLabel: string;
  bornToLabel: string;
};

/**
 * Dates of birth that qualify for each early class in the session starting in `startYear`.
 * A child qualifies for a class when they have completed `minimumAge` years on 31 March of
 * `startYear` and have not yet completed one year more (the next class's age). E.g. Nursery
 * 2027–28 (3+): born 1 April 2023 to 31 March 2024.
 */
export function ageCriteria(startYear: number, rules: readonly AgeRule[] = ageRules): AgeCriterion[] {
  return rules.map((rule) => {
    const youngest = `${startYear - rule.minimumAge}-03-31`;
    const oldest = `${startYear - rule.minimumAge - 1}-04-01`;
    return {
      className: rule.className,
      minimumAge: rule.minimumAge,
      basis: rule.basis,
      bornFrom: oldest,
      bornTo: youngest,
      bornFromLabel: formatDisplayDate(oldest),
      bornToLabel: formatDisplayDate(youngest),
    };
  });
}

/** The fee page's figures, formatted for display (plain, serialisable data). */
export function feeTables() {
  const startYear = sessionStartYear(feeSession);
  return {
    session: feeSession,
    cutoffLabel: formatDisplayDate(`${startYear}-03-31`),
    classes: classFees.map((c) => ({
      label: c.label,
      admissionFee: formatRupees(c.admissionFee),
      annualCharges: formatRupees(c.annualCharges),
      monthlyTuition: formatRupees(c.monthlyTuition),
      quarterlyTuition: formatRupees(c.monthlyTuition * 3),
      firstYearTotal: formatRupees(c.admissionFee + c.annualCharges + c.monthlyTuition * 12),
    })),
    other: otherCharges.map((o) => ({ label: o.label, amount: formatRupees(o.amount), per: o.per, note: o.note })),
    ages: ageCriteria(startYear),
  };
}

export type FeeTables = ReturnType<typeof feeTables>;
