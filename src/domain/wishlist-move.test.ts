import { describe, expect, it } from 'vitest';
import type { Line, LineProduct } from './collections.ts';
import { moveAllMessage, moveAllToCart } from './wishlist-move.ts';

const product = (id: number, name = `Produit ${id}`): LineProduct => ({
  id,
  name,
  categ_id: null,
  image_256: null,
  list_price: 1000 * id,
  en_promo: false,
  promo_price: null,
  preorder_price: null,
  is_creditorder: false,
  creditorder_price: null,
});
const line = (id: number, quantity = 1, name?: string): Line => ({ product: product(id, name), quantity, date: '', location: '' });

describe('moving the whole wishlist to the cart (§4)', () => {
  it.each([
    ['all go to an empty cart', [], [line(1), line(2)], [], [1, 2], [], []],
    ['a present product gains one unit', [line(1, 2)], [line(1)], [], [1], [], [[1, 3]]],
    ['an unavailable product stays in the wishlist', [], [line(1), line(2)], [2], [1], [2], [[1, 1]]],
    [
      'a line at the cap stays in the wishlist',
      [line(1, 10)],
      [line(1), line(2)],
      [],
      [2],
      [1],
      [
        [1, 10],
        [2, 1],
      ],
    ],
  ] as const)('%s', (_, cart, wishlist, unavailable, added, kept, quantities) => {
    const r = moveAllToCart(cart, wishlist, new Set(unavailable));
    expect(r.added.map((l) => l.product.id)).toEqual(added);
    expect(r.wishlist.map((l) => l.product.id)).toEqual(kept);
    expect(r.refused.map((x) => x.line.product.id)).toEqual(kept);
    if (quantities.length) expect(r.cart.map((l) => [l.product.id, l.quantity])).toEqual(quantities);
  });
});

describe('what the shopper is told', () => {
  it.each([
    [[line(1)], [], 'success', '1 produit ajouté au panier.'],
    [[line(1), line(2)], [], 'success', '2 produits ajoutés au panier.'],
    [
      [line(1)],
      [{ line: line(2, 1, 'Frigo'), reason: 'unavailable' }],
      'warning',
      '1 produit ajouté au panier. Reste dans votre liste : « Frigo » (en rupture de stock).',
    ],
    [
      [],
      [
        { line: line(2, 1, 'Frigo'), reason: 'unavailable' },
        { line: line(3, 1, 'Four'), reason: 'atCap' },
      ],
      'warning',
      'Aucun produit ajouté au panier. Restent dans votre liste : « Frigo » (en rupture de stock), « Four » (déjà 10 au panier, le maximum).',
    ],
  ] as const)('%#', (added, refused, kind, text) =>
    expect(moveAllMessage({ added: [...added], refused: [...refused] })).toEqual({ kind, text }),
  );
});
