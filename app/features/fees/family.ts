/**
 * A family's dues and the day's fee reminders as plain functions of the roll, the fee book,
 * the ledger and the open orders, so the reminder job, the family's pay page and the tests
 * select the same way (docs/decisions/023-family-payments.md). Siblings are the students whose
 * mobile, normalised (app/lib/phone.ts), is the parent's. A month is owed when it is unpaid
 * (monthViews) and due, overdue, or falling due within the given days; a month an open order
 * (created or pending) already pays is left out. Lines are priced as the online quote prices
 * them (payLinesFor), late fees included. Dates are IST "YYYY-MM-DD"; money is integer paise.
 */
import { PURPOSE_LABELS } from "~/core/payments/labels";
import type { Student } from "~/core/students/roll.server";
import { addDays, daysBetween } from "~/lib/dates";
import { maskName } from "~/lib/mask-name";
import { MOBILE_PATTERN, normaliseMobile } from "~/lib/phone";
import type { FeeBook } from "./book";
import { monthsOfOrder, type OrderRefs } from "./keys";
import { LATE_FEE_HEAD, lateFeeRuleText, monthViews, payLinesFor, schedule, withDuesPosted, type FeePurpose, type LabelledEntry, type MonthStatus } from "./schedule";

/** What the selection reads of a student on the roll. */
export type RollStudent = Pick<Student, "id" | "name" | "className" | "section" | "mobile" | "email" | "busStop" | "concessions" | "joinedSession" | "joinedMonth">;

/** One head of a month as the parent sees it: "Tuition Fee", "April 2026", paise. */
export type FamilyLine = { head: string; period: string; amountPaise: number };

/** One owed month of one fee: its heads, its late fee (0 when not overdue) and what it costs now. */
export type FamilyMonth = { month: string; label: string; dueDate: string; status: Exclude<MonthStatus, "paid">; lines: FamilyLine[]; lateFeePaise: number; totalPaise: number };

/**
 * One fee (school or bus) of a child: the owed months oldest first and their total.
 * `inProgress`: an open order pays some of this fee's months (left out of `months`).
 */
export type FamilyFee = { purpose: FeePurpose; label: string; months: FamilyMonth[]; totalPaise: number; inProgress: boolean };

/** A child of the family: masked name ("A**** M*****"), class with section, fees owed, total paise. */
export type FamilyChild = { studentId: number; name: string; className: string; fees: FamilyFee[]; totalPaise: number };

/**
 * What a family owes in `session`: each sibling (by admission order on the roll, id), the
 * family's e-mail (the first sibling's on the roll that has one), the late fee rule in words.
 */
export type FamilyDues = { mobile: string; session: string; email: string | null; children: FamilyChild[]; totalPaise: number; lateFeeRule: string };

/** A month as the family's page names its checkbox: "<student id>:<purpose>:<month>" ("12:tuition:2026-04"). */
export const monthPick = (studentId: number, purpose: string, month: string) => `${studentId}:${purpose}:${month}`;

/** Students of `roll` whose mobile, normalised, is `mobile`'s (none for an invalid number), by id. */
export function siblingsOf<S extends Pick<RollStudent, "id" | "mobile">>(roll: readonly S[], mobile: string): S[] {
  const digits = normaliseMobile(mobile);
  if (!MOBILE_PATTERN.test(digits)) return [];
  return roll.filter((s) => normaliseMobile(s.mobile) === digits).sort((a, b) => a.id - b.id);
}

/** "<student id>|<purpose>|<month>" of every month an open order pays (orders of `exceptKey`, a payable key, left out). */
export function monthsBeingPaid(orders: readonly OrderRefs[], exceptKey?: string): Set<string> {
  const covered = new Set<string>();
  for (const order of orders) {
    if (order.payableKey === exceptKey) continue;
    for (const m of monthsOfOrder(order)) covered.add(`${m.studentId}|${m.purpose}|${m.month}`);
  }
  return covered;
}

const PURPOSES: readonly FeePurpose[] = ["tuition", "bus"];

