import { describe, expect, it } from 'vitest';
import { availability, collectionLineFit, lineFit, packUnavailability } from './availability.ts';

describe('availability of a product (§2: En stock, Plus que N, Rupture de stock)', () => {
  it.each<[string, number, number | null, string, boolean, boolean]>([
    ['plenty in stock', 24, null, 'En stock', true, false],
    ['six left: still plain "En stock"', 6, null, 'En stock', true, false],
    ['five left', 5, null, 'Plus que 5', true, false],
    ['one left', 1, null, 'Plus que 1', true, false],
    ['one left, with a pre-order price (in stock: no pre-order)', 1, 200000, 'Plus que 1', true, false],
    ['none left, no pre-order price', 0, null, 'Rupture de stock', false, false],
    ['none left, a pre-order price', 0, 260000, 'Rupture de stock', false, true],
    ['oversold, a pre-order price', -2, 260000, 'Rupture de stock', false, true],
  ])('%s', (_label, quantity, preorder_price, label, canOrder, canPreorder) => {
    const a = availability({ quantity, preorder_price });
    expect(a).toMatchObject({ label, canOrder, canPreorder });
    expect(a.state).toBe(quantity <= 0 ? 'out' : quantity <= 5 ? 'low' : 'in');
  });
});

describe('a line against the stock (§4: said on the line, with its fix)', () => {
  it.each<[string, number, number, ReturnType<typeof lineFit>]>([
    ['fits', 2, 10, { fits: true }],
    ['fits exactly', 3, 3, { fits: true }],
    ['short: bring down to what is left', 4, 2, { fits: false, to: 2, message: 'Plus que 2 en stock pour « Four ».' }],
    ['none left: remove', 1, 0, { fits: false, to: 0, message: '« Four » est en rupture de stock.' }],
    ['oversold: remove', 1, -3, { fits: false, to: 0, message: '« Four » est en rupture de stock.' }],
  ])('%s', (_label, wanted, stock, fit) => {
    expect(lineFit('Four', wanted, stock)).toEqual(fit);
  });
});

describe('a line of each collection against the stock', () => {
  it.each<[string, 'cart' | 'wishlist' | 'preorder' | 'creditOrder', number, number | undefined, boolean, number | undefined]>([
    ['cart, stock unknown', 'cart', 3, undefined, true, undefined],
    ['cart, short', 'cart', 3, 1, false, 1],
    ['credit cart, none left', 'creditOrder', 1, 0, false, 0],
    ['wishlist, none left: nothing to fix (nothing ordered)', 'wishlist', 1, 0, true, undefined],
    ['pre-order, still out of stock', 'preorder', 2, 0, true, undefined],
    ['pre-order, back in stock: remove it', 'preorder', 2, 7, false, 0],
  ])('%s', (_label, kind, wanted, stock, fits, to) => {
    const fit = collectionLineFit(kind, 'Four', wanted, stock);
    expect(fit.fits).toBe(fits);
    if (!fit.fits) expect(fit.to).toBe(to);
  });
});

describe('whether a pack can be bought (§3 "Pack": every product in stock for its quantity)', () => {
  const line = (name: string, quantity: number, stock: number) => ({ name, quantity, stock });
  it.each<[string, Array<{ name: string; quantity: number; stock?: number }>, string | null]>([
    ['all in stock', [line('Four', 1, 4), line('Mixeur', 2, 2)], null],
    ['one sold out', [line('Four', 1, 4), line('Cuisinière', 1, 0)], 'Indisponible : Cuisinière est en rupture de stock.'],
    ['one short of the quantity', [line('Ventilateur', 2, 1)], 'Indisponible : il ne reste que 1 Ventilateur (le pack en demande 2).'],
    ['the first short one is named', [line('A', 1, 0), line('B', 1, 0)], 'Indisponible : A est en rupture de stock.'],
    ['a line whose stock is not known is not judged', [{ name: 'A', quantity: 1 }], null],
  ])('%s', (_label, lines, message) => {
    expect(packUnavailability(lines)).toBe(message);
  });
});
