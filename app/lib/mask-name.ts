/**
 * A name shown to someone who has only proved they hold a receipt, an admission number or an
 * application number (SPEC §2 receipt verification, the fee and retry-payment pages): enough
 * for a parent to recognise, little for anyone else.
 */

/**
 * "Riya Kumari" → "R*** K*****": each word's first letter (upper case), then one asterisk per
 * further letter, at least 1 and at most 6 (a long name does not give its length away).
 */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const letters = [...word];
      return letters[0]!.toUpperCase() + "*".repeat(Math.min(Math.max(letters.length - 1, 1), 6));
    })
    .join(" ");
}
