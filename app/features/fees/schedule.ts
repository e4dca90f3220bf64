/**
 * What a student owes in a session and what can be paid now, as plain functions of
 * the fee book, the student and the student's ledger lines, so the parent's screen, the office
 * counter, the payment's quote and the tests all compute it the same way.
 *
 * A *period* here is a month of the session ("2026-04"): every head falling due that month
 * (monthly heads each month, quarterly ones in April, July, October and January, annual and
 * one-time ones in April) is paid together. Dates are IST calendar dates "YYYY-MM-DD"; money is
 * integer paise.
 */
import { daysBetween, MONTH_NAMES, monthLabel } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { BUS_HEAD, headsFor, type ConcessionRule, type FeeBook, type LateFeeRule } from "./book";

export type FeePurpose = "tuition" | "bus";

/**
 * What the schedule needs to know about a student. `joinedSession` ("2027-28") and `joinedMonth`
 * ("2027-09") say when the student joined: dues start at that month (the session's April when
 * only the session is known); both null for a student on the roll before any book we hold.
 */
export type StudentFacts = { className: string; busStop: string | null; concessions: readonly string[]; joinedSession: string | null; joinedMonth: string | null };

export type HeadKind = "tuition" | "fee" | "bus";

/** One head falling due in a month: its gross amount and the concession the rules give. */
export type ScheduleItem = { head: string; headKind: HeadKind; periodLabel: string; amountPaise: number; concessionPaise: number; concessionNames: string[] };

export type ScheduleMonth = { month: string; label: string; dueDate: string; items: ScheduleItem[] };

