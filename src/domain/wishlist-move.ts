/**
 * §4 "Collections": all wishlist items moved to the cart at once, and what the shopper is told of it (§8 toast style):
 * how many were added, and which could not be and why. A refused item stays in the wishlist.
 */
import { addLine, householdCap, type Line } from './collections.ts';

/** Why an item could not go to the cart: out of stock or no longer on sale, or its cart line already holds the cap. */
type MoveRefusal = 'unavailable' | 'atCap';

/** What moving everything did: the new cart and wishlist, the lines added, the lines refused with their reason. */
export interface MoveAll {
  cart: Line[];
  wishlist: Line[];
  added: Line[];
  refused: Array<{ line: Line; reason: MoveRefusal }>;
}

/** Moves each wishlist line into the cart (a present product gains one unit), except `unavailable` products and lines at the cap. */
export function moveAllToCart(cart: readonly Line[], wishlist: readonly Line[], unavailable: ReadonlySet<number>): MoveAll {
  const out: MoveAll = { cart: [...cart], wishlist: [], added: [], refused: [] };
  for (const w of wishlist) {
    if (unavailable.has(w.product.id)) {
      out.refused.push({ line: w, reason: 'unavailable' });
      out.wishlist.push(w);
      continue;
    }
    const step = addLine('cart', out.cart, w.product, w.date, w.location);
    if (!step.added) {
      out.refused.push({ line: w, reason: 'atCap' });
      out.wishlist.push(w);
      continue;
    }
    out.cart = step.lines;
    out.added.push(w);
  }
  return out;
}

const REASON: Record<MoveRefusal, string> = {
  unavailable: 'en rupture de stock',
  atCap: `déjà ${householdCap} au panier, le maximum`,
};
const products = (n: number) => `${n} produit${n > 1 ? 's' : ''}`;

/** The toast of 'Tout ajouter au panier': success when all went, a warning naming each item that stayed and why. */
export function moveAllMessage(r: Pick<MoveAll, 'added' | 'refused'>): { text: string; kind: 'success' | 'warning' } {
  const n = r.added.length;
  const added = n === 0 ? 'Aucun produit ajouté au panier.' : `${products(n)} ajouté${n > 1 ? 's' : ''} au panier.`;
  if (r.refused.length === 0) return { text: added, kind: 'success' };
  const names = r.refused.map(({ line, reason }) => `« ${line.product.name} » (${REASON[reason]})`).join(', ');
  const stay = r.refused.length > 1 ? 'Restent dans votre liste' : 'Reste dans votre liste';
  return { text: `${added} ${stay} : ${names}.`, kind: 'warning' };
}
