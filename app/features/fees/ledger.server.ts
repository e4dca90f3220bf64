/**
 * The fee ledger (docs/decisions/016-fees.md): posting dues, quoting what a chosen set
 * of months costs, recording a payment (online or at the office) and reversing one. Every
 * function that changes money runs inside a transaction and first locks the student's row
 * (`lockStudent`), so the quote of an online payment, the webhook that marks it paid and the
 * office counter never interleave for one student. Amounts are integer paise; dates IST.
 * Every function throws what the driver throws.
 */
import { and, asc, desc, eq, inArray, isNull, sql, TransactionRollbackError } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { ReceiptLine } from "~/core/receipts/issue.server";
import type { Student } from "~/core/students/roll.server";
import { feeBooks, feeLedger, feePayments, students } from "~/db/schema/fees";
import { sessionOf } from "~/lib/dates";
import { checkReason } from "~/lib/reason";
import { recordAudit, recordChange, type Actor } from "~/core/audit/audit.server";
import { bumpContentVersion } from "~/core/content/version.server";
import { bookAuditFields, feeBookSchema, type FeeBook } from "./book";
import {
  addStandings,
  CHARGE_KINDS,
  checkSelection,
  creditsOf,
  firstBilledMonth,
  LATE_FEE_HEAD,
  monthLabel,
  monthViews,
  paidPaise,
  payLinesFor,
  schedule,
  standingOf,
  type PayLine,
  type FeePurpose,
  type Credit,
  type LedgerEntry,
  type MonthView,
  type ScheduleMonth,
  type SelectionProblem,
  type Standing,
} from "./schedule";

export type { Student };
export type LedgerLine = typeof feeLedger.$inferSelect;
export type FeePayment = typeof feePayments.$inferSelect;

/** The fee book of `session`, validated; null when the school has not set one. */
export async function bookFor(db: Database, session: string): Promise<FeeBook | null> {
  const [row] = await db.select().from(feeBooks).where(eq(feeBooks.session, session));
  return readBook(row);
}

/**
 * The session whose fees a student's pages show and take on `today` (IST): the session the
 * student joins when it is later than today's and its fee book is set (a child admitted in
 * December for April pays the admission fee and the first months now, online or at the
 * office), else today's. With that session's book (null when neither is set).
 */
export async function feeSessionOf(db: Database, student: Pick<Student, "joinedSession" | "joinedMonth">, today: string): Promise<{ session: string; book: FeeBook | null }> {
  const current = sessionOf(today);
  const first = firstBilledMonth(student);
  const joining = first ? sessionOf(first) : current;
  if (joining > current) {
    const book = await bookFor(db, joining);
    if (book) return { session: joining, book };
  }
  return { session: current, book: await bookFor(db, current) };
}

function readBook(row: { book: unknown } | undefined): FeeBook | null {
  if (!row) return null;
  const parsed = feeBookSchema.safeParse(row.book);
  return parsed.success ? parsed.data : null;
}

/**
 * The fee book of the newest session the school has set one for, validated; null when there is
 * none (or it does not read as a book).
 */
export async function latestBook(db: Database): Promise<FeeBook | null> {
  const [row] = await db.select().from(feeBooks).orderBy(desc(feeBooks.session)).limit(1);
  return readBook(row);
}

/**
 * Saves a session's fee book (validated again here) on behalf of `actor`, with its audit row
 * (`fee_book.update`: the heads, stops, concessions and rules that changed) and the content
 * version bumped (/fee and the brochure show the book) in the same transaction. Lines already
 * on the ledger keep the amounts they were posted with: the new book applies to what is posted
 * from now on. Throws ZodError for an invalid book.
 */