/** One child's owed fees on `today`, months falling due within `withinDays` days included. */
function childDues(student: RollStudent, book: FeeBook, ledger: readonly (LabelledEntry & { purpose: FeePurpose })[], covered: ReadonlySet<string>, today: string, withinDays: number): FamilyChild {
  const horizon = addDays(today, withinDays);
  const fees: FamilyFee[] = [];
  for (const purpose of PURPOSES) {
    const mine = ledger.filter((e) => e.purpose === purpose);
    const views = monthViews(schedule(book, student, purpose), mine, book.lateFee, today);
    const owed = views.filter((v) => v.status !== "paid" && (v.status !== "upcoming" || v.dueDate <= horizon));
    const open = owed.filter((v) => !covered.has(`${student.id}|${purpose}|${v.month}`));
    const lines = payLinesFor(open, withDuesPosted(mine, open));
    const months = open.map((v): FamilyMonth => {
      const of = lines.filter((l) => l.month === v.month);
      const late = of.filter((l) => l.head === LATE_FEE_HEAD).reduce((s, l) => s + l.amountPaise, 0);
      return {
        month: v.month,
        label: v.label,
        dueDate: v.dueDate,
        status: v.status as FamilyMonth["status"],
        lines: of.filter((l) => l.head !== LATE_FEE_HEAD).map((l) => ({ head: l.head, period: l.periodLabel, amountPaise: l.amountPaise })),
        lateFeePaise: late,
        totalPaise: of.reduce((s, l) => s + l.amountPaise, 0),
      };
    });
    const inProgress = open.length < owed.length;
    if (months.length > 0 || inProgress) fees.push({ purpose, label: PURPOSE_LABELS[purpose], months, totalPaise: months.reduce((s, m) => s + m.totalPaise, 0), inProgress });
  }
  return {
    studentId: student.id,
    name: maskName(student.name),
    className: `${student.className}${student.section ? ` ${student.section}` : ""}`,
    fees,
    totalPaise: fees.reduce((s, f) => s + f.totalPaise, 0),
  };
}

export type FamilyInput = {
  /** The parent's mobile, any formatting. */
  mobile: string;
  /** The roll, or any part of it holding the family. */
  roll: readonly RollStudent[];
  book: FeeBook;
  /** Ledger lines of the book's session by student id (both purposes). */
  ledgers: ReadonlyMap<number, readonly (LabelledEntry & { purpose: FeePurpose })[]>;
  /** monthsBeingPaid of the open orders. */
  covered: ReadonlySet<string>;
  today: string;
  /** Months falling due within this many days count too (0: only those due from the 1st of their month). */
  withinDays: number;
};

/** A family's dues (FamilyDues), or null when no student on `roll` has the mobile. Pure. */
export function familyDuesOf(input: FamilyInput): FamilyDues | null {
  const siblings = siblingsOf(input.roll, input.mobile);
  if (siblings.length === 0) return null;
  const children = siblings.map((s) => childDues(s, input.book, input.ledgers.get(s.id) ?? [], input.covered, input.today, input.withinDays));
  return {
    mobile: normaliseMobile(input.mobile),
    session: input.book.session,
    email: siblings.find((s) => s.email?.trim())?.email?.trim() ?? null,
    children,
    totalPaise: children.reduce((s, c) => s + c.totalPaise, 0),
    lateFeeRule: lateFeeRuleText(input.book.lateFee),
  };
}

/**
 * When to remind (days relative to a month's due date): `daysBefore` (e.g. [7, 2]: seven and
 * two days before it) and `daysOverdue` (days after it, default OVERDUE_DAYS).
 */
/**
 * When families are reminded: `daysBefore` and `daysOverdue` days from a due date; with
 * `everyOverdue` (the office's "Send fee reminders now"), every family owing a month past its
 * due date, whichever day it is.
 */
export type ReminderSchedule = { daysBefore: readonly number[]; daysOverdue?: readonly number[]; everyOverdue?: boolean };

/**
 * Overdue reminders go on the 1st, 8th and 15th day after the due date: three, each firmer, as
 * Gibbon's three escalating reminders; after the third the office phones (the defaulters list).
 */
export const OVERDUE_DAYS = [1, 8, 15] as const;

/**
 * Why a family is reminded today: a month falls due in `daysLeft` days, or a month is
 * `daysOverdue` days past its due date, the `step`th of `steps` overdue reminders.
 */
export type Reminder = { kind: "before"; daysLeft: number } | { kind: "overdue"; daysOverdue: number; step: number; steps: number };

/**
 * The reminder `dues` call for on `today`, or null: "overdue" when some owed month is exactly one
 * of `daysOverdue` days past its due date (the most overdue such month decides the step);
 * else "before" when some owed month falls due in exactly one of `daysBefore` days (the nearest
 * decides). One a family a day: overdue, the firmer, wins. Months an open order pays are not in
 * `dues`, so they remind nobody. Pure.
 */
export function reminderFor(dues: FamilyDues, today: string, plan: ReminderSchedule): Reminder | null {
  const cadence = plan.daysOverdue ?? OVERDUE_DAYS;
  let overdue: Reminder | null = null;
  let before: Reminder | null = null;
  for (const m of dues.children.flatMap((c) => c.fees.flatMap((f) => f.months))) {
    const late = daysBetween(m.dueDate, today);
    const step = cadence.indexOf(late);
    const due = late > 0 && (step >= 0 || plan.everyOverdue === true);
    if (due && (overdue?.kind !== "overdue" || late > overdue.daysOverdue)) overdue = { kind: "overdue", daysOverdue: late, step: step >= 0 ? step + 1 : cadence.filter((d) => d < late).length, steps: cadence.length };
    if (late <= 0 && plan.daysBefore.includes(-late) && (before?.kind !== "before" || -late < before.daysLeft)) before = { kind: "before", daysLeft: -late };
  }
  return overdue ?? before;
}
