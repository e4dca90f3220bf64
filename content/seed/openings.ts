/**
 * The job openings as they stood when they moved into the database: copied in once, published,
 * at the first start (app/features/content/openings.ts `openingSeedItems`, store.server.ts
 * `seedContent`), with the school's e-mail of content/school.ts in how to apply. The school edits
 * openings at /admin/content (an opening shows until the end of its closing date in India);
 * changing this file changes nothing on a site that has started once.
 *
 * SAMPLE OPENINGS: replace with the school's real vacancies, here before the first start or in
 * the admin after it.
 */
import { school } from "../school";

export type Opening = {
  /** Stable id, lowercase words joined by hyphens. */
  id: string;
  role: string;
  subject: string;
  /** Teaching or non-teaching; full-time or part-time. */
  type: string;
  qualifications: string[];
  experience: string;
  howToApply: string;
  /** Last day to apply, ISO yyyy-mm-dd (India). */
  closingDate: string;
  /** ISO date the opening was posted. */
  posted: string;
};

const apply = (role: string) => `E-mail your CV, a photograph and copies of certificates to ${school.emails[0]} with the subject "Application: ${role}". Shortlisted candidates are called for a written test and a demonstration lesson.`;

export const openingsSeed: Opening[] = [
  {
    id: "pgt-physics",
    role: "PGT Physics",
    subject: "Physics (Classes XI–XII)",
    type: "Teaching, full-time",
    qualifications: ["M.Sc. in Physics with at least 50% marks", "B.Ed. from a recognised university", "Fluency in English"],
    experience: "Two years of teaching Classes XI–XII in a CBSE school preferred",
    howToApply: apply("PGT Physics"),
    closingDate: "2027-01-15",
    posted: "2026-11-10",
  },
  {
    id: "tgt-mathematics",
    role: "TGT Mathematics",
    subject: "Mathematics (Classes VI–X)",
    type: "Teaching, full-time",
    qualifications: ["B.Sc. with Mathematics (Honours or as a main subject)", "B.Ed.", "CTET (Paper II) qualified"],
    experience: "Freshers with strong subject knowledge are welcome to apply",
    howToApply: apply("TGT Mathematics"),
    closingDate: "2027-01-15",
    posted: "2026-11-10",
  },
  {
    id: "prt-bengali",
    role: "PRT Bengali",
    subject: "Bengali (Classes 1–5)",
    type: "Teaching, full-time",
    qualifications: ["Graduate with Bengali", "D.El.Ed. or B.Ed.", "CTET (Paper I) qualified"],
    experience: "One year of teaching primary classes preferred",
    howToApply: apply("PRT Bengali"),
    closingDate: "2026-12-31",
    posted: "2026-11-10",
  },
  {
    id: "lab-assistant-chemistry",
    role: "Laboratory Assistant (Chemistry)",
    subject: "Chemistry laboratory",
    type: "Non-teaching, full-time",
    qualifications: ["B.Sc. with Chemistry", "Knowledge of laboratory safety and stock-keeping"],
    experience: "Experience in a school or college laboratory preferred",
    howToApply: apply("Laboratory Assistant (Chemistry)"),
    closingDate: "2026-12-20",
    posted: "2026-11-10",
  },
];
