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

/** Pre-order instalments: 30 %, 30 % and 40 % in whole francs, always adding up to the total. */
export function preorderTranches(total: number): [number, number, number] {
  const first = Math.floor((total * 30) / 100);
  const second = Math.floor((total * 30) / 100);
  return [first, second, total - first - second];
}
