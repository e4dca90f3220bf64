/**
 * A student's statement of account as rows, from the same month views every other page reads
 * (monthViews), so its balance is the student page's, defaulters' and the parent's at the same
 * moment whoever opened what first. Rows:
 * - every ledger line of the months already begun or paid (a later month's due posted by a quote
 *   never paid, or by a payment since reversed, is not owed before its month);
 * - the dues of begun months not yet posted, at the book's amounts (what the ledger will post);
 * - the late fee a past-due month carries if paid on `today`, marked "to date".
 * Dues and concessions are dated by their month's due date, money and charged late fees by the
 * day they were written (IST). The running balance after the last row is `owedNowPaise − credit`.
 * Amounts are paise; dates IST "YYYY-MM-DD". Pure.
 */
import { kolkataDate } from "~/lib/dates";
import { LATE_FEE_HEAD, LEDGER_SIGN, withDuesPosted, type FeePurpose, type LedgerKind, type MonthView } from "./schedule";

/** A ledger line as the statement reads it. */
export type StatementLine = { id: number; purpose: FeePurpose; month: string; head: string; periodLabel: string; kind: LedgerKind; amountPaise: number; note: string | null; createdAt: Date };

/** One printed row: its IST date, the words, the debit or credit (paise, one of them 0) and the balance after it. */
export type StatementRow = { date: string; text: string; debitPaise: number; creditPaise: number; balancePaise: number };

const KIND_WORDS: Record<LedgerKind, string> = { due: "Due", concession: "Concession", late_fee: "Late fee", payment: "Payment", refund: "Refund / reversal" };
const PURPOSE_WORDS: Record<FeePurpose, string> = { tuition: "", bus: " (bus)" };
/** Within one day: charges before money, so a month's due comes before the payment of it. */
const KIND_ORDER: Record<LedgerKind, number> = { due: 0, concession: 1, late_fee: 2, payment: 3, refund: 4 };

/**
 * The statement's rows for one student, both fees, oldest first. `views` are the month views
 * of each purpose on `today` (monthViews of the schedule and `lines`).
 */
export function statementRows(lines: readonly StatementLine[], views: Readonly<Record<FeePurpose, readonly MonthView[]>>, today: string): StatementRow[] {
  type Draft = Omit<StatementRow, "balancePaise"> & { order: number; id: number };
  const drafts: Draft[] = [];
  for (const purpose of ["tuition", "bus"] as const) {
    const mine = lines.filter((l) => l.purpose === purpose);
    const viewOf = new Map(views[purpose].map((v) => [v.month, v]));
    // A month not begun and not paid is left out: its due may be posted (by a quote never paid, or a payment since reversed) but is not owed yet.
    const counts = (month: string) => viewOf.get(month)?.status !== "upcoming";
    const dueDateOf = (month: string, written: Date) => viewOf.get(month)?.dueDate ?? kolkataDate(written);
    const push = (l: Pick<StatementLine, "kind" | "head" | "periodLabel" | "amountPaise" | "note">, date: string, id: number, toDate = false) => {
      const what = l.kind === "late_fee" ? `Late fee${toDate ? " to date" : ""}, ${l.periodLabel}` : `${KIND_WORDS[l.kind]}: ${l.head}, ${l.periodLabel}`;
      const plus = LEDGER_SIGN[l.kind] > 0;
      drafts.push({ date, text: `${what}${PURPOSE_WORDS[purpose]}${l.note ? ` (${l.note})` : ""}`, debitPaise: plus ? l.amountPaise : 0, creditPaise: plus ? 0 : l.amountPaise, order: KIND_ORDER[l.kind], id });
    };
    for (const l of mine) {
      if (!counts(l.month)) continue;
      // A book head's due is dated by its month's due date; a charge outside the book (a bounce charge) by the day it was made.
      const ofBook = viewOf.get(l.month)?.items.some((i) => i.head === l.head) ?? false;
      push(l, (l.kind === "due" || l.kind === "concession") && ofBook ? dueDateOf(l.month, l.createdAt) : kolkataDate(l.createdAt), l.id);
    }
    const begun = views[purpose].filter((v) => v.status === "due" || v.status === "overdue");
    const labelled = mine.map((l) => ({ kind: l.kind, month: l.month, head: l.head, amountPaise: l.amountPaise, periodLabel: l.periodLabel }));
    // As monthViews counts them: a head whose due is posted counts as posted, the others at the book's amounts.
    const posted = new Set(mine.filter((l) => l.kind === "due").map((l) => `${l.month}|${l.head}`));
    const unposted = withDuesPosted(labelled, begun).slice(labelled.length).filter((e) => !posted.has(`${e.month}|${e.head}`));
    for (const e of unposted) push({ ...e, note: null }, viewOf.get(e.month)!.dueDate, Number.MAX_SAFE_INTEGER);
    for (const v of begun) {
      if (v.lateFeePosted || v.lateFeePaise <= 0) continue;
      push({ kind: "late_fee", head: LATE_FEE_HEAD, periodLabel: v.label, amountPaise: v.lateFeePaise, note: null }, today, Number.MAX_SAFE_INTEGER, true);
    }
  }
  drafts.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.id - b.id);
  let balance = 0;
  return drafts.map(({ order: _order, id: _id, ...row }) => {
    balance += row.debitPaise - row.creditPaise;
    return { ...row, balancePaise: balance };
  });
}
