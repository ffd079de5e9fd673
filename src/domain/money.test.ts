import { describe, expect, it } from 'vitest';
import { formatFCFA, groupDigits, spaced } from './money.ts';

// The browser's and the server's `Intl` are the reference the shop's own formatting must match letter for letter.
const intlFCFA = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF', maximumFractionDigits: 0 });
const intlCount = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const amounts = [
  0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 12345, 99999, 100000, 125000, 999999, 1000000, 1234567, 100000000, 2147483647,
];

describe('formatFCFA', () => {
  it.each([
    [125000, '125\u202f000\u00a0F\u202fCFA'],
    [5000, '5\u202f000\u00a0F\u202fCFA'],
    [0, '0\u00a0F\u202fCFA'],
    [999, '999\u00a0F\u202fCFA'],
    [1999.6, '2\u202f000\u00a0F\u202fCFA'],
    [1234567, '1\u202f234\u202f567\u00a0F\u202fCFA'],
  ])('%d → %s', (amount, want) => {
    expect(formatFCFA(amount)).toBe(want);
  });

  it('writes whole, negative and fractional amounts as Intl does in French', () => {
    for (const amount of amounts.flatMap((n) => [n, -n, n + 0.4, n + 0.6]).filter((x) => !Object.is(x, -0)))
      expect(formatFCFA(amount), String(amount)).toBe(intlFCFA.format(Math.round(amount)));
  });
});

describe('groupDigits', () => {
  it('writes counts as Intl does in French, rounded', () => {
    for (const n of amounts.flatMap((a) => [a, a + 0.4, a + 0.6])) expect(groupDigits(n), String(n)).toBe(intlCount.format(n));
  });
});

describe('spaced', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1 000'],
    [125000, '125 000'],
    [100000000, '100 000 000'],
    [-2500, '-2 500'],
  ])('%d → %s', (n, want) => {
    expect(spaced(n)).toBe(want);
  });
});
