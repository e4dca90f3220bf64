/**
 * The administrator's fee reports: collections by day, head, class and mode for an
 * IST date range; defaulters with what each owes per month and a student's statement, both from
 * the same month views as the student's page (`accountsOn`); a student's statement of account (PDF, PDFKit with the embedded
 * DejaVu Sans for ₹). Amounts are paise; dates IST. Throws what the driver throws.
 */
import { school } from "#content/school";
import type { Database } from "~/db/client.server";
import { csvDocument } from "~/lib/csv";
import { formatDateTime, formatDisplayDate, istMidnight, kolkataDate } from "~/lib/dates";
import { decimalRupees, formatRupees } from "~/lib/money";
import { drawTable, keepTogether, renderPdf, type PdfColumn } from "~/lib/pdf.server";
import { accountsOn, bookFor, entries, ledgersOf, paymentsBetween, type Student } from "./ledger.server";
import { creditsOf, monthLabel, NO_STANDING, type FeePurpose, type Standing } from "./schedule";
import { statementRows, type StatementRow } from "./statement";
import { listStudents } from "~/core/students/roll.server";

export const MODE_LABELS: Record<string, string> = { online: "Online", cash: "Cash", cheque: "Cheque", dd: "Demand draft", upi: "UPI", neft: "NEFT" };

export type CollectionRow = { day: string; head: string; className: string; mode: string; amountPaise: number; payments: number };
/** One payment received in the range, naming who paid for whom. */
export type CollectedPayment = { id: number; paidAt: Date; studentId: number; name: string; className: string; admissionNumber: string; purpose: FeePurpose; mode: string; amountPaise: number; receiptId: number | null; reversed: boolean };
export type Collections = {
  from: string;
  to: string;
  rows: CollectionRow[];
  totalPaise: number;
  payments: number;
  /** The total split by channel: online through a gateway, at the school office. */
  onlinePaise: number;
  officePaise: number;
  reversedPaise: number;
  /** Credits (months paid twice) given back in the range: money paid out, not in the total. */
  creditRefundedPaise: number;
  /** Every payment of the range, newest last, reversed ones included and marked. */
  list: CollectedPayment[];
};

/**
 * Money received from `from` to `to` inclusive (IST dates "YYYY-MM-DD"), grouped by day (IST),
 * head, class and mode. Payments later refunded or cancelled are left out of the rows and the
 * total, and summed in `reversedPaise`.
 */
export async function collections(db: Database, from: string, to: string): Promise<Collections> {
  const start = istMidnight(from);
  const end = new Date(istMidnight(to).getTime() + 86_400_000);
  const { pays, lines, creditRefundedPaise } = await paymentsBetween(db, start, end);
  const live = new Map(pays.filter((p) => !p.payment.reversedAt).map((p) => [p.payment.id, p]));
  const groups = new Map<string, CollectionRow & { ids: Set<number> }>();
  for (const l of lines) {
    const p = live.get(l.paymentId!);
    if (!p) continue;
    const row = { day: kolkataDate(p.payment.paidAt), head: l.head, className: p.student.className, mode: MODE_LABELS[p.payment.mode] ?? p.payment.mode };
    const key = JSON.stringify(row);
    const g = groups.get(key) ?? { ...row, amountPaise: 0, payments: 0, ids: new Set<number>() };
    g.amountPaise += l.amountPaise;
    g.ids.add(p.payment.id);
    g.payments = g.ids.size;
    groups.set(key, g);
  }
  const rows = [...groups.values()].map(({ ids: _ids, ...r }) => r).sort((a, b) => a.day.localeCompare(b.day) || a.className.localeCompare(b.className) || a.head.localeCompare(b.head) || a.mode.localeCompare(b.mode));
  const livePays = [...live.values()];
  return {
    from,
    to,
    rows,
    totalPaise: rows.reduce((s, r) => s + r.amountPaise, 0),
    payments: live.size,
    onlinePaise: livePays.filter((p) => p.payment.mode === "online").reduce((s, p) => s + p.payment.amountPaise, 0),
    officePaise: livePays.filter((p) => p.payment.mode !== "online").reduce((s, p) => s + p.payment.amountPaise, 0),
    reversedPaise: pays.filter((p) => p.payment.reversedAt).reduce((s, p) => s + p.payment.amountPaise, 0),
    creditRefundedPaise,
    list: pays.map(({ payment: p, student: s }) => ({
      id: p.id,
      paidAt: p.paidAt,
      studentId: s.id,
      name: s.name,
      className: `${s.className}${s.section ? ` ${s.section}` : ""}`,
      admissionNumber: s.admissionNumber,
      purpose: p.purpose,
      mode: MODE_LABELS[p.mode] ?? p.mode,
      amountPaise: p.amountPaise,
      receiptId: p.receiptId,
      reversed: p.reversedAt !== null,
    })),
  };
}

