/**
 * The work of /admin/fees/students/{id}: what the page shows about one student, and
 * what its forms do (save, collect at the office with its confirmation, refund or apply a
 * credit, refund or cancel a payment), with the messages the office sees. Composes the fees
 * feature with payments (open orders) and receipts (links), as routes may.
 */
import { data } from "react-router";
import { getDb } from "~/db/client.server";
import type { OfficeConfirm } from "~/features/fees/components/admin";
import type { StudentValues } from "~/features/fees/components/student-form";
import { accountOf, bookFor, creditOfStudent, feeSessionOf, paymentMonths, paymentsOf, type Student } from "~/features/fees/ledger.server";
import { awaitsClearance, parseOfficeForm } from "~/features/fees/office-form";
import { accountView } from "~/features/fees/parent.server";
import { MODE_LABELS } from "~/features/fees/reports.server";
import { COLUMN_OF, problemText, studentSchema, unknownCodes } from "~/core/students/roster";
import { monthLabel, type FeePurpose } from "~/features/fees/schedule";
import { updateStudent } from "~/core/students/roll.server";
import { openOrderFor } from "~/core/payments/orders.server";
import { adminReceiptHref } from "~/core/receipts/admin.server";
import { PURPOSE_LABELS } from "~/core/payments/labels";
import { applyStudentCredit, bounceInstrument, clearInstrument, collectAtOffice, OFFICE_MODES, refundFeePayment, refundStudentCredit, type OfficeMode } from "~/features/fees/office.server";
import { feePayableKey } from "~/features/fees/payment.server";
import { formatDateTime, formatDisplayDate, kolkataDate, sessionOf } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { reasonSchema, REASON_MESSAGE } from "~/lib/reason";
import { optOutsOf, restartReminders, stopReminders } from "~/core/messages/admin.server";
import type { Actor } from "~/core/audit/audit.server";
import { normaliseRecipient } from "~/core/messages/recipient";

/** The parent's addresses on the roll (mobile, then e-mail), normalised as the outbox stores them. */
function addressesOf(student: Student): string[] {
  return [student.mobile, student.email ?? ""].filter(Boolean).map(normaliseRecipient);
}

/** Whether fee reminders to each of the parent's addresses are stopped, by whom and when. */
async function remindersOf(student: Student) {
  const addresses = addressesOf(student);
  const stopped = await optOutsOf(await getDb(), addresses);
  return addresses.map((address) => {
    const s = stopped.get(address);
    return { address, stopped: s ? `Stopped ${formatDateTime(s.createdAt)} (${s.source === "office" ? "by the office" : s.source === "link" ? "by the parent, from a reminder's link" : "by the parent, by SMS"})` : null };
  });
}

/** Everything the student's page shows. Throws what the driver throws. */
export async function studentPageData(student: Student) {
  const db = await getDb();
  const today = kolkataDate(new Date());
  const { session, book } = await feeSessionOf(db, student, today);
  const months = async (purpose: FeePurpose) => (book ? accountView(await accountOf(db, student, book, purpose, today), "").months : []);
  const credit = async (purpose: FeePurpose) => {
    const list = await creditOfStudent(db, student.id, session, purpose);
    return { credits: list.map((c) => ({ label: `${c.head}, ${monthLabel(c.month)}`, amount: formatRupees(c.excessPaise) })), total: formatRupees(list.reduce((s, c) => s + c.excessPaise, 0)) };
  };
  const openOrders = [];
  for (const purpose of ["tuition", "bus"] as const) {
    const open = await openOrderFor(db, purpose, feePayableKey(student.id, session));
    if (open) openOrders.push({ reference: open.reference, title: PURPOSE_LABELS[purpose], status: open.status, description: open.description, amount: formatRupees(open.amountPaise), created: formatDateTime(open.createdAt) });
  }
  const payments = (await paymentsOf(db, student.id)).map((p) => ({
    id: p.id,
    paidAt: formatDateTime(p.paidAt),
    purpose: PURPOSE_LABELS[p.purpose],
    mode: `${MODE_LABELS[p.mode]}${p.instrument ? ` (${p.instrument})` : ""}${p.bankReference ? ` UTR ${p.bankReference}` : ""}`,
    amountPaise: p.amountPaise,
    receiptId: p.receiptId,
    pending: awaitsClearance(p),
    cleared: p.clearedAt && p.mode !== "online" ? `Cleared ${formatDateTime(p.clearedAt)}` : null,
    reversed: p.reversedAt ? `Reversed ${formatDateTime(p.reversedAt)} by ${p.reversedBy}: ${p.reversalReason}` : null,
    refunded: p.refundedPaise > 0 ? `${formatRupees(p.refundedPaise)} of it refunded as a credit` : null,
  }));
  const values: StudentValues = {
    admissionNumber: student.admissionNumber,
    name: student.name,
    dateOfBirth: student.dateOfBirth,
    className: student.className,
    section: student.section ?? "",
    fatherName: student.fatherName ?? "",
    motherName: student.motherName ?? "",
    mobile: student.mobile,
    email: student.email ?? "",
    busStop: student.busStop ?? "",
    concessions: student.concessions.join(", "),
    joinedSession: student.joinedSession ?? "",
    joinedMonth: student.joinedMonth ?? "",
  };
  return {
    id: student.id,
    name: student.name,
    admissionNumber: student.admissionNumber,
    /** Who the student is at a glance: class, date of birth (as the parent's look-up asks it), parents, mobile. */
    facts: [
      `${student.className}${student.section ? ` ${student.section}` : ""}`,
      `Born ${formatDisplayDate(student.dateOfBirth)}`,
      ...[student.fatherName, student.motherName].filter((n): n is string => Boolean(n)),
      student.mobile,
    ],
    session: book?.session ?? null,
    values,
    tuition: await months("tuition"),
    bus: await months("bus"),
    payments,
    openOrders,
    credit: { tuition: await credit("tuition"), bus: await credit("bus") },
    reminders: await remindersOf(student),
  };
}

