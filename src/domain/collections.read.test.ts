import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { readLine, readLines, readLocation } from './collections.ts';
import { lineSchema, linesSchema, locationSchema } from './collections.schema.ts';

const valid = {
  product: {
    id: 3,
    name: 'Frigo',
    categ_id: null,
    image_256: '/img.webp',
    list_price: 1000,
    en_promo: true,
    promo_price: 900,
    preorder_price: null,
    is_creditorder: false,
    creditorder_price: null,
  },
  quantity: 2,
  date: '2026-01-01',
  location: 'Dakar',
};

describe('hand-written readers', () => {
  it.each<[string, unknown, boolean]>([
    ['a valid line', valid, true],
    ['a line without optional fields', { product: { id: 3, name: 'x', list_price: 5 }, quantity: 1, date: 'd' }, true],
    ['extra fields (dropped)', { ...valid, extra: 1, product: { ...valid.product, sale_ok: true } }, true],
    ['quantity 0', { ...valid, quantity: 0 }, false],
    ['quantity 99 (past the cap: brought down)', { ...valid, quantity: 99 }, true],
    ['quantity 100 (past the cap: brought down)', { ...valid, quantity: 100 }, true],
    ['a fractional price', { ...valid, product: { ...valid.product, list_price: 10.5 } }, false],
    ['a negative promo price', { ...valid, product: { ...valid.product, promo_price: -1 } }, false],
    ['a string id', { ...valid, product: { ...valid.product, id: '3' } }, false],
    ['no product', { ...valid, product: null }, false],
    ['a null location', { ...valid, location: null }, false],
    ['an array', [valid], false],
  ])('%s → %s', (_label, raw, ok) => {
    expect(readLine(raw) !== null).toBe(ok);
    expect(z.safeParse(lineSchema, raw).success).toBe(ok);
  });

  it('drop unknown fields and fill defaults like the zod schema', () => {
    const raw = { product: { id: 3, name: 'x', list_price: 5, extra: true }, quantity: 1, date: 'd', more: 1 };
    expect(readLine(raw)).toEqual(z.parse(lineSchema, raw));
  });

  // Values around every rule's edges, so random lines are often valid and often not.
  const edgy = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -2, max: 101 }),
    fc.double(),
    fc.string({ maxLength: 3 }),
    fc.constant('x'.repeat(301)),
    fc.constant([]),
  );
  const maybe = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 12, arbitrary: good }, { weight: 1, arbitrary: edgy });
  const price = maybe(fc.integer({ min: 0, max: 1_000_000 }));
  const product = fc.record(
    {
      id: maybe(fc.integer()),
      name: maybe(fc.string({ maxLength: 20 })),
      categ_id: maybe(fc.option(fc.string({ maxLength: 5 }))),
      image_256: maybe(fc.option(fc.string({ maxLength: 5 }))),
      list_price: price,
      en_promo: maybe(fc.boolean()),
      promo_price: maybe(fc.option(fc.nat())),
      preorder_price: maybe(fc.option(fc.nat())),
      is_creditorder: maybe(fc.boolean()),
      creditorder_price: maybe(fc.option(fc.nat())),
    },
    { requiredKeys: [] },
  );
  const line = fc.record(
    {
      product: maybe(product),
      quantity: maybe(fc.integer({ min: 0, max: 100 })),
      date: maybe(fc.string({ maxLength: 10 })),
      location: maybe(fc.string({ maxLength: 10 })),
    },
    { requiredKeys: [] },
  );

  it('accept and produce exactly what the zod schema does (lines)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(line, { maxLength: 4 }), edgy), (raw) => {
        const zod = z.safeParse(linesSchema, raw);
        expect(readLines(raw)).toEqual(zod.success ? zod.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  it('accept and produce exactly what the zod schema does (location)', () => {
    const text = maybe(fc.string({ maxLength: 8 }));
    fc.assert(
      fc.property(
        fc.oneof(fc.record({ city: text, region: text, country: text, ip: text, loc: text, org: text }, { requiredKeys: [] }), edgy),
        (raw) => {
          const zod = z.safeParse(locationSchema, raw);
          expect(readLocation(raw)).toEqual(zod.success ? zod.data : null);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