export async function saveBook(db: Database, book: FeeBook, actor: Actor): Promise<void> {
  const valid = feeBookSchema.parse(book);
  await db.transaction(async (tx) => {
    const [old] = await tx.select({ book: feeBooks.book }).from(feeBooks).where(eq(feeBooks.session, valid.session)).for("update");
    const previous = old ? feeBookSchema.safeParse(old.book) : null;
    await tx
      .insert(feeBooks)
      .values({ session: valid.session, book: valid, updatedBy: actor.email, updatedAt: new Date() })
      .onConflictDoUpdate({ target: feeBooks.session, set: { book: valid, updatedBy: actor.email, updatedAt: new Date() } });
    const audit = { actor, action: "fee_book.update", entity: "fee_book", entityId: valid.session, after: bookAuditFields(valid) };
    if (old) await recordChange(tx, { ...audit, before: previous?.success ? bookAuditFields(previous.data) : { book: "(unreadable)" } });
    else await recordAudit(tx, audit);
    await bumpContentVersion(tx);
  });
}

/** Locks one student's row until the transaction ends (serialises everything about their money). */
export async function lockStudent(tx: Database, studentId: number): Promise<Student | null> {
  const [row] = await tx.select().from(students).where(eq(students.id, studentId)).for("update");
  return row ?? null;
}

/** A student's ledger lines for one session and purpose, oldest first. */
export async function ledgerOf(db: Database, studentId: number, session: string, purpose: FeePurpose): Promise<LedgerLine[]> {
  return db
    .select()
    .from(feeLedger)
    .where(and(eq(feeLedger.studentId, studentId), eq(feeLedger.session, session), eq(feeLedger.purpose, purpose)))
    .orderBy(asc(feeLedger.id));
}

const facts = (s: Student) => ({ className: s.className, busStop: s.busStop, concessions: s.concessions, joinedSession: s.joinedSession, joinedMonth: s.joinedMonth });

/** What a student's account looks like for a purpose on `today`: each month with its status. */
export type Account = { student: Student; book: FeeBook; purpose: FeePurpose; months: MonthView[] };

/** The student's months for `purpose` in `book`'s session on `today` (IST), from the ledger. */
export async function accountOf(db: Database, student: Student, book: FeeBook, purpose: FeePurpose, today: string): Promise<Account> {
  const ledger = await ledgerOf(db, student.id, book.session, purpose);
  return { student, book, purpose, months: monthViews(schedule(book, facts(student), purpose), ledger, book.lateFee, today) };
}

/**
 * Posts the dues (and their concessions) of `months` to the ledger, once per head and month:
 * posting again does nothing, so a due keeps the amount it was first posted with.
 */
export async function postDues(tx: Database, student: Student, book: FeeBook, purpose: FeePurpose, months: readonly ScheduleMonth[]): Promise<void> {
  const rows = months.flatMap((m) =>
    m.items.flatMap((item) => {
      const base = { studentId: student.id, session: book.session, purpose, month: m.month, head: item.head, headKind: item.headKind, periodLabel: item.periodLabel };
      return [
        { ...base, kind: "due" as const, amountPaise: item.amountPaise },
        ...(item.concessionPaise > 0 ? [{ ...base, kind: "concession" as const, amountPaise: item.concessionPaise, note: item.concessionNames.join(", ") }] : []),
      ];
    }),
  );
  if (rows.length > 0) await tx.insert(feeLedger).values(rows).onConflictDoNothing();
}

const SIGN: Record<LedgerLine["kind"], number> = { due: 1, concession: -1, late_fee: 1, payment: -1, refund: 1 };

export type { PayLine };

/**
 * `months`: the chosen months as priced; `account`: every month of the session as it stood before
 * paying (for the audit log's before → after); `book`: the session's fee book.
 */
export type Quote = { ok: true; months: MonthView[]; lines: PayLine[]; totalPaise: number; account: MonthView[]; book: FeeBook } | { ok: false; problem: SelectionProblem | { kind: "no_book" | "no_student"; message: string } };

/**
 * What paying `chosen` months ("2026-04"…) costs on `today`, computed from the ledger inside
 * `tx` with the student locked: dues of those months are posted first, then each head's
 * outstanding amount and the late fee (if the month is overdue and none was charged yet) make
 * the lines. Refuses an empty choice, a paid month and a choice that is not the oldest unpaid
 * months (oldest first, no gaps: decision 016).
 */