export const LEDGER_KINDS = ["due", "concession", "late_fee", "payment", "refund"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** A ledger line as the schedule reads it (amounts are positive; the kind gives the sign). */
export type LedgerEntry = { kind: LedgerKind; month: string; head: string; amountPaise: number };

/**
 * Which way each kind of ledger line moves what the family owes: a due and a late fee add to it,
 * a concession and a payment take from it, a refund (money given back) adds to it again. The one
 * sign table of the ledger: balances, credits, what a month costs and the statement's debit and
 * credit columns all read it.
 */
export const LEDGER_SIGN: Readonly<Record<LedgerKind, 1 | -1>> = { due: 1, concession: -1, late_fee: 1, payment: -1, refund: 1 };

/** The kinds that say what is charged (due, concession, late fee); the others (payment, refund) are money. */
export const CHARGE_KINDS: readonly LedgerKind[] = ["due", "concession", "late_fee"];

/** A line's effect on the balance, paise: positive for what it adds to the amount owed. */
export function signedPaise(e: Pick<LedgerEntry, "kind" | "amountPaise">): number {
  return LEDGER_SIGN[e.kind] * e.amountPaise;
}

/** What a line charges, net, paise (a concession counts negative); 0 for a payment or refund. */
export function chargedPaise(e: Pick<LedgerEntry, "kind" | "amountPaise">): number {
  return CHARGE_KINDS.includes(e.kind) ? signedPaise(e) : 0;
}

/** What a line says was paid, net, paise (a refund counts negative); 0 for a charge. */
export function paidPaise(e: Pick<LedgerEntry, "kind" | "amountPaise">): number {
  return CHARGE_KINDS.includes(e.kind) ? 0 : -signedPaise(e);
}

export type MonthStatus = "paid" | "due" | "overdue" | "upcoming";

/** One month as the parent and the office see it. */
export type MonthView = ScheduleMonth & {
  status: MonthStatus;
  /** What paying this month now costs: outstanding dues less concessions, plus the late fee. */
  payablePaise: number;
  /** The late fee included in payablePaise (already charged, or charged if paid on `today`). */
  lateFeePaise: number;
  /** Whether the late fee is already on the ledger (it then stays whatever the date). */
  lateFeePosted: boolean;
};

const SHORT = MONTH_NAMES.map((m) => m.slice(0, 3));

/** The twelve months of session "2026-27", April first: "2026-04" … "2027-03". */
export function sessionMonths(session: string): string[] {
  const start = Number(session.slice(0, 4));
  return Array.from({ length: 12 }, (_, i) => {
    const m = ((i + 3) % 12) + 1;
    return `${i < 9 ? start : start + 1}-${String(m).padStart(2, "0")}`;
  });
}

export { monthLabel };

function quarterLabel(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const end = m + 2;
  return `${SHORT[m - 1]}–${SHORT[end - 1]} ${y}`;
}

/**
 * Concession on one head for one period: the sum of the student's rules naming the head
 * (percent of the amount rounded down to the paisa, or the fixed amount), never above the amount.
 */
export function concessionOn(rules: readonly ConcessionRule[], codes: readonly string[], head: string, amountPaise: number): { paise: number; names: string[] } {
  let paise = 0;
  const names: string[] = [];
  for (const rule of rules) {
    if (!codes.includes(rule.code) || !rule.heads.includes(head)) continue;
    paise += rule.kind === "percent" ? Math.floor((amountPaise * (rule.percent ?? 0)) / 100) : (rule.amountPaise ?? 0);
    names.push(rule.name);
  }
  return { paise: Math.min(paise, amountPaise), names };
}

/**
 * The first month a student is billed ("2027-04"), or null for a student on the roll from
 * before (billed every month of every session). From `joinedMonth`, else the April of
 * `joinedSession` (CBSE Affiliation Bye-Laws 2018 ch. 7: fees only for the time a pupil is on
 * the rolls).
 */
export function firstBilledMonth(student: Pick<StudentFacts, "joinedSession" | "joinedMonth">): string | null {
  if (student.joinedMonth) return student.joinedMonth;
  return student.joinedSession ? `${student.joinedSession.slice(0, 4)}-04` : null;
}

/**
 * The session's months with what falls due in each for `purpose` ("tuition": the school's heads
 * of the student's class; "bus": the student's stop, monthly). Months with nothing due are left
 * out, and so is every month before the student's first billed month (a student admitted for
 * next session owes nothing in this one). In the joining month fall the one-time heads and,
 * when the book's `joinerPeriods` is "current", the quarterly and annual heads whose period has
 * begun (charged whole); with "next" those start at their next period.
 */
export function schedule(book: FeeBook, student: StudentFacts, purpose: FeePurpose): ScheduleMonth[] {
  const months = sessionMonths(book.session);
  const heads = purpose === "tuition" ? headsFor(book, student.className) : [];
  const stop = purpose === "bus" && student.busStop ? book.bus.find((b) => b.code === student.busStop) : undefined;
  const start = firstBilledMonth(student);
  const result: ScheduleMonth[] = [];
  months.forEach((month, index) => {
    if (start !== null && month < start) return;
    const joining = month === start;
    const begunPeriods = joining && book.joinerPeriods === "current";
    const items: ScheduleItem[] = [];
    const add = (head: string, headKind: HeadKind, periodLabel: string, amountPaise: number) => {
      const c = concessionOn(book.concessions, student.concessions, head, amountPaise);
      items.push({ head, headKind, periodLabel, amountPaise, concessionPaise: c.paise, concessionNames: c.names });
    };
    for (const h of heads) {
      if (h.period === "monthly") add(h.name, h.kind, monthLabel(month), h.amountPaise);
      else if (h.period === "quarterly" && (index % 3 === 0 || begunPeriods)) add(h.name, h.kind, quarterLabel(months[index - (index % 3)]!), h.amountPaise);
      else if (h.period === "annual" && (index === 0 || begunPeriods)) add(h.name, h.kind, book.session, h.amountPaise);
      else if (h.period === "one_time" && joining) add(h.name, h.kind, "One-time", h.amountPaise);
    }
    if (stop) add(BUS_HEAD, "bus", monthLabel(month), stop.monthlyPaise);
    if (items.length > 0) result.push({ month, label: monthLabel(month), dueDate: `${month}-${String(book.dueDay).padStart(2, "0")}`, items });
  });
  return result;
}

/**
 * What the heads of `className` in `book` add up to over the session for a student who joins in
 * its April, paise: each head as often as `schedule` charges it (monthly 12 times, quarterly 4,
 * annual and one-time once), without bus fee, concessions or late fees. 0 when the book does not
 * charge the class. The "first year in all" of /fee.
 */
export function firstYearPaise(book: FeeBook, className: string): number {
  const months = schedule(book, { className, busStop: null, concessions: [], joinedSession: book.session, joinedMonth: null }, "tuition");
  return months.reduce((sum, m) => sum + m.items.reduce((s, i) => s + i.amountPaise, 0), 0);
}

/**
 * Late fee of one period paid on `paidOn` when it fell due on `dueDate`: nothing up to and on
 * the due date; after it, the rule's amount per day late (or once, for "flat"), at most the cap.
 */
export function lateFee(rule: LateFeeRule, dueDate: string, paidOn: string): number {
  const days = daysBetween(dueDate, paidOn);
  if (days <= 0 || rule.amountPaise === 0) return 0;
  const fee = rule.kind === "flat" ? rule.amountPaise : rule.amountPaise * days;
  return Math.min(fee, rule.capPaise);
}

/**
 * The late fee rule in a parent's words, for reminders and pages: "a late fee of ₹100 once a
 * month is past its due date", "a late fee of ₹10 a day after the due date, at most ₹300 a
 * month", or "no late fee".
 */
export function lateFeeRuleText(rule: LateFeeRule): string {
  if (rule.amountPaise === 0) return "no late fee";
  if (rule.kind === "flat") return `a late fee of ${formatRupees(Math.min(rule.amountPaise, rule.capPaise))} once a month is past its due date`;
  return `a late fee of ${formatRupees(rule.amountPaise)} a day after the due date, at most ${formatRupees(rule.capPaise)} a month`;
}

function sumOf(entries: readonly LedgerEntry[], kind: LedgerKind, month: string, head?: string): number {
  return entries.filter((e) => e.kind === kind && e.month === month && (head === undefined || e.head === head)).reduce((s, e) => s + e.amountPaise, 0);
}

/** The late fee's head on the ledger. */
export const LATE_FEE_HEAD = "Late Fee";

/**
 * Each month of the schedule with its status on `today` (IST) and what paying it costs, from
 * the ledger: dues already posted count as posted (a later change of the fee book never rewrites
 * them), and so do charges posted under heads the book does not have (a bounce charge); heads
 * not yet posted count at the book's amounts. A month is paid when payments cover
 * it, overdue after its due date, due from the first of its month, upcoming before.
 */
export function monthViews(months: readonly ScheduleMonth[], ledger: readonly LedgerEntry[], rule: LateFeeRule, today: string): MonthView[] {
  return months.map((m) => {
    let owed = 0;
    for (const item of m.items) {
      const posted = ledger.some((e) => e.kind === "due" && e.month === m.month && e.head === item.head);
      owed += posted ? sumBy(chargedPaise, ledger.filter((e) => e.kind !== "late_fee" && e.month === m.month && e.head === item.head)) : item.amountPaise - item.concessionPaise;
    }
    // Charges posted outside the book's heads (a bounced cheque's charge) are owed in their month too, as payLinesFor prices them.
    const extra = new Set(ledger.filter((e) => e.kind === "due" && e.month === m.month && !m.items.some((i) => i.head === e.head)).map((e) => e.head));
    owed += sumBy(chargedPaise, ledger.filter((e) => e.kind !== "late_fee" && e.month === m.month && extra.has(e.head)));
    const paidNet = sumBy(paidPaise, ledger.filter((e) => e.month === m.month));
    const postedLate = sumOf(ledger, "late_fee", m.month);
    const lateFeePosted = ledger.some((e) => e.kind === "late_fee" && e.month === m.month);
    const overdue = today > m.dueDate;
    // A late fee is charged once per month, only while something of it is unpaid after the due date.
    const lateFeePaise = lateFeePosted ? postedLate : overdue && owed - paidNet > 0 ? lateFee(rule, m.dueDate, today) : 0;
    const payablePaise = Math.max(0, owed + lateFeePaise - paidNet);
    const status: MonthStatus = payablePaise === 0 ? "paid" : overdue ? "overdue" : today >= `${m.month}-01` ? "due" : "upcoming";
    return { ...m, status, payablePaise, lateFeePaise: payablePaise === 0 ? postedLate : lateFeePaise, lateFeePosted };
  });
}

export type SelectionProblem = { kind: "empty" | "unknown" | "already_paid" | "out_of_order"; message: string };

export const SELECTION_MESSAGES = {
  empty: "Choose at least one month to pay.",
  unknown: "One of the chosen months is not in this session.",
  already_paid: "One of the chosen months is already paid.",
  out_of_order: "Pay the oldest unpaid month first: choose months in order, without leaving a gap.",
} as const;

/**
 * Checks the months a payer chose: at least one, all unpaid, and exactly the oldest unpaid ones
 * (oldest first, no gaps: decision 016). Returns the chosen views in order, or the problem.
 */
export function checkSelection(views: readonly MonthView[], chosen: readonly string[]): { ok: true; months: MonthView[] } | { ok: false; problem: SelectionProblem } {
  const wanted = new Set(chosen);
  if (wanted.size === 0) return { ok: false, problem: { kind: "empty", message: SELECTION_MESSAGES.empty } };
  if ([...wanted].some((m) => !views.some((v) => v.month === m))) return { ok: false, problem: { kind: "unknown", message: SELECTION_MESSAGES.unknown } };
  if (views.some((v) => wanted.has(v.month) && v.status === "paid")) return { ok: false, problem: { kind: "already_paid", message: SELECTION_MESSAGES.already_paid } };
  const unpaid = views.filter((v) => v.status !== "paid");
  const prefix = unpaid.slice(0, wanted.size);
  if (!prefix.every((v) => wanted.has(v.month))) return { ok: false, problem: { kind: "out_of_order", message: SELECTION_MESSAGES.out_of_order } };
  return { ok: true, months: prefix };
}

/** One line of what is being paid: a head of a month (or its late fee), paise. */
export type PayLine = { month: string; head: string; periodLabel: string; amountPaise: number };

/** A ledger line with the period it prints ("April 2026", "Apr–Jun 2026"). */
export type LabelledEntry = LedgerEntry & { periodLabel: string };

/**
 * The ledger as it is once the dues of `months` are posted (as `postDues` posts them: a due,
 * and its concession when there is one, once per head and month; lines already posted stay as
 * they are). Lets a page price months without writing anything. Pure.
 */
export function withDuesPosted(ledger: readonly LabelledEntry[], months: readonly ScheduleMonth[]): LabelledEntry[] {
  const has = (kind: LedgerKind, month: string, head: string) => ledger.some((e) => e.kind === kind && e.month === month && e.head === head);
  const added: LabelledEntry[] = [];
  for (const m of months) {
    for (const item of m.items) {
      const base = { month: m.month, head: item.head, periodLabel: item.periodLabel };
      if (!has("due", m.month, item.head)) added.push({ ...base, kind: "due", amountPaise: item.amountPaise });
      if (item.concessionPaise > 0 && !has("concession", m.month, item.head)) added.push({ ...base, kind: "concession", amountPaise: item.concessionPaise });
    }
  }
  return [...ledger, ...added];
}

/**
 * What paying `months` costs, line by line, from a ledger holding their dues (posted, or
 * `withDuesPosted`): each head with a due, its outstanding paise (dues − concessions −
 * payments + refunds) when above zero, then the month's late fee (the one charged, or the
 * month view's late fee on the day priced). The one pricing of the online quote and the
 * family's page. Pure.
 */
export function payLinesFor(months: readonly Pick<MonthView, "month" | "lateFeePaise">[], ledger: readonly LabelledEntry[]): PayLine[] {
  const lines: PayLine[] = [];
  for (const m of months) {
    const heads = [...new Set(ledger.filter((l) => l.month === m.month && l.kind === "due").map((l) => l.head))];
    for (const head of heads) {
      const mine = ledger.filter((l) => l.month === m.month && l.head === head);
      const owed = sumBy(signedPaise, mine);
      if (owed > 0) lines.push({ month: m.month, head, periodLabel: mine[0]!.periodLabel, amountPaise: owed });
    }
    const late = ledger.filter((l) => l.month === m.month && l.head === LATE_FEE_HEAD);
    const lateOwed = late.length > 0 ? sumBy(signedPaise, late) : m.lateFeePaise;
    if (lateOwed > 0) lines.push({ month: m.month, head: LATE_FEE_HEAD, periodLabel: monthLabel(m.month), amountPaise: lateOwed });
  }
  return lines;
}

/** Total of the chosen months, paise (what the server charges; the browser only shows it). */
export function totalOf(months: readonly MonthView[]): number {
  return months.reduce((s, m) => s + m.payablePaise, 0);
}

/**
 * A student's balance from ledger lines alone: dues − concessions + late fees − payments +
 * refunds, paise (positive: owed to the school).
 */
export function balanceOf(ledger: readonly LedgerEntry[]): number {
  return sumBy(signedPaise, ledger);
}

function sumBy(value: (e: LedgerEntry) => number, ledger: readonly LedgerEntry[]): number {
  return ledger.reduce((s, e) => s + value(e), 0);
}


/** A head of a month paid more than it was charged: the excess is the family's credit. */
export type Credit = { month: string; head: string; excessPaise: number };

/**
 * Every head and month whose payments (net of refunds) exceed its charge (due − concession +
 * late fee), oldest month first, with the excess in paise: money that arrived for something
 * already paid, by any channel (an online order paid at the bank after the office took the
 * same month). The office refunds it or applies it to the next months.
 */
export function creditsOf(ledger: readonly LedgerEntry[]): Credit[] {
  const net = new Map<string, { month: string; head: string; charged: number; paid: number }>();
  for (const e of ledger) {
    const key = `${e.month}|${e.head}`;
    const row = net.get(key) ?? { month: e.month, head: e.head, charged: 0, paid: 0 };
    row.charged += chargedPaise(e);
    row.paid += paidPaise(e);
    net.set(key, row);
  }
  return [...net.values()]
    .filter((r) => r.paid > r.charged)
    .map((r) => ({ month: r.month, head: r.head, excessPaise: r.paid - r.charged }))
    .sort((a, b) => a.month.localeCompare(b.month));
}

/** Total credit of some ledger lines, paise (0 when nothing was paid twice). */
export function creditOf(ledger: readonly LedgerEntry[]): number {
  return creditsOf(ledger).reduce((s, c) => s + c.excessPaise, 0);
}

/**
 * Where an account stands on the day its month views were made (monthViews): `overduePaise`, what
 * the months past their due date cost if paid that day (late fees to that day included);
 * `owedNowPaise`, that plus the months already begun but not yet past their due date (what can
 * be paid now); `creditPaise`, what was paid more than charged (creditsOf of `ledger`). The one
 * balance every view prints (the statement, the student's page, defaulters, the dashboard, the
 * parent's and the family's pages and the reminders), so they agree at every moment whichever
 * page ran first. Pure.
 */
export type Standing = { overduePaise: number; owedNowPaise: number; creditPaise: number };

export function standingOf(views: readonly Pick<MonthView, "status" | "payablePaise">[], ledger: readonly LedgerEntry[]): Standing {
  const sum = (statuses: readonly MonthStatus[]) => views.filter((v) => statuses.includes(v.status)).reduce((s, v) => s + v.payablePaise, 0);
  return { overduePaise: sum(["overdue"]), owedNowPaise: sum(["overdue", "due"]), creditPaise: creditOf(ledger) };
}

/** Two standings added (a student's school and bus fees, a class's students). */
export function addStandings(a: Standing, b: Standing): Standing {
  return { overduePaise: a.overduePaise + b.overduePaise, owedNowPaise: a.owedNowPaise + b.owedNowPaise, creditPaise: a.creditPaise + b.creditPaise };
}

export const NO_STANDING: Standing = { overduePaise: 0, owedNowPaise: 0, creditPaise: 0 };

/**
 * A fee account as the audit log keeps it (before and after a payment or its reversal): the
 * session's months not yet paid, as a run when they follow one another ("May 2026 – March 2027
 * (11)", as months are paid oldest first they usually do) or listed, "none" when all are paid;
 * and what is payable now for the months due or overdue on the account's day, in paise.
 */
export function accountSummary(months: readonly Pick<MonthView, "label" | "status" | "payablePaise">[]): { unpaidMonths: string; payableNowPaise: number } {
  const unpaid = months.map((m, i) => ({ m, i })).filter(({ m }) => m.status !== "paid");
  const run = unpaid.length > 2 && unpaid.every(({ i }, k) => k === 0 || i === unpaid[k - 1]!.i + 1);
  const first = unpaid[0]?.m.label;
  const last = unpaid.at(-1)?.m.label;
  const unpaidMonths = unpaid.length === 0 ? "none" : run ? `${first} – ${last} (${unpaid.length})` : unpaid.map(({ m }) => m.label).join(", ");
  return { unpaidMonths, payableNowPaise: standingOf(months, []).owedNowPaise };
}
