/**
 * Amounts in words in the Indian system (PAYMENTS.md §C: "Three Hundred Seventy One
 * Thousand" for 3,71,000 is a known fault of other systems): thousand, lakh, crore, with the
 * number words from `to-words` (en-IN) and the receipt's wording around them:
 * 1_23_450_00 paise → "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty Only";
 * 1_01_50 paise → "Rupees One Hundred One and Fifty Paise Only"; 50 paise → "Fifty Paise Only".
 */
import { ToWords } from "to-words";

const words = new ToWords({ localeCode: "en-IN", converterOptions: { currency: false, ignoreDecimal: true } });

/** Largest amount a receipt can hold: ₹99,99,99,999.99 (the payment core's limit, 9 rupee digits). */
export const MAX_WORDS_PAISE = 99_99_99_999_99;

const TENS = "Twenty|Thirty|Forty|Fifty|Sixty|Seventy|Eighty|Ninety";
const UNITS = "One|Two|Three|Four|Five|Six|Seven|Eight|Nine";

/** "One Lakh Twenty-Three Thousand" for 123000: to-words' words with compound tens hyphenated. */
function numberWords(n: number): string {
  return words.convert(n).replace(new RegExp(`\\b(${TENS}) (${UNITS})\\b`, "g"), "$1-$2");
}

/** The amount in words for a receipt. Throws RangeError outside 0..MAX_WORDS_PAISE or for a fraction of a paisa. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0 || paise > MAX_WORDS_PAISE) throw new RangeError(`Not an amount of paise a receipt can hold: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rest === 0) return `Rupees ${numberWords(rupees)} Only`;
  const paiseWords = `${numberWords(rest)} ${rest === 1 ? "Paisa" : "Paise"}`;
  return rupees === 0 ? `${paiseWords} Only` : `Rupees ${numberWords(rupees)} and ${paiseWords} Only`;
}
