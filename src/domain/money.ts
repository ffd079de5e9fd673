/** Whole-franc XOF formatting, as `Intl` writes it in French (narrow no-break spaces). */
const fcfa = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF', maximumFractionDigits: 0 });

/** Formats a whole number of francs, e.g. 125000 → "125 000 F CFA". */
export function formatFCFA(amount: number): string {
  return fcfa.format(Math.round(amount));
}

/** 100000000 → "100 000 000", as the shop writes numbers in its sentences (plain spaces). */
export const spaced = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
