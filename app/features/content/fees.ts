/**
 * What /fee and the brochure show (components/fee-page.tsx, pdf.server.ts), as plain data the
 * route composes from the fee book and the admission session (app/fee-figures.ts). Amounts are
 * already formatted (₹, en-IN).
 */

/** One head of a class group: "Tuition Fee", "₹2,200", "a month". */
export type FeeLine = { name: string; amount: string; per: string };

export type FeeFigures = {
  /** The session the fee figures are for ("2026–27"), null when there is no fee book. */
  session: string | null;
  /** The session parents apply for ("2027–28"), null when there is none. */
  admissionSession: string | null;
  /** Says the figures are another session's than the admission session's, else null. */
  notice: string | null;
  /** Without a fee book: the sentence, ending in the office's number (a tel: link on the page). */
  noBook: { text: string; phone: string; tel: string } | null;
  groups: { label: string; heads: FeeLine[]; firstYearTotal: string }[];
  bus: FeeLine[];
  /** When fees fall due and the late fee, in words; null without a book. */
  dueAndLate: string | null;
  concessions: { name: string; text: string }[];
  /** The application fee while admissions are open, else null. */
  applicationFee: string | null;
  /** "31 March 2027", null without an admission session. */
  cutoffLabel: string | null;
  ages: { className: string; minimumAge: number; basis: string; bornFrom: string; bornTo: string; bornFromLabel: string; bornToLabel: string }[];
};
