/**
 * What the admin lists' search boxes share: a LIKE pattern that matches the typed text anywhere,
 * with LIKE's own wildcards (% and _) and its escape (\) typed literally; and the mobile number
 * a search looks like, however written ("+91 98765 43210", "098765-43210"), as the digits the
 * site stores. Pure.
 */
import { normaliseMobile } from "./phone";

/** `s` with LIKE's wildcards and escape character escaped (PostgreSQL's default escape, `\`). */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** "%<s escaped>%": matches `s` anywhere. */
export function containsPattern(s: string): string {
  return `%${escapeLike(s)}%`;
}

/**
 * The digits of a search that is a phone number or part of one (at least `min` digits, nothing
 * but digits, spaces, dashes, dots, brackets and a leading +), with +91, 0091, 91 or 0 before ten
 * digits taken off; null for any other text.
 */
export function typedMobile(q: string, min = 4): string | null {
  const trimmed = q.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = normaliseMobile(trimmed).replace(/\D/g, "");
  return digits.length >= min ? digits : null;
}
