/**
 * Whole-franc XOF formatting, written as `Intl` writes it in French (digit groups and the unit behind narrow no-break
 * spaces), by hand: the first `Intl.NumberFormat` of a page loads the browser's locale data, 60–240 ms of main thread
 * on a slow phone, on every page that draws a price.
 */

// The digits of `text` in groups of three from the right, behind `separator`.
const grouped = (text: string, separator: string) => text.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** A whole number with its digits in groups of three behind narrow no-break spaces, as French writes it: 10000 → "10 000". */
export function groupDigits(n: number): string {
  const whole = Math.round(n);
  return `${whole < 0 ? '-' : ''}${grouped(String(Math.abs(whole)), '\u202f')}`;
}

/** Formats a whole number of francs, e.g. 125000 → "125 000 F CFA". */
export function formatFCFA(amount: number): string {
  return `${groupDigits(amount)}\u00a0F\u202fCFA`;
}

/** 100000000 → "100 000 000", as the shop writes numbers in its sentences (plain spaces). */
export const spaced = (n: number) => grouped(String(n), ' ');
