/**
 * The office counter's form: which months, and how the money came: cash, cheque or
 * demand draft (6-digit number, bank, date), UPI or NEFT (UTR). Returns what collectAtOffice
 * needs, or the message to show.
 */
import { formatDisplayDate } from "~/lib/dates";
import type { FeePurpose } from "./schedule";

export const OFFICE_MODE_VALUES = ["cash", "cheque", "dd", "upi", "neft"] as const;
export type OfficeModeValue = (typeof OFFICE_MODE_VALUES)[number];

export type OfficeForm = { purpose: FeePurpose; months: string[]; mode: OfficeModeValue; instrument: string | null; bankReference: string | null };

export function parseOfficeForm(form: FormData): { ok: true; value: OfficeForm } | { ok: false; message: string } {
  const text = (name: string, max: number) => String(form.get(name) ?? "").trim().slice(0, max);
  const mode = text("mode", 10) as OfficeModeValue;
  if (!OFFICE_MODE_VALUES.includes(mode)) return { ok: false, message: "Choose the mode of payment." };
  const number = text("instrumentNumber", 20);
  const bank = text("bank", 80);
  const date = text("instrumentDate", 10);
  const utr = text("utr", 30);
  const cheque = mode === "cheque" || mode === "dd";
  const transfer = mode === "upi" || mode === "neft";
  if (cheque && (!/^\d{6}$/.test(number) || bank.length < 2 || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))) {
    return { ok: false, message: "A cheque or demand draft needs its 6-digit number, the bank and its date." };
  }
  if (transfer && !/^[A-Za-z0-9]{8,30}$/.test(utr)) return { ok: false, message: "A UPI or NEFT payment needs its UTR (8 to 30 letters and digits)." };
  return {
    ok: true,
    value: {
      purpose: text("purpose", 10) === "bus" ? "bus" : "tuition",
      months: form.getAll("month").map(String).slice(0, 12),
      mode,
      instrument: cheque ? `No. ${number}, ${bank}, ${formatDisplayDate(date)}` : null,
      bankReference: transfer ? utr.toUpperCase() : null,
    },
  };
}

/** What a cheque's or DD's receipt says until the bank has paid it (and after: the receipt is printed once). */
export const SUBJECT_TO_REALISATION = "Received subject to realisation: this receipt is valid only when the bank pays the cheque or demand draft.";

/**
 * Whether a payment awaits the bank: a cheque or demand draft taken at the counter, neither
 * marked cleared nor reversed. Its months count as paid meanwhile (the receipt says "subject to
 * realisation"); a bounce makes them owed again.
 */
export function awaitsClearance(payment: { mode: string; clearedAt: Date | null; reversedAt: Date | null }): boolean {
  return (payment.mode === "cheque" || payment.mode === "dd") && payment.clearedAt === null && payment.reversedAt === null;
}
