import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { lineProductSchema } from './collections.schema.ts';
import { MAX_COMPARE, readCompared } from './compare.ts';

// The comparison's contract as zod writes it (what compare.store decoded with before): the hand-written reader must
// accept and produce exactly the same.
const text = (max: number) => z.string().check(z.maxLength(max));
const orNull = <T extends z.ZodMiniType>(t: T) => z._default(z.nullable(t), null);
const comparedSchema = z.extend(lineProductSchema, {
  description: z._default(text(5000), ''),
  category_id: z.optional(z.nullable(z.int())),
  image: orNull(text(2000)),
  sale_ok: z._default(z.boolean(), true),
  rang: z._default(z.int(), 0),
  quantity: z._default(z.int(), 0),
  date: orNull(text(40)),
  location: orNull(text(300)),
  tags: z._default(z.array(z.object({ id: z.int(), name: text(200) })).check(z.maxLength(50)), []),
});
const storedSchema = z.array(comparedSchema).check(z.maxLength(MAX_COMPARE));

const valid = {
  id: 1,
  name: 'Frigo',
  description: 'Un produit',
  categ_id: 'FRIGO',
  category_id: 2,
  image_256: '/api/images/x/256.webp',
  image: null,
  list_price: 100000,
  en_promo: true,
  promo_price: 90000,
  preorder_price: null,
  is_creditorder: false,
  creditorder_price: null,
  sale_ok: true,
  rang: 1,
  quantity: 3,
  date: null,
  location: null,
  tags: [{ id: 1, name: 'Ramadan' }],
};

describe('readCompared (§2 comparison in browser storage)', () => {
  it.each<[string, unknown, boolean]>([
    ['a valid product', [valid], true],
    ['only a line product’s fields', [{ id: 1, name: 'x', list_price: 5 }], true],
    ['extra fields (dropped), tags with extra fields', [{ ...valid, extra: 1, tags: [{ id: 1, name: 'a', color: 'red' }] }], true],
    ['four products', [1, 2, 3, 4].map((id) => ({ ...valid, id })), true],
    ['five products', [1, 2, 3, 4, 5].map((id) => ({ ...valid, id })), false],
    ['a negative price', [{ ...valid, list_price: -1 }], false],
    ['a null description', [{ ...valid, description: null }], false],
    ['a tag without a name', [{ ...valid, tags: [{ id: 1 }] }], false],
    ['a product without a price', [{ id: 1, name: 'x' }], false],
    ['not a list', valid, false],
  ])('%s → %s', (_label, raw, ok) => {
    expect(readCompared(raw) !== null).toBe(ok);
    expect(z.safeParse(storedSchema, raw).success).toBe(ok);
  });

  it('drops unknown fields and fills defaults like the zod contract', () => {
    const raw = [
      { id: 3, name: 'x', list_price: 5, extra: true },
      { ...valid, category_id: null },
    ];
    expect(readCompared(raw)).toStrictEqual(z.parse(storedSchema, raw));
  });

  // Values around every rule's edges, so random products are often valid and often not.
  const edgy = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -2, max: 5 }),
    fc.double(),
    fc.string({ maxLength: 3 }),
    fc.constant('x'.repeat(301)),
    fc.constant([]),
  );
  const maybe = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 12, arbitrary: good }, { weight: 1, arbitrary: edgy });
  const orNullArb = <T>(a: fc.Arbitrary<T>) => maybe(fc.option(a));
  const tag = fc.record({ id: maybe(fc.integer()), name: maybe(fc.string({ maxLength: 5 })), more: fc.boolean() }, { requiredKeys: [] });
  const product = fc.record(
    {
      id: maybe(fc.integer()),
      name: maybe(fc.string({ maxLength: 20 })),
      categ_id: orNullArb(fc.string({ maxLength: 5 })),
      image_256: orNullArb(fc.string({ maxLength: 5 })),
      list_price: maybe(fc.nat()),
      en_promo: maybe(fc.boolean()),
      promo_price: orNullArb(fc.nat()),
      preorder_price: orNullArb(fc.nat()),
      is_creditorder: maybe(fc.boolean()),
      creditorder_price: orNullArb(fc.nat()),
      description: maybe(fc.string({ maxLength: 10 })),
      category_id: orNullArb(fc.integer()),
      image: orNullArb(fc.string({ maxLength: 5 })),
      sale_ok: maybe(fc.boolean()),
      rang: maybe(fc.integer()),
      quantity: maybe(fc.integer()),
      date: orNullArb(fc.string({ maxLength: 5 })),
      location: orNullArb(fc.string({ maxLength: 5 })),
      tags: maybe(fc.array(tag, { maxLength: 3 })),
      other: fc.string({ maxLength: 2 }),
    },
    { requiredKeys: [] },
  );

  it('accepts and produces exactly what the zod contract does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(product, { maxLength: 5 }), edgy), (value) => {
        // Storage holds JSON text: a key set to undefined never comes back from it (an optional key stays absent).
        const raw: unknown = value === undefined ? value : JSON.parse(JSON.stringify(value));
        const zod = z.safeParse(storedSchema, raw);
        expect(readCompared(raw)).toStrictEqual(zod.success ? zod.data : null);
      }),
      { numRuns: 2000 },
    );
  });
});
