/**
 * Recovery codes as a person reads them off paper and types them back: ten of "abcde-23456"
 * (ten characters, a dash after the fifth), drawn with crypto's uniform `randomInt` from lower-case
 * letters and digits without the look-alikes i, l, o, 0 and 1 (31 characters: 49.5 bits a
 * code, above NIST SP 800-63B's 20 bits for a look-up secret). Typed back in any case, with or
 * without the dash. Codes made before this alphabet mixed cases; those are tried as typed too.
 */
import { randomInt } from "node:crypto";

export const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const CODES = 10;

/** Ten new recovery codes ("abcde-23456"). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: CODES }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * The forms to try for a recovery code as typed (its dash in place): the lower-case form, which
 * every code made now has, then, when the person typed capitals, exactly what they typed (a code
 * made before, with mixed cases).
 */
export function recoveryCodeCandidates(code: string): string[] {
  const lower = code.toLowerCase();
  return lower === code ? [code] : [lower, code];
}
