/**
 * What a newly admitted child's parent is told of the first fees: the first month of the
 * session with anything to pay (school and bus fees together), its due date, its heads and
 * its total, from the same month views as every page (monthViews). Amounts paise; dates IST. Pure.
 */
import { formatDisplayDate } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import type { MonthView } from "./schedule";

export type FirstFees = { month: string; label: string; dueDate: string; totalPaise: number; heads: { head: string; periodLabel: string; amountPaise: number }[] };

/** The first month not yet paid, of either fee; null when nothing is owed in the session. */
export function firstFees(views: readonly MonthView[]): FirstFees | null {
  const first = views.filter((v) => v.status !== "paid").map((v) => v.month).sort()[0];
  if (!first) return null;
  const months = views.filter((v) => v.month === first && v.status !== "paid");
  return {
    month: first,
    label: months[0]!.label,
    dueDate: months[0]!.dueDate,
    totalPaise: months.reduce((s, v) => s + v.payablePaise, 0),
    heads: months.flatMap((v) => v.items.map((i) => ({ head: i.head, periodLabel: i.periodLabel, amountPaise: i.amountPaise - i.concessionPaise }))),
  };
}

/** "The first fees, ₹7,000, fall due on 10 Apr 2027: Admission Fee (One-time) ₹5,000; Tuition Fee (April 2027) ₹2,000." */
export function firstFeesText(fees: FirstFees): string {
  const heads = fees.heads.map((h) => `${h.head} (${h.periodLabel}) ${formatRupees(h.amountPaise)}`).join("; ");
  return `The first fees, ${formatRupees(fees.totalPaise)}, fall due on ${formatDisplayDate(fees.dueDate)}: ${heads}.`;
}
