/**
 * Money: amounts are integers in paise (₹1 = 100 paise, DESIGN.md §5) and are shown in rupees
 * with Indian digit grouping (lakh, crore), e.g. 1_50_000_00 paise → "₹1,50,000".
 */
const whole = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0, minimumFractionDigits: 0 });
const exact = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * "₹15,000" for 15_000_00 paise; "₹15,000.50" when there are paise. Throws RangeError for a
 * value that is not a safe integer number of paise.
 */
export function formatRupees(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not a whole number of paise: ${paise}`);
  return paise % 100 === 0 ? whole.format(paise / 100) : exact.format(paise / 100);
}