export async function quoteMonths(tx: Database, studentId: number, session: string, purpose: FeePurpose, chosen: readonly string[], today: string): Promise<Quote> {
  const student = await lockStudent(tx, studentId);
  if (!student) return { ok: false, problem: { kind: "no_student", message: "No such student." } };
  const book = await bookFor(tx, session);
  if (!book) return { ok: false, problem: { kind: "no_book", message: "The fee book for this session is not set yet." } };
  const before = await accountOf(tx, student, book, purpose, today);
  const checked = checkSelection(before.months, chosen);
  if (!checked.ok) return checked;
  await postDues(tx, student, book, purpose, checked.months);
  const lines = payLinesFor(checked.months, await ledgerOf(tx, student.id, book.session, purpose));
  const totalPaise = lines.reduce((s, l) => s + l.amountPaise, 0);
  return { ok: true, months: checked.months, lines, totalPaise, account: before.months, book };
}

/** The order line's ref for a pay line: "2026-04|Tuition Fee". */
export function payLineRef(line: Pick<PayLine, "month" | "head">): string {
  return `${line.month}|${line.head}`;
}

/** The pay line an order line stands for, or null when its ref is not one of ours. */
export function payLineFromRef(ref: string | undefined, label: string, amountPaise: number): PayLine | null {
  const m = /^(\d{4}-\d{2})\|(.+)$/.exec(ref ?? "");
  if (!m) return null;
  return { month: m[1]!, head: m[2]!, periodLabel: label.split(" — ")[1] ?? monthLabel(m[1]!), amountPaise };
}

export type RecordInput = {
  studentId: number;
  session: string;
  purpose: FeePurpose;
  lines: readonly PayLine[];
  mode: FeePayment["mode"];
  instrument?: string | null;
  bankReference?: string | null;
  orderId?: number | null;
  paidAt: Date;
  recordedBy?: string | null;
};

/**
 * Records a payment inside `tx` (student already locked by the caller's transaction or locked
 * here): a late fee line where one is paid and not yet charged, one payment line per pay line,
 * and the payment row. Returns the payment and the receipt's lines (each head gross, its
 * concession below zero, late fees), which add up to the amount paid. Throws RangeError when
 * there are no lines.
 */
export async function recordPayment(tx: Database, input: RecordInput): Promise<{ payment: FeePayment; receiptLines: ReceiptLine[]; student: Student }> {
  if (input.lines.length === 0) throw new RangeError("A payment needs at least one line");
  const student = await lockStudent(tx, input.studentId);
  if (!student) throw new RangeError(`No student ${input.studentId}`);
  const amountPaise = input.lines.reduce((s, l) => s + l.amountPaise, 0);
  const [payment] = await tx
    .insert(feePayments)
    .values({
      studentId: student.id,
      purpose: input.purpose,
      session: input.session,
      mode: input.mode,
      instrument: input.instrument ?? null,
      bankReference: input.bankReference ?? null,
      orderId: input.orderId ?? null,
      amountPaise,
      paidAt: input.paidAt,
      recordedBy: input.recordedBy ?? null,
    })
    .returning();
  const ledger = await ledgerOf(tx, student.id, input.session, input.purpose);
  const base = { studentId: student.id, session: input.session, purpose: input.purpose, paymentId: payment!.id };
  const rows: (typeof feeLedger.$inferInsert)[] = [];
  for (const l of input.lines) {
    const due = ledger.find((e) => e.month === l.month && e.head === l.head && e.kind === "due");
    const headKind = l.head === LATE_FEE_HEAD ? "late_fee" : (due?.headKind ?? "fee");
    if (l.head === LATE_FEE_HEAD && !ledger.some((e) => e.month === l.month && e.kind === "late_fee")) {
      rows.push({ ...base, month: l.month, head: l.head, headKind, periodLabel: l.periodLabel, kind: "late_fee", amountPaise: l.amountPaise });
    }
    rows.push({ ...base, month: l.month, head: l.head, headKind, periodLabel: due?.periodLabel ?? l.periodLabel, kind: "payment", amountPaise: l.amountPaise });
  }
  await tx.insert(feeLedger).values(rows);
  return { payment: payment!, receiptLines: receiptLinesFor(input.lines, ledger), student };
}

