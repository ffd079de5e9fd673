import { describe, expect, it } from 'vitest';
import { isPreorderable, preorderRefusal } from './preorder.ts';

describe('which products may be pre-ordered (§4: goods not here yet, at the pre-order price)', () => {
  const IN_STOCK =
    'Le produit « Congélateur » est en stock : il ne se pré-commande pas. Retirez-le de vos pré-commandes et commandez-le depuis le panier.';
  const NO_PRICE = 'Le produit « Congélateur » ne peut pas être pré-commandé.';
  it.each<[string, number | null, number, string | null]>([
    ['a pre-order price, none in stock', 260000, 0, null],
    ['a pre-order price, stock below zero (oversold)', 260000, -2, null],
    ['a pre-order price of 0 francs, none in stock', 0, 0, null],
    ['a pre-order price, one in stock', 260000, 1, IN_STOCK],
    ['a pre-order price, 24 in stock', 260000, 24, IN_STOCK],
    ['no pre-order price, none in stock', null, 0, NO_PRICE],
    ['no pre-order price, in stock', null, 24, NO_PRICE],
  ])('%s', (_label, preorder_price, quantity, refusal) => {
    const product = { name: 'Congélateur', preorder_price, quantity };
    expect(preorderRefusal(product)).toBe(refusal);
    expect(isPreorderable(product)).toBe(refusal === null);
  });
});
