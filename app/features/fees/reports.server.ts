/**
 * The administrator's fee reports: collections by day, head, class and mode for an
 * IST date range; defaulters with what each owes per month (from the ledger, after posting the
 * dues now past their date); a student's statement of account (PDF, PDFKit with the embedded
 * DejaVu Sans for ₹). Amounts are paise; dates IST. Throws what the driver throws.
 */
import { school } from "#content/school";
import type { Database } from "~/db/client.server";
import { csvDocument } from "~/lib/csv";
import { formatDateTime, formatDisplayDate, istMidnight, kolkataDate } from "~/lib/dates";
import { decimalRupees, formatRupees } from "~/lib/money";
import { renderPdf } from "~/lib/pdf.server";
import { bookFor, entries, ledgerOf, ledgersOf, paymentsBetween, postOverdueDues, type Student } from "./ledger.server";
import { balanceOf, creditsOf, LEDGER_SIGN, monthLabel, type FeePurpose } from "./schedule";
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
 * Students owing money on `today`: every due past its date is posted first, then each student's
 * balance (both purposes) and the months with something owed come from the ledger alone.
 */
export async function defaulters(db: Database, session: string, today: string): Promise<Defaulter[]> {
  await postOverdueDues(db, session, today);
  const roll = await listStudents(db, {}, 100_000);
  const ledgers = await ledgersOf(db, session);
  const out: Defaulter[] = [];
  for (const s of roll) {
    const lines = ledgers.get(s.id) ?? [];
    const balancePaise = balanceOf(entries(lines));
    if (balancePaise <= 0) continue;
    const byMonth = new Map<string, number>();
    for (const e of entries(lines)) byMonth.set(e.month, (byMonth.get(e.month) ?? 0) + balanceOf([e]));
    const months = [...byMonth.entries()].filter(([, v]) => v > 0).sort(([a], [b]) => a.localeCompare(b)).map(([month, owedPaise]) => ({ month, label: monthLabel(month), owedPaise }));
    out.push({ studentId: s.id, admissionNumber: s.admissionNumber, name: s.name, className: `${s.className}${s.section ? ` ${s.section}` : ""}`, mobile: s.mobile, months, balancePaise });
  }
  return out;
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

const KIND_WORDS: Record<string, string> = { due: "Due", concession: "Concession", late_fee: "Late fee", payment: "Payment", refund: "Refund / reversal" };

/** A statement of account: every ledger line of the session (both purposes) with a running balance. */
export async function statementPdf(db: Database, student: Student, session: string, now = new Date()): Promise<Buffer> {
  const rows: { at: number; id: number; date: string; text: string; debit: number; credit: number }[] = [];
  for (const purpose of ["tuition", "bus"] as FeePurpose[]) {
    for (const l of await ledgerOf(db, student.id, session, purpose)) {
      const plus = LEDGER_SIGN[l.kind] > 0;
      const what = l.kind === "late_fee" ? `Late fee, ${l.periodLabel}` : `${KIND_WORDS[l.kind]}: ${l.head}, ${l.periodLabel}`;
      rows.push({ at: l.createdAt.getTime(), id: l.id, date: kolkataDate(l.createdAt), text: `${what}${l.note ? ` (${l.note})` : ""}`, debit: plus ? l.amountPaise : 0, credit: plus ? 0 : l.amountPaise });
    }
  }
  rows.sort((a, b) => a.at - b.at || a.id - b.id);
  const book = await bookFor(db, session);
  return renderPdf({ title: `Statement of account ${student.admissionNumber} ${session}`, margin: 40, tagged: true }, (doc) => {
    doc.font("bold").fontSize(15).fillColor("#12305a").text(school.name);
    doc.font("body").fontSize(11).fillColor("#1e293b").text(`Statement of account, session ${session}${book ? "" : " (no fee book)"}`);
    doc.moveDown(0.5).fontSize(10).text(`${student.name} · Admission number ${student.admissionNumber} · ${student.className}${student.section ? ` ${student.section}` : ""}`);
    doc.text(`Printed ${formatDateTime(now)}`);
    doc.moveDown();
    const cols = [40, 110, 390, 460];
    const line = (cells: string[], bold = false) => {
      if (doc.y > doc.page.height - 60) doc.addPage();
      const y = doc.y;
      doc.font(bold ? "bold" : "body").fontSize(9);
      doc.text(cells[0]!, cols[0], y, { width: 68 });
      doc.text(cells[1]!, cols[1], y, { width: 275 });
      doc.text(cells[2]!, cols[2], y, { width: 65, align: "right" });
      doc.text(cells[3]!, cols[3], y, { width: 90, align: "right" });
      doc.y = Math.max(doc.y, y + 12) + 3;
      doc.x = 40;
    };
    line(["Date", "Entry", "Amount", "Balance"], true);
    let balance = 0;
    for (const r of rows) {
      balance += r.debit - r.credit;
      line([formatDisplayDate(r.date), r.text, r.debit ? formatRupees(r.debit) : `− ${formatRupees(r.credit)}`, formatRupees(balance)]);
    }
    if (rows.length === 0) line(["", "No entries yet in this session.", "", ""]);
    doc.moveDown();
    line(["", "Balance owed to the school", "", formatRupees(balance)], true);
  });
}

