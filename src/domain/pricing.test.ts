import { describe, expect, it } from 'vitest';
import { preorderTranches, shopperPrice } from './pricing.ts';

describe('shopperPrice', () => {
  it.each([
    [{ list_price: 100000, en_promo: true, promo_price: 85000 }, 85000],
    [{ list_price: 100000, en_promo: false, promo_price: 85000 }, 100000],
    [{ list_price: 100000, en_promo: true, promo_price: null }, 100000],
    [{ list_price: 5000, en_promo: false, promo_price: null }, 5000],
  ])('%o costs %i', (p, want) => expect(shopperPrice(p)).toBe(want));
});

describe('preorderTranches', () => {
  it.each([
    [100000, [30000, 30000, 40000]],
    [240000, [72000, 72000, 96000]],
    [99999, [29999, 29999, 40001]],
    [1, [0, 0, 1]],
    [0, [0, 0, 0]],
  ])('%i → %o', (total, want) => expect(preorderTranches(total)).toEqual(want));

  it('always adds up to the total in whole francs', () => {
    for (let total = 0; total < 20000; total += 7) {
      const t = preorderTranches(total);
      expect(t[0] + t[1] + t[2]).toBe(total);
      expect(t.every(Number.isInteger)).toBe(true);
    }
  });
});
