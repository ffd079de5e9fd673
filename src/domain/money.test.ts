import { describe, expect, it } from 'vitest';
import { formatFCFA } from './money.ts';

describe('formatFCFA', () => {
  it.each([
    [125000, '125\u202f000\u00a0F\u202fCFA'],
    [5000, '5\u202f000\u00a0F\u202fCFA'],
    [0, '0\u00a0F\u202fCFA'],
    [1999.6, '2\u202f000\u00a0F\u202fCFA'],
  ])('%d → %s', (amount, want) => {
    expect(formatFCFA(amount)).toBe(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF' }).format(Math.round(amount)));
    expect(formatFCFA(amount)).toBe(want);
  });
});
