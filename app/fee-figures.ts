/**
 * /fee's figures (and the brochure's), composed above the features: the fee book as parents read
 * it (fees: `publicFeeBook`), the open admission session's application fee and the age criteria
 * from its cut-off (admissions: `ageCriteria`). One source: what the office set in the admin area.
 * Pure; fee-figures.server.ts reads the inputs.
 */
import { school } from "#content/school";
import type { FeeFigures } from "~/features/content/fees";
import { ageCriteria, formatCutOff } from "~/features/admissions/age";
import type { FeeBook } from "~/features/fees/book";
import { publicFeeBook } from "~/features/fees/public";
import { sessionLabel } from "~/lib/dates";
import { formatRupees } from "~/lib/money";

/** What the figures are read from: the admission session's settings and a fee book. */
export type FeeSource = {
  /** The open admission session (with admissions closed, the newest), null when there is none. */
  admission: { name: string; isOpen: boolean; applicationFeePaise: number; ageCutOff: string } | null;
  /** The admission session's fee book, else the newest one; null when the school has set none. */
  book: FeeBook | null;
};

/**
 * The page's figures from `source`: the book's (with a notice when it is another session's than
 * the admission session), or without a book a sentence to call the school office (content/school.ts);
 * the application fee while admissions are open; the age criteria of the session's cut-off.
 */
export function feeFigures({ admission, book }: FeeSource): FeeFigures {
  const office = school.phones.find((p) => /office/i.test(p.label)) ?? school.phones[0]!;
  const wanted = admission ? sessionLabel(admission.name) : null;
  const fees = book ? publicFeeBook(book, admission?.name ?? null) : null;
  return {
    session: fees?.session ?? null,
    admissionSession: wanted,
    notice: fees?.notice ?? null,
    noBook: fees ? null : { text: `The fees${wanted ? ` for session ${wanted}` : ""} are not published here yet. Please call the school office on`, phone: office.display, tel: office.e164 },
    groups: fees?.groups ?? [],
    bus: fees?.bus ?? [],
    dueAndLate: fees?.dueAndLate ?? null,
    concessions: fees?.concessions ?? [],
    applicationFee: admission?.isOpen ? formatRupees(admission.applicationFeePaise) : null,
    cutoffLabel: admission ? formatCutOff(admission.ageCutOff) : null,
    ages: admission ? ageCriteria(admission.ageCutOff) : [],
  };
}