/**
 * Receipt lines for pay lines: a head paid in full shows its gross due and its concession
 * (negative); a head paid again after a refund, or with no due, shows the amount paid.
 */
export function receiptLinesFor(lines: readonly PayLine[], ledger: readonly Pick<LedgerLine, "month" | "head" | "kind" | "amountPaise" | "headKind" | "periodLabel">[]): ReceiptLine[] {
  const out: ReceiptLine[] = [];
  for (const l of lines) {
    if (l.head === LATE_FEE_HEAD) {
      out.push({ kind: "late_fee", head: "Fine", period: l.periodLabel, amountPaise: l.amountPaise });
      continue;
    }
    const due = ledger.find((e) => e.month === l.month && e.head === l.head && e.kind === "due");
    const conc = ledger.find((e) => e.month === l.month && e.head === l.head && e.kind === "concession");
    const kind = due?.headKind === "tuition" ? "tuition" : "fee";
    const period = due?.periodLabel ?? l.periodLabel;
    if (due && due.amountPaise - (conc?.amountPaise ?? 0) === l.amountPaise) {
      out.push({ kind, head: l.head, period, amountPaise: due.amountPaise });
      if (conc) out.push({ kind: "concession", head: `Concession on ${l.head}`, period, amountPaise: -conc.amountPaise });
    } else {
      out.push({ kind, head: l.head, period, amountPaise: l.amountPaise });
    }
  }
  return out;
}

/** Links a payment to the receipt issued for it (in the same transaction). */
export async function attachReceipt(tx: Database, paymentId: number, receiptId: number): Promise<void> {
  await tx.update(feePayments).set({ receiptId }).where(eq(feePayments.id, paymentId));
}

export type ReverseResult = { kind: "reversed"; payment: FeePayment } | { kind: "already_reversed"; payment: FeePayment } | { kind: "not_found" };

/**
 * Refunds or cancels a payment inside `tx`: for each head and month, a reversing `refund` line
 * of what the payment still pays there (its payment lines less its refund lines, so a credit
 * already refunded or moved is not reversed twice): the months are owed again. The payment is
 * marked reversed with the reason. The caller cancels its receipt in the same transaction.
 * Throws RangeError for a reason outside 3-500 characters.
 */
export async function reversePayment(tx: Database, paymentId: number, reason: string, by: string, now = new Date()): Promise<ReverseResult> {
  const why = checkReason(reason);
  const [found] = await tx.select().from(feePayments).where(eq(feePayments.id, paymentId));
  if (!found) return { kind: "not_found" };
  await lockStudent(tx, found.studentId);
  const [payment] = await tx.select().from(feePayments).where(eq(feePayments.id, paymentId)).for("update");
  if (payment!.reversedAt) return { kind: "already_reversed", payment: payment! };
  const lines = await tx.select().from(feeLedger).where(eq(feeLedger.paymentId, paymentId)).orderBy(asc(feeLedger.id));
  const rows: (typeof feeLedger.$inferInsert)[] = [];
  for (const group of groupByHeadMonth(lines)) {
    const still = group.reduce((sum, l) => sum + paidPaise(l), 0);
    const l = group[0]!;
    if (still > 0) rows.push({ studentId: l.studentId, session: l.session, purpose: l.purpose, month: l.month, head: l.head, headKind: l.headKind, periodLabel: l.periodLabel, kind: "refund", amountPaise: still, note: why, paymentId });
  }
  if (rows.length > 0) await tx.insert(feeLedger).values(rows);
  const [reversed] = await tx.update(feePayments).set({ reversedAt: now, reversalReason: why, reversedBy: by.slice(0, 200) }).where(eq(feePayments.id, paymentId)).returning();
  return { kind: "reversed", payment: reversed! };
}

