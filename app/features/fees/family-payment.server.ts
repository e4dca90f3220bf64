/**
 * One payment for a family's fees (purpose `family_fees`): the quote a family's page gives
 * `payments.start` and the handler that pays it. The quote holds the family's lock (taken by
 * the payment core) and then every chosen student's school and bus fee locks, in one sorted
 * order, so a family's order and a single child's order are never created for the same month
 * (each quote refuses while the other's order is open); inside them each fee is re-priced from
 * the ledger (quoteMonths: oldest first, no gaps, nothing paid). Paid, each student's fee gets
 * its ledger lines, fee payment and receipt, all in the paying transaction.
 * docs/decisions/023-family-payments.md.
 */
import { inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { students } from "~/db/schema/fees";
import type { OrderSubject } from "~/db/schema/payments";
import { lockPayable } from "~/core/payments/apply.server";
import { openOrderFor, openOrdersOf } from "~/core/payments/orders.server";
import type { PaymentPurposeHandler } from "~/core/payments/purposes";
import type { Quote } from "~/core/payments/service.server";
import { messageSettings } from "~/core/messages/settings.server";
import { orderReceiptLinks } from "~/core/receipts/issue.server";
import { maskName } from "~/lib/mask-name";
import { normaliseMobile } from "~/lib/phone";
import { FAMILY_LINK_MS, familyPayPath } from "./family-link.server";
import { monthsBeingPaid, siblingsOf } from "./family";
import { familyLineRef, familyPayableKey, feePayableKey, parseFamilyLineRef, parseFamilyPayableKey } from "./keys";
import { quoteMonths } from "./ledger.server";
import { creditFlag, payFeeLines, type CreditNote } from "./payment.server";
import type { FeePurpose, PayLine } from "./schedule";

export { familyPayableKey };

/** One fee of one child the family pays: its owed months ("2026-04"…), oldest first. */
export type FamilyChoice = { studentId: number; purpose: FeePurpose; months: readonly string[] };

/** Why a family's quote gave nothing, for the page (the payment core only hears "nothing due"). */
export const FAMILY_REFUSALS = {
  empty: "Choose at least one fee to pay.",
  notFamily: "These fees are not all of this family any more. Open the link again.",
  singleOpen: (name: string) => `A payment for ${name}'s fees is already being made on the fee page. Wait for it to finish (or fail), then open this link again.`,
  familyOpen: (name: string) => `Another payment including ${name}'s fees is being made. Wait for it to finish (or fail), then open this link again.`,
} as const;

const purposeOrder = (p: FeePurpose) => (p === "tuition" ? 0 : 1);

/**
 * The quote of a family's order for `payments.start` (payable key familyPayableKey(mobile,
 * session)), and `refusal()`, why it last gave null. Inside the family's lock it takes each
 * chosen fee's lock (lockPayable(purpose, feePayableKey(student, session)), sorted by purpose
 * and key: the one order every taker uses), refuses while any of those fees has an open order of
 * its own or in another family order, checks the students still share `mobile`, and prices
 * each fee with quoteMonths (refusing a paid month or a gap). Lines: "<masked name>: <head> —
 * <period>" (the parent's pages and the gateway see what the family's page shows; the office
 * reads the order's subject), paise, ref familyLineRef. `today` is IST.
 */
export function familyQuote(mobile: string, session: string, choices: readonly FamilyChoice[], today: string) {
  let refusal: string | null = null;
  const refuse = (why: string) => {
    refusal = why;
    return null;
  };
  const ownKey = familyPayableKey(normaliseMobile(mobile), session);
  const quote = async (tx: Database): Promise<Quote | null> => {
    refusal = null;
    if (choices.length === 0 || choices.some((c) => c.months.length === 0)) return refuse(FAMILY_REFUSALS.empty);
    const ids = [...new Set(choices.map((c) => c.studentId))];
    const roll = await tx.select().from(students).where(inArray(students.id, ids));
    const family = siblingsOf(roll, mobile);
    if (family.length !== ids.length) return refuse(FAMILY_REFUSALS.notFamily);
    const byId = new Map(family.map((s) => [s.id, s]));
    const fees = [...new Map(choices.map((c) => [`${c.studentId}|${c.purpose}`, c])).values()];
    const locks = fees.map((c) => ({ purpose: c.purpose, key: feePayableKey(c.studentId, session) })).sort((a, b) => `${a.purpose}:${a.key}`.localeCompare(`${b.purpose}:${b.key}`));
    for (const lock of locks) await lockPayable(tx, lock.purpose, lock.key);
    const others = monthsBeingPaid((await openOrdersOf(tx, "family_fees")).filter((o) => o.payableKey !== ownKey));
    for (const c of fees) {
      const name = maskName(byId.get(c.studentId)!.name);
      if (await openOrderFor(tx, c.purpose, feePayableKey(c.studentId, session))) return refuse(FAMILY_REFUSALS.singleOpen(name));
      if ([...others].some((k) => k.startsWith(`${c.studentId}|${c.purpose}|`))) return refuse(FAMILY_REFUSALS.familyOpen(name));
    }
    const lines: Quote["lines"] = [];
    for (const c of fees.sort((a, b) => a.studentId - b.studentId || purposeOrder(a.purpose) - purposeOrder(b.purpose))) {
      const student = byId.get(c.studentId)!;
      const priced = await quoteMonths(tx, c.studentId, session, c.purpose, c.months, today);
      if (!priced.ok) return refuse(`${maskName(student.name)}: ${priced.problem.message}`);
      for (const l of priced.lines) lines.push({ label: `${maskName(student.name)}: ${l.head} — ${l.periodLabel}`, amountPaise: l.amountPaise, ref: familyLineRef({ studentId: c.studentId, purpose: c.purpose, month: l.month, head: l.head }) });
    }
    return { description: `Family fees: ${family.map((s) => maskName(s.name)).join(", ")}`, lines };
  };
  return { quote, refusal: (): string | null => refusal };
}

/** Who a family's order pays for, as money lists name them: the students' names, classes and admission numbers. */
export function familySubject(family: readonly { name: string; className: string; section: string | null; admissionNumber: string }[]): OrderSubject {
  return {
    name: family.map((s) => s.name).join(", "),
    className: family.map((s) => `${s.className}${s.section ? ` ${s.section}` : ""}`).join(", "),
    number: family.map((s) => s.admissionNumber).join(", "),
  };
}

/**
 * The `family_fees` purpose's handler. On paid, inside the paying transaction, for each student
 * and fee of the order's lines (by student id, school before bus): the ledger's payment lines,
 * the fee payment and that student's receipt for that fee (order part "<id>:<purpose>"), as a
 * single child's order would have them; a month paid meanwhile becomes a credit and flags the
 * order. Throws RangeError for an order whose key or lines are not a family's (nothing is then
 * recorded). Try Again opens the family's page again with a fresh link.
 */
export const familyFeesPurpose: PaymentPurposeHandler = {
  onPaid: async (tx, order, how) => {
    const key = parseFamilyPayableKey(order.payableKey);
    if (!key) throw new RangeError(`Order ${order.reference} is not a family's`);
    const fees = new Map<string, { studentId: number; purpose: FeePurpose; lines: PayLine[] }>();
    for (const l of order.lines) {
      const ref = parseFamilyLineRef(l.ref);
      if (!ref) throw new RangeError(`Order ${order.reference} has lines that are not family fee lines`);
      const fee = fees.get(`${ref.studentId}|${ref.purpose}`) ?? { studentId: ref.studentId, purpose: ref.purpose, lines: [] };
      fee.lines.push({ month: ref.month, head: ref.head, periodLabel: l.label.slice(l.label.lastIndexOf(" — ") + 3), amountPaise: l.amountPaise });
      fees.set(`${ref.studentId}|${ref.purpose}`, fee);
    }
    const notes: CreditNote[] = [];
    // Read once, before the first part's receipt is numbered (decision 039).
    const settings = await messageSettings(tx);
    for (const fee of [...fees.values()].sort((a, b) => a.studentId - b.studentId || purposeOrder(a.purpose) - purposeOrder(b.purpose))) {
      const part = { key: `${fee.studentId}:${fee.purpose}`, amountPaise: fee.lines.reduce((s, l) => s + l.amountPaise, 0) };
      const note = await payFeeLines(tx, order, { studentId: fee.studentId, session: key.session, purpose: fee.purpose, lines: fee.lines, part, confirmedLater: how.confirmedLater, settings });
      if (note) notes.push(note);
    }
    return creditFlag(notes, true);
  },
  links: (db, order) => orderReceiptLinks(db, order),
  retryPath: (order) => {
    const key = parseFamilyPayableKey(order.payableKey);
    return key ? familyPayPath(key.mobile, new Date(Date.now() + FAMILY_LINK_MS)) : "/fees";
  },
};
