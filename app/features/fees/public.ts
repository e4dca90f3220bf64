/**
 * The fee book as parents read it on /fee and in the brochure: per class group each head with its
 * amount and period and what the first year comes to, the bus routes, when fees fall due and the
 * late fee, and the concessions. Pure; amounts are paise in the book, ₹ with en-IN grouping here.
 */
import { SCHOOL_CLASSES } from "#content/school";
import { sessionLabel } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { concessionText, type FeeBook, type HeadPeriod } from "./book";
import { firstYearPaise, lateFeeRuleText } from "./schedule";

/** How often a head is charged, as /fee says it after the amount. */
export const PERIOD_WORDS: Record<HeadPeriod, string> = { monthly: "a month", quarterly: "a quarter", annual: "a year", one_time: "once" };

/**
 * A class group's name: "Nursery – UKG", "Classes 1 – 5" for a run of classes, "Class 10" for
 * one, the classes listed ("Class 6, Class 8") when they are not consecutive.
 */
export function classGroupLabel(classes: readonly string[]): string {
  const order = (c: string) => (SCHOOL_CLASSES as readonly string[]).indexOf(c);
  const sorted = [...classes].sort((a, b) => order(a) - order(b));
  const first = sorted[0] ?? "";
  const last = sorted[sorted.length - 1] ?? "";
  if (sorted.length === 1) return first;
  const consecutive = sorted.every((c, i) => i === 0 || order(c) === order(sorted[i - 1]!) + 1);
  if (!consecutive) return sorted.join(", ");
  const number = /^Class (\d+)$/;
  const [a, b] = [number.exec(first), number.exec(last)];
  return a && b ? `Classes ${a[1]} – ${b[1]}` : `${first} – ${last}`;
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/**
 * `book` for parents. `wanted` is the session they are reading about ("2027-28", the open
 * admission session), null when none: when the book is another session's, `notice` says so
 * ("Fees for session 2026–27; the 2027–28 fees will be published here."). The first year in all
 * is `firstYearPaise` of the group's first class (every class of a group has the same heads).
 */
export function publicFeeBook(book: FeeBook, wanted: string | null) {
  return {
    session: sessionLabel(book.session),
    notice: wanted && wanted !== book.session ? `Fees for session ${sessionLabel(book.session)}; the ${sessionLabel(wanted)} fees will be published here.` : null,
    groups: book.structures.map((group) => ({
      label: classGroupLabel(group.classes),
      heads: group.heads.map((h) => ({ name: h.name, amount: formatRupees(h.amountPaise), per: PERIOD_WORDS[h.period] })),
      firstYearTotal: formatRupees(firstYearPaise(book, group.classes[0]!)),
    })),
    bus: book.bus.map((stop) => ({ name: stop.name, amount: formatRupees(stop.monthlyPaise), per: PERIOD_WORDS.monthly })),
    dueAndLate: `Fees fall due on the ${ordinal(book.dueDay)} of the month they are charged for; after that there is ${lateFeeRuleText(book.lateFee)}.`,
    concessions: book.concessions.map((rule) => ({ name: rule.name, text: concessionText(rule) })),
  };
}

export type PublicFeeBook = ReturnType<typeof publicFeeBook>;
