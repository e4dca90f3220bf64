/**
 * The site's one rule for an Indian mobile number (SPEC §5, §9: 10 digits starting 6, 7, 8 or
 * 9), used by every form and look-up that takes one: enquiries, applications and their status,
 * receipt downloads and the student roll, in the browser and on the server. Parents type their
 * numbers many ways ("+91 98765-43210", "098765 43210", "(98765) 43210"); each becomes the same
 * 10 digits, which is what is stored and compared.
 */
import { z } from "zod";

/** SPEC §5 inline message for a number that is not a valid mobile, word for word. */
export const MOBILE_MESSAGE = "Please enter a valid 10-digit mobile number";

/** A stored mobile number: exactly 10 digits, the first 6-9 (SPEC §9). */
export const MOBILE_PATTERN = /^[6-9]\d{9}$/;

/**
 * Longest input looked at, in characters once trimmed: room for "(+91) 98765 - 43210" and
 * more; anything longer is not a phone number. Forms give their field this `maxLength`.
 */
export const MOBILE_INPUT_MAX_LENGTH = 30;

/**
 * The attributes of every mobile-number input, spread onto it: a phone keypad, the browser's
 * saved number ("tel": the Nu HTML Checker refuses "tel-national" on these inputs, and a saved
 * "+91 …" is normalised like anything typed), and MOBILE_INPUT_MAX_LENGTH.
 */
export const MOBILE_INPUT = { type: "tel", inputMode: "tel", autoComplete: "tel", maxLength: MOBILE_INPUT_MAX_LENGTH } as const;

/** Separators people put inside a number: spaces (also no-break), hyphens and dashes, dots, brackets. */
const SEPARATORS = /[\s\u00a0\u2010-\u2015.()-]/g;

/**
 * What a parent typed → the 10 digits stored. Separators go; then one country or trunk prefix
 * goes: "+91" or "0091" before 10 digits, "91" before 10 digits (12 digits in all) or "0" before
 * 10 digits (11 in all). "+91 98765-43210" → "9876543210". Input that is not a recognisable
 * number comes back compacted but otherwise as typed, so `MOBILE_PATTERN` refuses it. Never throws.
 */
export function normaliseMobile(raw: string): string {
  const compact = raw.trim().replace(SEPARATORS, "");
  const prefixed = /^(?:\+91|0091|91|0)(\d{10})$/.exec(compact);
  return prefixed ? prefixed[1]! : compact;
}

/** True when `raw`, however formatted, is a valid Indian mobile number. */
export function isValidMobile(raw: string): boolean {
  return raw.trim().length <= MOBILE_INPUT_MAX_LENGTH && MOBILE_PATTERN.test(normaliseMobile(raw));
}

/**
 * A required mobile number field: parses to the normalised 10 digits, or fails with
 * `MOBILE_MESSAGE` (also when the field is missing).
 */
export const mobileSchema = z
  .string({ error: MOBILE_MESSAGE })
  .trim()
  .max(MOBILE_INPUT_MAX_LENGTH, MOBILE_MESSAGE)
  .transform(normaliseMobile)
  .pipe(z.string().regex(MOBILE_PATTERN, MOBILE_MESSAGE));

/**
 * An optional mobile number field: missing parses to undefined and blank to ""; anything else
 * must be a valid mobile (parsed to the normalised 10 digits) or fails with `MOBILE_MESSAGE`.
 */
export const optionalMobileSchema = z
  .string()
  .trim()
  .max(MOBILE_INPUT_MAX_LENGTH, MOBILE_MESSAGE)
  .transform(normaliseMobile)
  .refine((s) => s === "" || MOBILE_PATTERN.test(s), MOBILE_MESSAGE)
  .optional();
