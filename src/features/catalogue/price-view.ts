/** A product's price as drawn (§2 "Product card"): by the cards and pages, and by the comparison's preview without React. */
import type { Product } from '../../domain/catalogue.ts';
import { unitPrice } from '../../domain/collections.ts';
import { formatFCFA } from '../../domain/money.ts';

/** The price paid and, in promotion, the list price struck through (null otherwise). */
export interface PriceView {
  price: string;
  was: string | null;
}

/** A product's price view. */
export function priceView(p: Pick<Product, 'list_price' | 'en_promo' | 'promo_price'>): PriceView {
  const promo = p.en_promo && p.promo_price != null;
  return { price: formatFCFA(promo ? p.promo_price! : p.list_price), was: promo ? formatFCFA(p.list_price) : null };
}

/** §6: the unit price the credit cart charges (the credit price, else the shopper's price), as written beside 'À crédit'. */
export const creditPrice = (p: Pick<Product, 'list_price' | 'en_promo' | 'promo_price' | 'preorder_price' | 'creditorder_price'>): string =>
  formatFCFA(unitPrice('creditOrder', p));