/** The collections as CSV: one row per group and a Total row; amounts in rupees with paise, the total summed in paise. */
export function collectionsCsv(c: Collections): string {
  return csvDocument([
    ["Date (IST)", "Head", "Class", "Mode", "Payments", "Amount (INR)"],
    ...c.rows.map((r) => [r.day, r.head, r.className, r.mode, r.payments, decimalRupees(r.amountPaise)]),
    ["Total", "", "", "", c.payments, decimalRupees(c.totalPaise)],
  ]);
}

export type DefaulterMonth = { month: string; label: string; owedPaise: number };
export type Defaulter = { studentId: number; admissionNumber: string; name: string; className: string; mobile: string; months: DefaulterMonth[]; balancePaise: number };

/**
 * Students with months past their due date on `today`, from `accountsOn` (the figures of the
 * student's page): each overdue month with what paying it costs today, both fees together and
 * the late fee to date included; `balancePaise` is the standing's overdue total.
 */
export async function defaulters(db: Database, session: string, today: string): Promise<Defaulter[]> {
  const out: Defaulter[] = [];
  for (const { student: s, tuition, bus, standing } of await accountsOn(db, session, today)) {
    if (standing.overduePaise <= 0) continue;
    const byMonth = new Map<string, number>();
    for (const v of [...tuition, ...bus]) if (v.status === "overdue") byMonth.set(v.month, (byMonth.get(v.month) ?? 0) + v.payablePaise);
    const months = [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, owedPaise]) => ({ month, label: monthLabel(month), owedPaise }));
    out.push({ studentId: s.id, admissionNumber: s.admissionNumber, name: s.name, className: `${s.className}${s.section ? ` ${s.section}` : ""}`, mobile: s.mobile, months, balancePaise: standing.overduePaise });
  }
  const rank = new Map((await listStudents(db, {}, 100_000)).map((s, i) => [s.id, i]));
  return out.sort((a, b) => (rank.get(a.studentId) ?? 0) - (rank.get(b.studentId) ?? 0));
}

export type CreditHolder = { studentId: number; admissionNumber: string; name: string; className: string; mobile: string; items: { label: string; excessPaise: number }[]; creditPaise: number };

/**
 * Students with a credit in `session`: heads and months paid more than charged (an online
 * payment that arrived after the office took the same months), for the office to refund or
 * apply (on the student's page). In class order.
 */
export async function creditHolders(db: Database, session: string): Promise<CreditHolder[]> {
  const roll = await listStudents(db, {}, 100_000);
  const ledgers = await ledgersOf(db, session);
  const out: CreditHolder[] = [];
  for (const s of roll) {
    const lines = ledgers.get(s.id) ?? [];
    const items = (["tuition", "bus"] as const).flatMap((purpose) =>
      creditsOf(entries(lines.filter((l) => l.purpose === purpose))).map((c) => ({ label: `${c.head}, ${monthLabel(c.month)}`, excessPaise: c.excessPaise })),
    );
    if (items.length === 0) continue;
    out.push({ studentId: s.id, admissionNumber: s.admissionNumber, name: s.name, className: `${s.className}${s.section ? ` ${s.section}` : ""}`, mobile: s.mobile, items, creditPaise: items.reduce((sum, i) => sum + i.excessPaise, 0) });
  }
  return out;
}

/** Defaulters as CSV: one row per student and month owed. */
export function defaultersCsv(list: readonly Defaulter[]): string {
  return csvDocument([
    ["Admission number", "Name", "Class", "Mobile", "Month", "Owed (INR)", "Student balance (INR)"],
    ...list.flatMap((d) => d.months.map((m) => [d.admissionNumber, d.name, d.className, d.mobile, m.label, decimalRupees(m.owedPaise), decimalRupees(d.balancePaise)])),
  ]);
}

