/**
 * Amounts in words: every paise value from 0 to ₹99,99,99,999.99
 * round-trips through a parser of the words written here, independent of the code under test.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountInWords, MAX_WORDS_PAISE } from "./amount-words";

const SMALL: Record<string, number> = {
  Zero: 0, One: 1, Two: 2, Three: 3, Four: 4, Five: 5, Six: 6, Seven: 7, Eight: 8, Nine: 9, Ten: 10,
  Eleven: 11, Twelve: 12, Thirteen: 13, Fourteen: 14, Fifteen: 15, Sixteen: 16, Seventeen: 17, Eighteen: 18, Nineteen: 19,
  Twenty: 20, Thirty: 30, Forty: 40, Fifty: 50, Sixty: 60, Seventy: 70, Eighty: 80, Ninety: 90,
};
// Indian scales, largest first; each must appear at most once and in this order.
const SCALES: [string, number][] = [["Crore", 1_00_00_000], ["Lakh", 1_00_000], ["Thousand", 1_000], ["Hundred", 100]];

/** Parses "One Lakh Twenty-Three Thousand Four Hundred Fifty" (below 100 crore); throws on anything else. */
function parseNumber(text: string): number {
  const tokens = text.split(" ").flatMap((t) => {
    const parts = t.split("-");
    if (parts.length === 2 && !(SMALL[parts[0]!]! >= 20 && SMALL[parts[0]!]! % 10 === 0 && SMALL[parts[1]!]! >= 1 && SMALL[parts[1]!]! <= 9)) throw new Error(`bad compound ${t}`);
    return parts;
  });
  let total = 0;
  let group = 0;
  let lastScale = Infinity;
  for (const token of tokens) {
    const scale = SCALES.find(([name]) => name === token)?.[1];
    if (scale !== undefined) {
      if (scale >= lastScale || group === 0) throw new Error(`scale out of order at ${token}`);
      if (scale === 100 && group > 9) throw new Error("hundreds take one digit");
      if (scale === 1_00_00_000 && group > 99) throw new Error("crore takes at most two digits here");
      if (scale !== 100 && scale !== 1_00_00_000 && group > 99) throw new Error(`${token} takes two digits`);
      total += group * scale;
      group = 0;
      lastScale = scale;
    } else if (token in SMALL) {
      group += SMALL[token]!;
    } else {
      throw new Error(`unknown word ${token}`);
    }
  }
  if (group > 99) throw new Error("trailing group over 99");
  return total + group;
}

/** Parses a receipt's whole phrase back to paise. */
function parseAmount(text: string): number {
  let m = /^Rupees (.+?) and (.+) (Paise|Paisa) Only$/.exec(text);
  if (m) return parseNumber(m[1]!) * 100 + parseNumber(m[2]!);
  m = /^Rupees (.+) Only$/.exec(text);
  if (m) return parseNumber(m[1]!) * 100;
  m = /^(.+) (Paise|Paisa) Only$/.exec(text);
  if (m) return parseNumber(m[1]!);
  throw new Error(`not an amount phrase: ${text}`);
}

describe("amount in words", () => {
  it("matches the receipt's wording for known amounts", () => {
    expect(amountInWords(1_23_450_00)).toBe("Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty Only");
    expect(amountInWords(3_71_000_00)).toBe("Rupees Three Lakh Seventy-One Thousand Only");
    expect(amountInWords(0)).toBe("Rupees Zero Only");
    expect(amountInWords(1)).toBe("One Paisa Only");
    expect(amountInWords(1_01_50)).toBe("Rupees One Hundred One and Fifty Paise Only");
    expect(amountInWords(MAX_WORDS_PAISE)).toBe("Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only");
    expect(amountInWords(1_00_00_000_00)).toBe("Rupees One Crore Only");
    expect(() => amountInWords(MAX_WORDS_PAISE + 1)).toThrow(RangeError);
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });

  it("round-trips every paise value from 0 to ₹99,99,99,999.99 through an independent parser", () => {
    // Uniform over the whole range, plus small amounts and round ones where wording changes.
    const amount = fc.oneof(
      fc.integer({ min: 0, max: MAX_WORDS_PAISE }),
      fc.integer({ min: 0, max: 1_00_000 }),
      fc.integer({ min: 0, max: 99_99_999 }).map((n) => n * 100),
      fc.constantFrom(0, 1, 99, 100, 1_00_000_00, 99_999_99, 1_00_00_000_00, MAX_WORDS_PAISE),
    );
    fc.assert(fc.property(amount, (paise) => parseAmount(amountInWords(paise)) === paise), { numRuns: 3000 });
  });

  it("the parser refuses phrases in the Western system", () => {
    expect(() => parseAmount("Rupees Three Hundred Seventy-One Thousand Only")).toThrow();
    expect(parseAmount("Rupees Three Lakh Seventy-One Thousand Only")).toBe(3_71_000_00);
  });
});