function groupByHeadMonth(lines: readonly LedgerLine[]): LedgerLine[][] {
  const groups = new Map<string, LedgerLine[]>();
  for (const l of lines) groups.set(`${l.month}|${l.head}`, [...(groups.get(`${l.month}|${l.head}`) ?? []), l]);
  return [...groups.values()];
}

/** Part of a credit, traced to the payment that brought it in (the newest payments of its head and month first). */
type CreditPart = { month: string; head: string; headKind: string; periodLabel: string; paymentId: number; amountPaise: number };

function creditParts(ledger: readonly LedgerLine[]): CreditPart[] {
  const parts: CreditPart[] = [];
  for (const credit of creditsOf(entries(ledger))) {
    const mine = ledger.filter((l) => l.month === credit.month && l.head === credit.head);
    const byPayment = new Map<number, number>();
    for (const l of mine) if (l.paymentId !== null && !CHARGE_KINDS.includes(l.kind)) byPayment.set(l.paymentId, (byPayment.get(l.paymentId) ?? 0) + paidPaise(l));
    let left = credit.excessPaise;
    for (const [paymentId, net] of [...byPayment.entries()].sort(([a], [b]) => b - a)) {
      const take = Math.min(left, net);
      if (take <= 0) continue;
      parts.push({ month: credit.month, head: credit.head, headKind: mine[0]!.headKind, periodLabel: mine[0]!.periodLabel, paymentId, amountPaise: take });
      left -= take;
      if (left === 0) break;
    }
  }
  return parts;
}

/** A student's credit for one purpose and session: each head and month paid more than charged (paise). */
export async function creditOfStudent(db: Database, studentId: number, session: string, purpose: FeePurpose): Promise<Credit[]> {
  return creditsOf(entries(await ledgerOf(db, studentId, session, purpose)));
}

export type CreditResult = { kind: "done"; amountPaise: number; months: string[] } | { kind: "no_credit" } | { kind: "nothing_to_apply" } | { kind: "no_student" | "no_book" };

/**
 * Gives a student's credit for `purpose` back (refunded at the office or through the bank),
 * inside `tx` with the student locked: a `refund` line (adjustment `credit_refund`) for each
 * excess, and each source payment's `refunded_paise` raised by its part. Receipts stay issued:
 * the money was received. Throws RangeError for a reason outside 3-500 characters.
 */
export async function refundCredit(tx: Database, input: { studentId: number; session: string; purpose: FeePurpose; reason: string; by: string }): Promise<CreditResult> {
  const why = checkReason(input.reason);
  const student = await lockStudent(tx, input.studentId);
  if (!student) return { kind: "no_student" };
  const parts = creditParts(await ledgerOf(tx, student.id, input.session, input.purpose));
  if (parts.length === 0) return { kind: "no_credit" };
  const note = `Credit refunded by ${input.by.slice(0, 100)}: ${why}`.slice(0, 600);
  await tx.insert(feeLedger).values(parts.map((p) => ({ studentId: student.id, session: input.session, purpose: input.purpose, month: p.month, head: p.head, headKind: p.headKind, periodLabel: p.periodLabel, kind: "refund" as const, adjustment: "credit_refund" as const, amountPaise: p.amountPaise, note, paymentId: p.paymentId })));
  const perPayment = new Map<number, number>();
  for (const p of parts) perPayment.set(p.paymentId, (perPayment.get(p.paymentId) ?? 0) + p.amountPaise);
  for (const [paymentId, paise] of perPayment) await tx.update(feePayments).set({ refundedPaise: sql`${feePayments.refundedPaise} + ${paise}` }).where(eq(feePayments.id, paymentId));
  return { kind: "done", amountPaise: parts.reduce((s, p) => s + p.amountPaise, 0), months: [...new Set(parts.map((p) => monthLabel(p.month)))] };
}

