/**
 * Admission facts kept in files: the minimum ages of the early classes (/fee's age criteria
 * and the application form's check, app/features/admissions/age.ts) and the defaults the first
 * admission session is created with. Fee amounts are not here: /fee shows the fee book the
 * office keeps in the admin area (/admin/fees/book), the one the fees are charged from.
 */

export type AgeRule = {
  className: string;
  /** Completed years on the session's age cut-off date (31 March of the session year by default). */
  minimumAge: number;
  /** Source of the rule. */
  basis: string;
};

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
