import * as zm from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { lineSchema } from './collections.schema.ts';
import { addLine, readLine, readLines, setLineQuantity, type Line } from './collections.ts';
import { orderLineInputSchema } from './orders.schema.ts';
import { packLineInputSchema } from './pack-admin.ts';
import { householdCap, maxQuantity } from './quantity.ts';

const product = {
  id: 7,
  name: 'Ventilateur',
  categ_id: null,
  image_256: null,
  list_price: 18000,
  en_promo: false,
  promo_price: null,
  preorder_price: null,
  is_creditorder: false,
  creditorder_price: null,
};
const stored = (quantity: unknown) => ({ product, quantity, date: '2026-01-01T00:00:00.000Z', location: 'Dakar' });
const QUANTITY = `La quantité doit être un nombre entier de 1 à ${householdCap}.`;
const OVER_CAP = `Une commande compte au plus ${householdCap} unités d’un même produit (limite par foyer).`;
const PACK_QUANTITY = `La quantité doit être comprise entre 1 et ${householdCap} (limite par foyer d’une commande).`;

describe('the household cap (§4, §7): most units of one product in one order', () => {
  it('is a whole number of at least 1, within what CRM records may report', () => {
    expect(Number.isInteger(householdCap) && householdCap >= 1 && householdCap <= maxQuantity).toBe(true);
  });

  it.each<[string, unknown, string | null]>([
    ['1', 1, null],
    ['the cap', householdCap, null],
    ['the cap + 1', householdCap + 1, OVER_CAP],
    ['99', 99, OVER_CAP],
    ['1e12', 1e12, OVER_CAP],
    ['0', 0, QUANTITY],
    ['-1', -1, QUANTITY],
    ['1.5', 1.5, QUANTITY],
    ['"2" (text)', '2', QUANTITY],
  ])('an order line of %s: %s', (_label, quantity, message) => {
    const parsed = orderLineInputSchema.safeParse({ id: 7, quantity });
    expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe(message);
  });

  it.each<[string, number, boolean]>([
    ['1', 1, true],
    ['the cap', householdCap, true],
    ['the cap + 1', householdCap + 1, false],
    ['0', 0, false],
  ])('a pack line of %s: accepted %s (a pack is ordered as one order)', (_label, quantity, ok) => {
    const parsed = packLineInputSchema.safeParse({ product_id: 7, quantity, price_unit: 1000 });
    expect(parsed.success).toBe(ok);
    if (!ok) expect(parsed.error!.issues[0]!.message).toBe(PACK_QUANTITY);
  });

  // A browser may keep lines saved before the cap: they are brought down to it, never dropped with their collection.
  it.each<[string, unknown, number | null]>([
    ['1', 1, 1],
    ['the cap', householdCap, householdCap],
    ['the cap + 1', householdCap + 1, householdCap],
    ['99 (the old bound)', 99, householdCap],
    ['150', 150, householdCap],
    ['0', 0, null],
    ['2.5', 2.5, null],
    ['"3" (text)', '3', null],
  ])('a stored line of %s reads as %s', (_label, quantity, read) => {
    expect(readLine(stored(quantity))?.quantity ?? null).toBe(read);
    const zod = zm.safeParse(lineSchema, stored(quantity));
    expect(zod.success ? zod.data.quantity : null).toBe(read);
  });

  it('a stored collection with a line past the cap keeps all its lines', () => {
    const lines = readLines([stored(2), stored(40)]);
    expect(lines?.map((l) => l.quantity)).toEqual([2, householdCap]);
  });

  const at = (quantity: number): Line[] => [{ product, quantity, date: 'd', location: '' }];
  it.each<[string, number, number, boolean, boolean]>([
    ['below the cap', householdCap - 1, householdCap, true, false],
    ['at the cap', householdCap, householdCap, false, true],
  ])('adding to a line %s', (_label, before, after, added, atCap) => {
    for (const kind of ['cart', 'preorder', 'creditOrder'] as const) {
      const res = addLine(kind, at(before), product, 'd2', 'Dakar');
      expect([res.lines[0]!.quantity, res.added, res.atCap]).toEqual([after, added, atCap]);
    }
  });

  it.each<[number, number]>([
    [householdCap, householdCap],
    [householdCap + 1, householdCap],
    [250, householdCap],
  ])('setting a quantity of %i keeps %i', (qty, kept) => {
    expect(setLineQuantity(at(1), product.id, qty)[0]!.quantity).toBe(kept);
  });
});