/**
 * Applies a student's credit for `purpose` to the dues of the next unpaid months, oldest first
 * (late fees are not paid from a credit), inside `tx` with the student locked: the dues of
 * those months are posted, each applied part leaves its month as a `credit_out` refund line and
 * pays a later head as a `credit_in` payment line, both naming the payment the money came
 * from. Moves only what the unpaid dues can take; the rest stays a credit. `today` is IST.
 */
export async function applyCredit(tx: Database, input: { studentId: number; session: string; purpose: FeePurpose; today: string; by: string }): Promise<CreditResult> {
  const student = await lockStudent(tx, input.studentId);
  if (!student) return { kind: "no_student" };
  const book = await bookFor(tx, input.session);
  if (!book) return { kind: "no_book" };
  const parts = creditParts(await ledgerOf(tx, student.id, input.session, input.purpose));
  if (parts.length === 0) return { kind: "no_credit" };
  const account = await accountOf(tx, student, book, input.purpose, input.today);
  const unpaid = account.months.filter((m) => m.status !== "paid");
  await postDues(tx, student, book, input.purpose, unpaid);
  const ledger = await ledgerOf(tx, student.id, input.session, input.purpose);
  const pool = parts.map((p) => ({ ...p, left: p.amountPaise }));
  const rows: (typeof feeLedger.$inferInsert)[] = [];
  const moved = new Map<CreditPart, number>();
  const months = new Set<string>();
  const base = { studentId: student.id, session: input.session, purpose: input.purpose };
  for (const m of unpaid) {
    for (const due of ledger.filter((l) => l.month === m.month && l.kind === "due")) {
      let owed = ledger.filter((l) => l.month === m.month && l.head === due.head).reduce((sum, l) => sum + SIGN[l.kind] * l.amountPaise, 0);
      for (const part of pool) {
        if (owed <= 0) break;
        const take = Math.min(owed, part.left);
        if (take <= 0) continue;
        part.left -= take;
        owed -= take;
        moved.set(part, (moved.get(part) ?? 0) + take);
        months.add(m.label);
        rows.push({ ...base, month: m.month, head: due.head, headKind: due.headKind, periodLabel: due.periodLabel, kind: "payment", adjustment: "credit_in", amountPaise: take, note: `Credit from ${part.head}, ${monthLabel(part.month)}, applied by ${input.by.slice(0, 100)}`, paymentId: part.paymentId });
      }
    }
  }
  if (moved.size === 0) return { kind: "nothing_to_apply" };
  for (const [part, paise] of moved) {
    rows.push({ ...base, month: part.month, head: part.head, headKind: part.headKind, periodLabel: part.periodLabel, kind: "refund", adjustment: "credit_out", amountPaise: paise, note: `Credit applied to ${[...months].join(", ")}`.slice(0, 600), paymentId: part.paymentId });
  }
  await tx.insert(feeLedger).values(rows);
  return { kind: "done", amountPaise: [...moved.values()].reduce((a, b) => a + b, 0), months: [...months] };
}

/** A student's payments, newest first. */
export async function paymentsOf(db: Database, studentId: number): Promise<FeePayment[]> {
  return db.select().from(feePayments).where(eq(feePayments.studentId, studentId)).orderBy(sql`${feePayments.paidAt} DESC`);
}

/** The months ("2026-04"…, oldest first) a payment paid, from its ledger lines. */
export async function paymentMonths(db: Database, paymentId: number): Promise<string[]> {
  const rows = await db.selectDistinct({ month: feeLedger.month }).from(feeLedger).where(and(eq(feeLedger.paymentId, paymentId), eq(feeLedger.kind, "payment"))).orderBy(asc(feeLedger.month));
  return rows.map((r) => r.month);
}

/** A student's months of both fees on a day (monthViews), their ledger lines, and where the account stands. */
export type StudentAccount = { student: Student; tuition: MonthView[]; bus: MonthView[]; ledger: LedgerLine[]; standing: Standing };

