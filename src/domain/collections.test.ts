import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productSchema, type Product } from './catalogue.ts';
import { buildCrmRecord } from './crm-record.ts';
import { householdCap } from './quantity.ts';
import {
  addLine,
  withProducts,
  collectionTotal,
  itemCount,
  lineTotal,
  preorderPlan,
  removeLine,
  setLineQuantity,
  toLineProduct,
  unitPrice,
  type CollectionKind,
  type Line,
  type LineProduct,
} from './collections.ts';

const product = (over: Partial<Product> = {}): Product => productSchema.parse({ id: 1, name: 'Frigo', list_price: 100000, ...over });
const line = (p: Product, quantity = 1): Line => ({ product: p, quantity, date: '2026-01-01T00:00:00.000Z', location: 'Dakar' });
const promo = product({ id: 2, en_promo: true, promo_price: 80000, preorder_price: 95000, creditorder_price: 120000 });
const plain = product({ id: 3, list_price: 50000, promo_price: 40000, preorder_price: 45000, creditorder_price: 60000 });

describe('unitPrice', () => {
  it.each<[CollectionKind, Product, number]>([
    ['cart', promo, 80000],
    ['cart', plain, 50000],
    ['wishlist', promo, 80000],
    ['preorder', promo, 95000],
    ['preorder', plain, 45000],
    ['creditOrder', promo, 120000],
    ['creditOrder', plain, 60000],
    ['preorder', product({ list_price: 7000 }), 7000],
  ])('%s of %o', (kind, p, want) => expect(unitPrice(kind, p)).toBe(want));
});

describe('totals', () => {
  it.each<[CollectionKind, Line[], number]>([
    ['cart', [], 0],
    ['cart', [line(promo, 2), line(plain, 3)], 310000],
    ['preorder', [line(promo, 1), line(plain, 2)], 185000],
    ['creditOrder', [line(promo, 1), line(plain, 1)], 180000],
  ])('%s total', (kind, lines, want) => expect(collectionTotal(kind, lines)).toBe(want));

  it('line total is unit price times quantity', () => expect(lineTotal('cart', line(promo, 3))).toBe(240000));
  it('counts units', () => expect(itemCount([line(promo, 2), line(plain, 3)])).toBe(5));
  it('pre-order plan is 30/30/40 of the pre-order total', () => expect(preorderPlan([line(plain, 2)])).toEqual([27000, 27000, 36000]));

  it('the three tranches always add up to the total, in whole francs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 99 }), (price, qty) => {
        const lines = [line(product({ preorder_price: price }), qty)];
        const [a, b, c] = preorderPlan(lines);
        return a + b + c === collectionTotal('preorder', lines) && [a, b, c].every((t) => Number.isInteger(t) && t >= 0);
      }),
    );
  });
});

// A catalogue Product must stay usable wherever a line's product is expected (the add actions take either).
const productFitsLine: (p: Product) => LineProduct = (p) => p;

describe('collection rules', () => {
  it('keeps only the line fields of a catalogue product', () => {
    expect(Object.keys(toLineProduct(productFitsLine(promo))).sort()).toEqual([
      'categ_id',
      'creditorder_price',
      'en_promo',
      'id',
      'image_256',
      'is_creditorder',
      'list_price',
      'name',
      'preorder_price',
      'promo_price',
    ]);
  });

  it.each<[CollectionKind, number, boolean]>([
    ['cart', 2, true],
    ['preorder', 2, true],
    ['creditOrder', 2, true],
    ['wishlist', 1, false],
  ])('adding twice to %s → quantity %i', (kind, qty, secondAdded) => {
    const first = addLine(kind, [], promo, 'd', 'Dakar');
    expect(first.added).toBe(true);
    const second = addLine(kind, first.lines, promo, 'd2', 'Dakar');
    expect(second.added).toBe(secondAdded);
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0]?.quantity).toBe(qty);
  });

  it('a new line records the date and location', () => {
    expect(addLine('cart', [], plain, '2026-05-01', 'Thiès').lines[0]).toMatchObject({
      quantity: 1,
      date: '2026-05-01',
      location: 'Thiès',
    });
  });

  it.each<[number, number[]]>([
    [5, [5, 1]],
    [0, [1]],
    [-3, [1]],
    [250, [householdCap, 1]],
    [2.7, [2, 1]],
  ])('setting quantity %d', (qty, want) => {
    expect(setLineQuantity([line(promo), line(plain)], promo.id, qty).map((l) => l.quantity)).toEqual(want);
  });

  it('removes a line', () => expect(removeLine([line(promo), line(plain)], promo.id).map((l) => l.product.id)).toEqual([plain.id]));
});

describe('buildCrmRecord', () => {
  const loc = { city: 'Dakar', region: 'Dakar', country: 'SN', ip: '1.2.3.4', loc: '14.7,-17.4' };
  const contact = { name: 'Awa', phone: '221770000000', email: 'awa@example.sn' };

  it.each<['cart' | 'preorder' | 'creditOrder', string, number]>([
    ['cart', 'commande', 80000 * 2 + 50000],
    ['preorder', 'precommande', 95000 * 2 + 45000],
    ['creditOrder', 'acredit', 120000 * 2 + 60000],
  ])('%s → type %s, total %i', (kind, type, total) => {
    const r = buildCrmRecord(kind, [line(promo, 2), line(plain)], 'guest-12345678', loc, contact, 'now');
    expect(r).toMatchObject({ guest_id: 'guest-12345678', type, total, localisation: 'Dakar, Dakar, SN', name: 'Awa', date: 'now' });
    expect(r?.produits[0]).toEqual({
      id: promo.id,
      nom: promo.name,
      quantité: 2,
      prix: unitPrice(kind, promo),
      location: 'Dakar',
      panier: kind,
      date: line(promo).date,
    });
  });

  it('sends nothing for an empty collection', () => expect(buildCrmRecord('cart', [], 'guest-12345678', null, contact, 'now')).toBeNull());
});

describe('withProducts', () => {
  const lines = [line(promo, 2), line(plain, 1)];

  it('takes the catalogue’s product of now for each line it names, keeping quantity, date and location', () => {
    const cheaper = product({ id: plain.id, name: 'Frigo neuf', list_price: 42000, promo_price: null });
    const out = withProducts(lines, [cheaper]);
    expect(out[1]).toEqual({ ...lines[1], product: toLineProduct(cheaper) });
    expect(out[0]).toBe(lines[0]);
    expect(collectionTotal('cart', out)).toBe(2 * 80000 + 42000);
  });

  it('keeps a line the catalogue did not answer for, and returns the same lines when nothing changed', () => {
    expect(withProducts(lines, [])).toBe(lines);
    expect(withProducts(lines, [promo, plain])).toBe(lines);
  });
});
