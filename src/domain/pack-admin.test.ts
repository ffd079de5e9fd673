import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packCodeSchema, packHref, packInputSchema, packTotal } from './pack-admin.ts';

describe('pack codes', () => {
  it('are trimmed and upper-cased; letters without accents, digits and single dashes only', () => {
    expect(packCodeSchema.parse('  pack-korite-2026 ')).toBe('PACK-KORITE-2026');
    for (const bad of ['PACK KORITE', 'PACK_KORITE', 'PACK--X', '-PACK', 'PACK-', 'pack-été', 'P'])
      expect(packCodeSchema.safeParse(bad).success).toBe(false);
  });

  it('always make a link that leads back to the same code', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{1,8}(-[A-Z0-9]{1,8}){0,3}$/), (code) => {
        const url = new URL(packHref(code), 'https://boutique.sn');
        expect(url.pathname).toBe('/pack-promo');
        expect(url.searchParams.get('code')).toBe(code);
      }),
    );
  });
});

describe('pack body', () => {
  const valid = { code: 'pack-x', name: ' Pack X ', active: true, lines: [{ product_id: 1, quantity: 2, price_unit: 1500 }] };

  it('parses a valid pack, normalising its code and name', () => {
    expect(packInputSchema.parse(valid)).toEqual({ ...valid, code: 'PACK-X', name: 'Pack X' });
  });

  it('names the second line of a product already in the pack', () => {
    const res = packInputSchema.safeParse({
      ...valid,
      lines: [...valid.lines, { product_id: 3, quantity: 1, price_unit: 1 }, { product_id: 1, quantity: 1, price_unit: 1 }],
    });
    expect(res.success).toBe(false);
    expect(res.error!.issues[0]!.path).toEqual(['lines', 2, 'product_id']);
  });
});

describe('packTotal', () => {
  it('adds each line’s quantity times its unit price, in whole francs', () => {
    expect(packTotal([])).toBe(0);
    expect(
      packTotal([
        { quantity: 1, price_unit: 180000 },
        { quantity: 2, price_unit: 15000 },
      ]),
    ).toBe(210000);
  });
});