/**
 * A statement of account (PDF) of `student` in `session` on `now`'s IST day: the rows of
 * `statementRows` and the standing of `accountsOn`, the figures of the student's page.
 * Rejects when the database or PDFKit fails.
 */
export async function statementPdf(db: Database, student: Student, session: string, now = new Date()): Promise<Buffer> {
  const today = kolkataDate(now);
  const book = await bookFor(db, session);
  const [account] = await accountsOn(db, session, today, [student.id]);
  const rows = account ? statementRows(account.ledger, { tuition: account.tuition, bus: account.bus }, today) : [];
  return statementDocument({ student, session, hasBook: book !== null, rows, standing: account?.standing ?? NO_STANDING, now });
}

/** What a statement prints. */
export type StatementFacts = { student: Pick<Student, "name" | "admissionNumber" | "className" | "section">; session: string; hasBook: boolean; rows: readonly StatementRow[]; standing: Standing; now: Date };

/**
 * Renders a statement: a row per entry with a running balance, then the standing on `now`'s IST
 * day (overdue, owed now, any credit). Rows never split across pages, the header row repeats on
 * each page and pages are numbered. Rejects when PDFKit fails.
 */
export function statementDocument({ student, session, hasBook, rows, standing, now }: StatementFacts): Promise<Buffer> {
  const today = kolkataDate(now);
  const title = `Statement of account ${student.admissionNumber} ${session}`;
  return renderPdf({ title, margin: 40, tagged: true, footer: (page, pages) => `${title} · page ${page} of ${pages}` }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    doc.font("bold").fontSize(15).fillColor("#12305a").text(school.name, left, doc.page.margins.top, { width });
    doc.font("body").fontSize(11).fillColor("#1e293b").text(`Statement of account, session ${session}${hasBook ? "" : " (no fee book)"}`, { width });
    doc.moveDown(0.5).fontSize(10).text(`${student.name} · Admission number ${student.admissionNumber} · ${student.className}${student.section ? ` ${student.section}` : ""}`, { width });
    doc.text(`Printed ${formatDateTime(now)}. Dues are dated by their due date; a late fee "to date" is what paying that month today adds.`, { width });
    doc.moveDown();
    const columns: PdfColumn[] = [{ title: "Date", width: 72 }, { title: "Entry", width: width - 72 - 85 - 90 }, { title: "Amount", width: 85, align: "right" }, { title: "Balance", width: 90, align: "right" }];
    const cells = rows.map((r) => [formatDisplayDate(r.date), r.text, r.debitPaise ? formatRupees(r.debitPaise) : `− ${formatRupees(r.creditPaise)}`, formatRupees(r.balancePaise)]);
    if (cells.length === 0) cells.push(["", "No entries yet in this session.", "", ""]);
    const rule = (y: number, h: number) => doc.moveTo(left, y + h).lineTo(left + width, y + h).lineWidth(0.5).strokeColor("#cbd5e1").stroke();
    let y = drawTable(doc, left, doc.y, columns, cells, { fontSize: 9, padX: 3, padY: 3, color: "#1e293b", header: rule, row: rule });
    const totals: string[][] = [
      ["", `Overdue on ${formatDisplayDate(today)} (late fees to date included)`, "", formatRupees(standing.overduePaise)],
      ["", "Balance owed to the school (overdue and due this month)", "", formatRupees(standing.owedNowPaise)],
      ...(standing.creditPaise > 0 ? [["", "Paid more than charged: the school refunds it or carries it forward", "", formatRupees(standing.creditPaise)]] : []),
    ];
    y = keepTogether(doc, y + 10, totals.length * 18);
    totals.forEach(([, label, , amount], i) => {
      doc.font(i === 1 ? "bold" : "body").fontSize(9.5).fillColor("#1e293b").text(label!, left + columns[0]!.width + 3, y, { width: columns[1]!.width + columns[2]!.width - 6 });
      doc.text(amount!, left + width - columns[3]!.width, y, { width: columns[3]!.width - 3, align: "right" });
      y += 18;
    });
  });
}
