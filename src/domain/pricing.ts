/** Pricing rules of spec §4 "Pricing", shared by the storefront and the server. */

/** The fields a price rule reads. */
export interface Priced {
  list_price: number;
  en_promo: boolean;
  promo_price: number | null;
}

/** Price the shopper pays for one unit: `promo_price` when in promotion, else `list_price`. */
export function shopperPrice(p: Priced): number {
  return p.en_promo && p.promo_price != null ? p.promo_price : p.list_price;
}

/** The pre-order tranches' shares of the total, in percent (§4, §9). */
export const TRANCHE_PERCENTS = [30, 30, 40] as const;
const TRANCHE_NAMES = ['Première tranche', 'Deuxième tranche', 'Troisième tranche'];

/** How tranche `number` (1 to 3) is named, with its share: 'Première tranche (30 %)'. */
export const trancheLabel = (number: number, percent: number = TRANCHE_PERCENTS[number - 1]!) =>
  `${TRANCHE_NAMES[number - 1]} (${percent} %)`;

/** Pre-order instalments in whole francs, always adding up to the total. */
export function preorderTranches(total: number): [number, number, number] {
  const first = Math.floor((total * TRANCHE_PERCENTS[0]) / 100);
  const second = Math.floor((total * TRANCHE_PERCENTS[1]) / 100);
  return [first, second, total - first - second];
}
