/**
 * Money: amounts are integers in paise (₹1 = 100 paise, DESIGN.md §5) and are shown in rupees
 * with Indian digit grouping (lakh, crore), e.g. 1_50_000_00 paise → "₹1,50,000".
 */
const whole = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0, minimumFractionDigits: 0 });
const exact = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 });

function paiseOnly(paise: number): void {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not a whole number of paise: ${paise}`);
}

/**
 * "₹15,000" for 15_000_00 paise; "₹15,000.50" when there are paise. Throws RangeError for a
 * value that is not a safe integer number of paise.
 */
export function formatRupees(paise: number): string {
  paiseOnly(paise);
  return paise % 100 === 0 ? whole.format(paise / 100) : exact.format(paise / 100);
}

/**
 * "₹1,23,450.00": always with paise, as a receipt and its verification page show amounts;
 * negative amounts (a concession line) "−₹640.00", with a true minus sign. Throws RangeError for
 * a value that is not a safe integer number of paise.
 */
export function formatRupeesExact(paise: number): string {
  paiseOnly(paise);
  const text = exact.format(Math.abs(paise) / 100);
  return paise < 0 ? `−${text}` : text;
}

/**
 * "1500.00" for 1_500_00 paise, "-12.50" for -12_50: rupees with exactly two decimals, no symbol
 * and no grouping, as CSV files and payment gateways take amounts. Computed from the integer, so
 * a total summed in paise prints exactly. Throws RangeError for a value that is not a safe
 * integer number of paise.
 */
export function decimalRupees(paise: number): string {
  paiseOnly(paise);
  const whole = Math.abs(paise);
  return `${paise < 0 ? "-" : ""}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}