/** The page's forms that stop or restart a parent's fee reminders: messages.manage, not fees.manage. */
export const REMINDER_INTENTS: ReadonlySet<string> = new Set(["stop_reminders", "restart_reminders"]);

/** What every action answers: a message, a receipt link after collecting, or what to confirm. */
/** A returned cheque or DD before it is recorded: what will happen, for the office to confirm. */
export type BounceConfirm = { paymentId: number; what: string; amount: string; months: string; charge: string | null };

export type ActionResult = { error: string | null; ok: string | null; link?: { label: string; href: string }; confirm?: OfficeConfirm; bounce?: BounceConfirm };

/**
 * Carries out one of the page's forms for `student` on behalf of `actor` (the signed-in person,
 * named on the audit row each change writes). Returns the answer with its HTTP status (400 for
 * anything refused). Throws what the driver throws.
 */
export async function studentAction(form: FormData, student: Student, actor: Actor, headers: Headers) {
  const reply = (result: ActionResult, status = 200) => data<ActionResult>(result, { status, headers });
  const text = (name: string, max = 100) => String(form.get(name) ?? "").trim().slice(0, max);
  const intent = text("intent");
  if (intent === "save") {
    const parsed = studentSchema.safeParse(Object.fromEntries(Object.keys(COLUMN_OF).map((k) => [k, text(k, 260)])));
    if (!parsed.success) return reply({ error: parsed.error.issues.map(problemText).join("; "), ok: null }, 400);
    const book = await bookFor(await getDb(), sessionOf(kolkataDate(new Date())));
    const unknown = book ? unknownCodes(text("busStop"), text("concessions", 260), { busStops: book.bus.map((b) => b.code), concessions: book.concessions.map((c) => c.code) }) : [];
    if (unknown.length) return reply({ error: unknown.join("; "), ok: null }, 400);
    const saved = await updateStudent(await getDb(), student.id, parsed.data, actor);
    return reply(saved === "updated" ? { error: null, ok: "Student saved. Dues already posted keep their amounts." } : { error: "That admission number belongs to another student.", ok: null }, saved === "updated" ? 200 : 400);
  }
  if (intent === "collect") {
    const parsed = parseOfficeForm(form);
    if (!parsed.ok) return reply({ error: parsed.message, ok: null }, 400);
    const today = kolkataDate(new Date());
    const expected = text("expectedTotal", 15);
    const result = await collectAtOffice({
      ...parsed.value,
      studentId: student.id,
      session: (await feeSessionOf(await getDb(), student, today)).session,
      today,
      actor,
      expectedTotalPaise: /^\d{1,13}$/.test(expected) ? Number(expected) : undefined,
      acknowledgedOrders: form.getAll("acknowledged").map(String).slice(0, 5),
    });
    if (result.kind === "recorded") {
      const ok = `Payment of ${formatRupees(result.receipt.totalPaise)} recorded. Receipt ${result.receipt.number} issued.`;
      return reply({ error: null, ok, link: { label: `Download receipt ${result.receipt.number}`, href: adminReceiptHref(result.receipt.id) } });
    }
    if (result.kind === "refused") return reply({ error: result.message, ok: null }, 400);
    const confirm: OfficeConfirm = {
      purpose: parsed.value.purpose,
      title: PURPOSE_LABELS[parsed.value.purpose],
      total: formatRupees(result.totalPaise),
      totalPaise: result.totalPaise,
      months: result.months,
      mode: OFFICE_MODES[parsed.value.mode].toLowerCase(),
      message: result.message,
      openOrder: result.openOrder && { ...result.openOrder, amount: formatRupees(result.openOrder.amountPaise), created: formatDateTime(result.openOrder.createdAt) },
      fields: [...form.entries()].filter(([k]) => !["intent", "expectedTotal", "acknowledged"].includes(k)).map(([k, v]) => [k, String(v).slice(0, 100)] as [string, string]).slice(0, 30),
    };
    return reply({ error: null, ok: null, confirm });
  }
  if (intent === "refund_credit" || intent === "apply_credit") {
    const purpose: FeePurpose = text("purpose") === "bus" ? "bus" : "tuition";
    const today = kolkataDate(new Date());
    const reason = reasonSchema.safeParse(String(form.get("reason") ?? ""));
    if (intent === "refund_credit" && !reason.success) return reply({ error: `${REASON_MESSAGE}.`, ok: null }, 400);
    const base = { studentId: student.id, session: (await feeSessionOf(await getDb(), student, today)).session, purpose, actor };
    const result = intent === "refund_credit" ? await refundStudentCredit({ ...base, reason: reason.data ?? "" }) : await applyStudentCredit({ ...base, today });
    if (result.kind === "done") {
      const what = intent === "refund_credit" ? `Credit of ${formatRupees(result.amountPaise)} refunded (${result.months.join(", ")}).` : `Credit of ${formatRupees(result.amountPaise)} applied to ${result.months.join(", ")}.`;
      return reply({ error: null, ok: what });
    }
    const why = { no_credit: "There is no credit to refund or apply.", nothing_to_apply: "Every month is paid: there is nothing to apply the credit to. Refund it instead.", no_student: "No such student.", no_book: "The fee book for this session is not set yet." }[result.kind];
    return reply({ error: why, ok: null }, 400);
  }
  if (intent === "stop_reminders" || intent === "restart_reminders") {
    const address = text("address", 260);
    if (!addressesOf(student).includes(address)) return reply({ error: "That address is not this student's parent's.", ok: null }, 400);
    const db = await getDb();
    if (intent === "stop_reminders") {
      await stopReminders(db, address, "office", new Date(), actor);
      return reply({ error: null, ok: `Fee reminders to ${address} stopped. Receipts and replies still go.` });
    }
    await restartReminders(db, address, actor);
    return reply({ error: null, ok: `Fee reminders to ${address} will be sent again.` });
  }
  if (intent === "refund") {
    const reason = reasonSchema.safeParse(String(form.get("reason") ?? ""));
    if (!reason.success) return reply({ error: `${REASON_MESSAGE}.`, ok: null }, 400);
    const id = Number(text("paymentId", 10));
    const payments = await paymentsOf(await getDb(), student.id);
    if (!payments.some((p) => p.id === id)) return reply({ error: "No such payment for this student.", ok: null }, 400);
    const result = await refundFeePayment(id, reason.data, actor);
    return reply({ error: null, ok: result === "reversed" ? "Payment reversed; its receipt is cancelled." : "This payment was already reversed." });
  }
  if (intent === "clear" || intent === "bounce") {
    const db = await getDb();
    const id = Number(text("paymentId", 10));
    const payment = (await paymentsOf(db, student.id)).find((p) => p.id === id);
    if (!payment || !awaitsClearance(payment)) return reply({ error: "This payment is not a cheque or demand draft awaiting the bank.", ok: null }, 400);
    const what = `${OFFICE_MODES[payment.mode as OfficeMode]} ${payment.instrument ?? ""}`.trim();
    if (intent === "clear") {
      await clearInstrument(id, actor);
      return reply({ error: null, ok: `${what} marked cleared: its receipt stands.` });
    }
    if (text("confirmed") !== "yes") {
      const book = await bookFor(db, payment.session);
      const months = (await paymentMonths(db, id)).map(monthLabel);
      return reply({ error: null, ok: null, bounce: { paymentId: id, what, amount: formatRupees(payment.amountPaise), months: months.join(", "), charge: book && book.bounceChargePaise > 0 ? formatRupees(book.bounceChargePaise) : null } });
    }
    const result = await bounceInstrument(id, { charge: form.get("charge") === "yes" }, actor);
    if (result.kind !== "bounced") return reply({ error: "This payment is not a cheque or demand draft awaiting the bank.", ok: null }, 400);
    const charge = result.chargePaise > 0 ? ` A bounce charge of ${formatRupees(result.chargePaise)} is added.` : "";
    return reply({ error: null, ok: `${what} recorded as returned unpaid: receipt ${result.receiptNumber ?? ""} cancelled, ${result.months.join(", ")} owed again.${charge} The parent is told by e-mail and SMS.` });
  }
  return reply({ error: "Unknown action.", ok: null }, 400);
}
