/**
 * What the parent's fee pages (/fees, /bus-fee-payment) need on the server: a
 * short-lived signed token naming the student found by admission number and date of birth, so
 * the next form posts (choose months, pay) need not ask again and cannot name another student;
 * and the plain view of an account the page renders.
 */
import { formatDisplayDate } from "~/lib/dates";
import type { Account } from "./ledger.server";
import { maskName } from "~/lib/mask-name";
import { readIdToken, signToken } from "~/lib/signed-token.server";
import { firstBilledMonth, monthLabel, sessionMonths, type MonthStatus } from "./schedule";

/** How long a found student stays found on the page (ms). */
export const STUDENT_TOKEN_MS = 30 * 60_000;

/** "<id>.<expires ms>.<mac>" for student `id`, valid STUDENT_TOKEN_MS. */
export function studentToken(secret: string, id: number, now = new Date()): string {
  return signToken(secret, "kva-fees-student", id, STUDENT_TOKEN_MS, now);
}

/** The student id a token names, or null when it is malformed, forged or expired. */
export function readStudentToken(secret: string, token: string, now = new Date()): number | null {
  return readIdToken(secret, "kva-fees-student", token, now);
}

export type MonthRow = { month: string; label: string; due: string; status: MonthStatus; payablePaise: number; lateFeePaise: number; heads: string };

/**
 * What the page shows about a found student: masked name, class, the session's months, and
 * `startsIn` ("April 2027") when the student's fees begin after this session (admitted for the next).
 */
export type AccountView = { token: string; name: string; className: string; session: string; months: MonthRow[]; startsIn: string | null };

export function accountView(account: Account, token: string): AccountView {
  const s = account.student;
  const first = firstBilledMonth(s);
  const last = sessionMonths(account.book.session).at(-1)!;
  return {
    startsIn: first && first > last ? monthLabel(first) : null,
    token,
    name: maskName(s.name),
    className: `${s.className}${s.section ? ` ${s.section}` : ""}`,
    session: account.book.session,
    months: account.months.map((m) => ({
      month: m.month,
      label: m.label,
      due: formatDisplayDate(m.dueDate),
      status: m.status,
      payablePaise: m.payablePaise,
      lateFeePaise: m.lateFeePaise,
      heads: m.items.map((i) => i.head).join(", "),
    })),
  };
}
