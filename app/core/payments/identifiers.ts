/**
 * Identifiers and amounts as gateways see them (PAYMENTS.md §A, §B):
 * - our reference: 12 characters of A-Z and 2-9 without look-alikes (60 bits), new for every
 *   attempt; short and alphanumeric because one Eazypay integration truncates at 15 characters;
 * - the public id in links: 128 random bits, base64url (DESIGN.md §6: identifiers that lead to
 *   personal data are unguessable);
 * - rupee strings: "1500.00" for 150000 paise, and back.
 */
import { randomBytes, randomInt } from "node:crypto";
import { decimalRupees } from "~/lib/money";

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const REFERENCE_LENGTH = 12;
const REFERENCE_PATTERN = /^[A-HJ-NP-Z2-9]{12}$/;
const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A fresh reference, e.g. "K7M2Q9XA4TRB". */
export function newReference(): string {
  let out = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

/** True when `value` has the shape of one of our references (it may still be unknown). */
export function isReference(value: unknown): value is string {
  return typeof value === "string" && REFERENCE_PATTERN.test(value);
}

/** A fresh public id: 22 base64url characters (128 bits). */
export function newPublicId(): string {
  return randomBytes(16).toString("base64url");
}

export function isPublicId(value: unknown): value is string {
  return typeof value === "string" && PUBLIC_ID_PATTERN.test(value);
}

/**
 * "1500.00" for 150000 paise, as a gateway takes an amount (app/lib/money.ts decimalRupees).
 * Throws RangeError for a negative or non-integer amount: no order is for less than nothing.
 */
export function rupeesString(paise: number): string {
  if (paise < 0) throw new RangeError(`Not a whole number of paise: ${paise}`);
  return decimalRupees(paise);
}

/**
 * Paise for a rupee amount as a gateway writes it ("1500", "1500.0", "1500.00", " 1,500.00 "),
 * or null when it is not a plain non-negative amount with at most two decimals. Exact: no
 * floating point, so "1500" and "1500.00" compare equal as numbers (PAYMENTS.md §A).
 */
export function paiseFromRupees(text: string | undefined | null): number | null {
  if (typeof text !== "string") return null;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim().replaceAll(",", ""));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * The payment core's name for the thing an order pays for: "<kind>:<id>", e.g.
 * "application:Xy3…" (an application's fee), "student:42:2026-27" (a student's fees for a
 * session), "sample:two-months" (a development sample). Every payment of one key holds the lock
 * on it, so the key is what makes "paid twice" impossible to race. Written and read only here.
 */
/** "<kind>:<id>". `id` may itself contain colons. */
export function payableKey(kind: string, id: string): string {
  return `${kind}:${id}`;
}

/** The id of `key` when it is of `kind` ("application:abc", "application" → "abc"), else null. */
export function payableIdOf(key: string, kind: string): string | null {
  return key.startsWith(`${kind}:`) ? key.slice(kind.length + 1) : null;
}
