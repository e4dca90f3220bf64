/**
 * The names fee orders carry, written and read here only: a student's payable key per session
 * ("student:42:2026-27", one per purpose), a family's ("family:9000000022:2026-27", the
 * parent's normalised mobile) and a family order line's ref ("42|bus|2026-05|Bus Fee": whose
 * month and head it pays). Pure. docs/decisions/016-fees.md, 023-family-payments.md.
 */
import { payableIdOf, payableKey } from "~/core/payments/identifiers";
import type { FeePurpose } from "./schedule";

/** The thing owed, per student and session ("student:42:2026-27"); the purpose keeps tuition and bus apart. */
export function feePayableKey(studentId: number, session: string): string {
  return payableKey("student", `${studentId}:${session}`);
}

/** The student and session of a student's payable key, or null for any other key. */
export function parseFeePayableKey(key: string): { studentId: number; session: string } | null {
  const m = /^(\d{1,10}):(\d{4}-\d{2})$/.exec(payableIdOf(key, "student") ?? "");
  return m ? { studentId: Number(m[1]), session: m[2]! } : null;
}

/** A family's fees in a session, named by the parent's mobile (10 digits, normalised): "family:9000000022:2026-27". */
export function familyPayableKey(mobile: string, session: string): string {
  return payableKey("family", `${mobile}:${session}`);
}

/** The mobile and session of a family's payable key, or null for any other key. */
export function parseFamilyPayableKey(key: string): { mobile: string; session: string } | null {
  const m = /^(\d{10}):(\d{4}-\d{2})$/.exec(payableIdOf(key, "family") ?? "");
  return m ? { mobile: m[1]!, session: m[2]! } : null;
}

/** What one line of a family's order pays: a student's head of a month (or its late fee) for a purpose. */
export type FamilyLineRef = { studentId: number; purpose: FeePurpose; month: string; head: string };

/** "42|bus|2026-05|Bus Fee". */
export function familyLineRef(ref: FamilyLineRef): string {
  return `${ref.studentId}|${ref.purpose}|${ref.month}|${ref.head}`;
}

/** The line a family order's ref names, or null when it is not one. */
export function parseFamilyLineRef(ref: string | undefined): FamilyLineRef | null {
  const m = /^(\d{1,10})\|(tuition|bus)\|(\d{4}-\d{2})\|(.+)$/.exec(ref ?? "");
  return m ? { studentId: Number(m[1]), purpose: m[2] as FeePurpose, month: m[3]!, head: m[4]! } : null;
}

/** An order as far as the fees read it: what it is for and its lines' refs. */
export type OrderRefs = { purpose: string; payableKey: string; lines: readonly { ref?: string }[] };

/**
 * The student, purpose and month of every line of a fee order (a student's school or bus fee
 * order, or a family's), so an open order's months are not offered or reminded again; nothing
 * for an order of another purpose.
 */
export function monthsOfOrder(order: OrderRefs): { studentId: number; purpose: FeePurpose; month: string }[] {
  if (order.purpose === "family_fees") {
    return order.lines.map((l) => parseFamilyLineRef(l.ref)).filter((r): r is FamilyLineRef => r !== null).map(({ studentId, purpose, month }) => ({ studentId, purpose, month }));
  }
  if (order.purpose !== "tuition" && order.purpose !== "bus") return [];
  const key = parseFeePayableKey(order.payableKey);
  if (!key) return [];
  const purpose: FeePurpose = order.purpose;
  return order.lines.flatMap((l) => {
    const m = /^(\d{4}-\d{2})\|/.exec(l.ref ?? "");
    return m ? [{ studentId: key.studentId, purpose, month: m[1]! }] : [];
  });
}
