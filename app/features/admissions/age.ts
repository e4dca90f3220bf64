/**
 * The admission age rule (PAYMENTS.md §D): a child's age is the number of completed
 * years on the session's cut-off date (default 31 March of the session's start year, the
 * common practice; no CBSE circular fixes it). The minimum ages are the table /fee publishes
 * (content/fees.ts `ageRules`: Nursery 3+, LKG 4+, UKG 5+, Class 1 6+; NEP 2020 and the
 * Ministry of Education's letter of 22 Feb 2023; West Bengal's RTE rules for Class 1).
 * Classes above Class 1 have no minimum age here. Pure functions on ISO dates ("yyyy-mm-dd").
 */
import { ageRules, type AgeRule } from "#content/fees";
import { formatDisplayDate } from "~/lib/dates";

export { ageRules };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written "yyyy-mm-dd" (rejects 2023-02-29, 2024-13-01). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * Completed years between `birth` and `on` (both "yyyy-mm-dd"): a birthday counts on its
 * date, so a child born on the cut-off date six years earlier is 6. A child born on 29 February
 * completes a year on 1 March in a common year. Negative when `on` is before `birth`.
 * Throws RangeError for a date that is not a real "yyyy-mm-dd".
 */
export function ageOn(birth: string, on: string): number {
  if (!isIsoDate(birth) || !isIsoDate(on)) throw new RangeError(`Not a date: ${birth} / ${on}`);
  const [by, bmd] = [Number(birth.slice(0, 4)), birth.slice(5)];
  const [oy, omd] = [Number(on.slice(0, 4)), on.slice(5)];
  return oy - by - (omd < bmd ? 1 : 0);
}

/** "2027-03-31": 31 March of the first year of a session named "2027-28" (or "2027–28"). */
export function defaultCutOff(sessionName: string): string {
  const start = /^(\d{4})/.exec(sessionName)?.[1];
  if (!start) throw new RangeError(`Not a session name: ${sessionName}`);
  return `${start}-03-31`;
}

export type Eligibility =
  /** No age rule for the class (Class 2 and above), or no date yet. */
  | { kind: "no_rule" }
  | { kind: "eligible"; age: number; rule: AgeRule; fits: string | null }
  | { kind: "too_young"; age: number; rule: AgeRule; fits: string | null };

/**
 * The highest entry class whose minimum age `age` reaches ("UKG" for 5), "Class 1" for 6 or
 * more, or null for a child under the youngest class's minimum.
 */
export function classThatFits(age: number, rules: readonly AgeRule[] = ageRules): string | null {
  const fitting = rules.filter((r) => age >= r.minimumAge).sort((a, b) => b.minimumAge - a.minimumAge);
  return fitting[0]?.className ?? null;
}

/**
 * Whether a child born on `birth` may apply for `className` with age reckoned on `cutOff`.
 * `fits` names the class the age fits when it is not `className` (null when it is, or when the
 * child is too young for every class). Invalid dates give `no_rule` (the schema reports them).
 */
export function eligibility(birth: string, className: string, cutOff: string, rules: readonly AgeRule[] = ageRules): Eligibility {
  const rule = rules.find((r) => r.className === className);
  if (!rule || !isIsoDate(birth) || !isIsoDate(cutOff)) return { kind: "no_rule" };
  const age = ageOn(birth, cutOff);
  const fit = classThatFits(age, rules);
  const fits = fit === className ? null : fit;
  return age >= rule.minimumAge ? { kind: "eligible", age, rule, fits } : { kind: "too_young", age, rule, fits };
}

/**
 * The dates of birth ("yyyy-mm-dd", both inclusive) of a child who is exactly `minimumAge` on
 * `cutOff` by `ageOn`: old enough for the class with that minimum and not yet old enough for one
 * year more. E.g. 3 on 31 March 2027: born 1 April 2023 to 31 March 2024. Throws RangeError for
 * a cut-off that is not a real date.
 */
export function birthRange(minimumAge: number, cutOff: string): { from: string; to: string } {
  if (!isIsoDate(cutOff)) throw new RangeError(`Not a date: ${cutOff}`);
  const [y, m, d] = cutOff.split("-").map(Number) as [number, number, number];
  // The latest birthday that has come round `years` times by the cut-off (29 February falls back to the 28th).
  const latest = (years: number) => {
    const day = new Date(Date.UTC(y - years, m - 1, d));
    if (day.getUTCMonth() !== m - 1) day.setUTCDate(0);
    return day;
  };
  const from = latest(minimumAge + 1);
  from.setUTCDate(from.getUTCDate() + 1);
  return { from: from.toISOString().slice(0, 10), to: latest(minimumAge).toISOString().slice(0, 10) };
}

/** One row of /fee's age table: the class, minimum age and the dates of birth that qualify. */
export type AgeCriterion = {
  className: string;
  minimumAge: number;
  basis: string;
  /** ISO yyyy-mm-dd, inclusive: the oldest and youngest dates of birth for this class. */
  bornFrom: string;
  bornTo: string;
  /** "1 Apr 2023" style labels (en-IN). */
  bornFromLabel: string;
  bornToLabel: string;
};

/**
 * The age table of a session whose age cut-off is `cutOff` ("2027-03-31"): each class of
 * `rules` with the dates of birth of a child exactly its minimum age that day (`birthRange`).
 */
export function ageCriteria(cutOff: string, rules: readonly AgeRule[] = ageRules): AgeCriterion[] {
  return rules.map((rule) => {
    const born = birthRange(rule.minimumAge, cutOff);
    return { className: rule.className, minimumAge: rule.minimumAge, basis: rule.basis, bornFrom: born.from, bornTo: born.to, bornFromLabel: formatDisplayDate(born.from), bornToLabel: formatDisplayDate(born.to) };
  });
}

// Made once: `toLocaleDateString` with options builds a new formatter on every call.
const longDate = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "31 March 2027" for "2027-03-31" (the date is a calendar date: no time zone applies). */
export function formatCutOff(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return longDate.format(new Date(Date.UTC(y!, m! - 1, d!)));
}

/**
 * The sentence shown beside the date of birth, or null when there is nothing to say.
 * Eligible: "Eligible for Class 1: 6 years old on 31 March 2027 (Class 1 needs 6+)."
 * Too young: "Not eligible for Class 1: 5 years old on 31 March 2027; Class 1 needs 6+. UKG fits this age."
 */
export function eligibilityMessage(result: Eligibility, className: string, cutOff: string): string | null {
  if (result.kind === "no_rule") return null;
  const on = formatCutOff(cutOff);
  const years = `${result.age} ${result.age === 1 ? "year" : "years"} old on ${on}`;
  if (result.kind === "eligible") {
    return `Eligible for ${className}: ${years} (${className} needs ${result.rule.minimumAge}+).${result.fits ? ` ${result.fits} also fits this age.` : ""}`;
  }
  const instead = result.fits ? ` ${result.fits} fits this age: choose it instead.` : " The child is too young for every class this year.";
  return `Not eligible for ${className}: ${years}; ${className} needs ${result.rule.minimumAge}+.${instead}`;
}
