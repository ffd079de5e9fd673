/**
 * §2 "Product card", §4 "Collections" and §3 "Pack": what the storefront says of a product's stock and what it lets the
 * shopper do with it. The one rule cards, product page, comparison, carts, checkout and packs follow; the order
 * transaction stays the judge (it refuses what stock cannot cover).
 */
import { isPreorderable } from './preorder.ts';

/** At or below this many units left, the storefront says how many ('Plus que N'). */
const LOW_STOCK = 5;

/** How much of a product is left, coarsely. */
type StockState = 'in' | 'low' | 'out';

/** What a product offer shows and allows. */
export interface Availability {
  state: StockState;
  /** 'En stock', 'Plus que N' or 'Rupture de stock'. */
  label: string;
  /** Whether 'Commander' (cart, credit cart) is offered: there is stock. */
  canOrder: boolean;
  /** Whether 'Pré-commander' is offered: out of stock with a pre-order price (preorder.ts). */
  canPreorder: boolean;
}

/** §2: the availability of a product from its stock (`quantity`) and pre-order price. */
export function availability(p: { quantity: number; preorder_price: number | null }): Availability {
  const canPreorder = isPreorderable(p);
  if (p.quantity <= 0) return { state: 'out', label: 'Rupture de stock', canOrder: false, canPreorder };
  if (p.quantity <= LOW_STOCK) return { state: 'low', label: `Plus que ${p.quantity}`, canOrder: true, canPreorder };
  return { state: 'in', label: 'En stock', canOrder: true, canPreorder };
}

/** What a line wanting some units meets in stock: it fits, can be brought down to `to`, or has to go. */
export type LineFit = { fits: true } | { fits: false; to: number; message: string };

/** §4: whether `wanted` units of `name` fit in a stock of `stock`; when not, the line's message and the most it can hold (0: remove it). */
export function lineFit(name: string, wanted: number, stock: number): LineFit {
  if (wanted <= stock) return { fits: true };
  if (stock <= 0) return { fits: false, to: 0, message: `« ${name} » est en rupture de stock.` };
  return { fits: false, to: stock, message: `Plus que ${stock} en stock pour « ${name} ».` };
}

/**
 * §4: what a line of a collection of `kind` meets in a stock of `stock` (undefined: not known, not judged). Cart and credit
 * cart take stock; a pre-order takes none but is only for what is out of stock (preorder.ts); the wishlist orders nothing.
 */
export function collectionLineFit(
  kind: 'cart' | 'wishlist' | 'preorder' | 'creditOrder',
  name: string,
  wanted: number,
  stock: number | undefined,
): LineFit {
  if (stock === undefined || kind === 'wishlist') return { fits: true };
  if (kind === 'preorder')
    return stock > 0
      ? { fits: false, to: 0, message: `« ${name} » est de nouveau en stock : il ne se pré-commande plus.` }
      : { fits: true };
  return lineFit(name, wanted, stock);
}

/** §3 "Pack": why a pack cannot be bought (its first product whose stock is short of the pack's quantity), or null. A line without `stock` is not judged. */
export function packUnavailability(lines: ReadonlyArray<{ name: string; quantity: number; stock?: number }>): string | null {
  const short = lines.find((l): l is typeof l & { stock: number } => l.stock !== undefined && l.stock < l.quantity);
  if (!short) return null;
  return short.stock <= 0
    ? `Indisponible : ${short.name} est en rupture de stock.`
    : `Indisponible : il ne reste que ${short.stock} ${short.name} (le pack en demande ${short.quantity}).`;
}