/**
 * Every student's account in `session` on `today` (IST), from one read of the roll and the
 * ledger: months not yet posted count at the book's amounts and late fees to `today` are
 * included (monthViews), so nothing needs posting first and every report reads the same figures
 * as the student's page. Empty when the session has no fee book.
 */
export async function accountsOn(db: Database, session: string, today: string, studentIds?: readonly number[]): Promise<StudentAccount[]> {
  const book = await bookFor(db, session);
  if (!book) return [];
  const roll = studentIds ? (studentIds.length ? await db.select().from(students).where(inArray(students.id, [...studentIds])) : []) : await db.select().from(students);
  const ledgers = await ledgersOf(db, session, studentIds);
  return roll
    .sort((a, b) => a.id - b.id)
    .map((student) => {
      const ledger = ledgers.get(student.id) ?? [];
      const views = (purpose: FeePurpose) => monthViews(schedule(book, facts(student), purpose), entries(ledger.filter((l) => l.purpose === purpose)), book.lateFee, today);
      const tuition = views("tuition");
      const bus = views("bus");
      const standing = addStandings(standingOf(tuition, entries(ledger.filter((l) => l.purpose === "tuition"))), standingOf(bus, entries(ledger.filter((l) => l.purpose === "bus"))));
      return { student, tuition, bus, ledger, standing };
    });
}

/** Ledger entries of many students (for reports), grouped by student id. */
export async function ledgersOf(db: Database, session: string, studentIds?: readonly number[]): Promise<Map<number, LedgerLine[]>> {
  const where = studentIds ? and(eq(feeLedger.session, session), inArray(feeLedger.studentId, [...studentIds])) : eq(feeLedger.session, session);
  const rows = studentIds && studentIds.length === 0 ? [] : await db.select().from(feeLedger).where(where).orderBy(asc(feeLedger.id));
  const map = new Map<number, LedgerLine[]>();
  for (const r of rows) map.set(r.studentId, [...(map.get(r.studentId) ?? []), r]);
  return map;
}

/** Plain ledger entries, as the schedule functions read them. */
export function entries(lines: readonly LedgerLine[]): LedgerEntry[] {
  return lines.map((l) => ({ kind: l.kind, month: l.month, head: l.head, amountPaise: l.amountPaise }));
}

/** Payments made in [from, to) (UTC instants), with their ledger lines, for the collections report. */
export async function paymentsBetween(db: Database, from: Date, to: Date) {
  const pays = await db
    .select({ payment: feePayments, student: students })
    .from(feePayments)
    .innerJoin(students, eq(students.id, feePayments.studentId))
    .where(and(sql`${feePayments.paidAt} >= ${from}`, sql`${feePayments.paidAt} < ${to}`))
    .orderBy(asc(feePayments.paidAt));
  const ids = pays.map((p) => p.payment.id);
  // The lines written with each payment: what the money paid when it came in (later credit moves are not new money).
  const lines = ids.length === 0 ? [] : await db.select().from(feeLedger).where(and(inArray(feeLedger.paymentId, ids), eq(feeLedger.kind, "payment"), isNull(feeLedger.adjustment)));
  const creditRefunds = await db
    .select({ paise: sql<string>`coalesce(sum(${feeLedger.amountPaise}), 0)::text` })
    .from(feeLedger)
    .where(and(eq(feeLedger.adjustment, "credit_refund"), sql`${feeLedger.createdAt} >= ${from}`, sql`${feeLedger.createdAt} < ${to}`));
  return { pays, lines, creditRefundedPaise: Number(creditRefunds[0]?.paise ?? 0) };
}

/**
 * The quote of `quoteMonths` without keeping anything: priced in a transaction that is rolled
 * back (the dues it would post are not kept), for showing a total before paying.
 */
export async function priceMonths(db: Database, studentId: number, session: string, purpose: FeePurpose, chosen: readonly string[], today: string): Promise<Quote> {
  let priced: Quote | undefined;
  await db
    .transaction(async (tx) => {
      priced = await quoteMonths(tx, studentId, session, purpose, chosen, today);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return priced!;
}
