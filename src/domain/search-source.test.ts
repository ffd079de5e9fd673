import { describe, expect, it } from 'vitest';
import { searchSource } from './search-source.ts';

describe('searchSource', () => {
  it.each([
    ['/boutique', 'boutique'],
    ['/', 'boutique'],
    ['/en-promo', 'en-promo'],
    ['/en-promo/', 'en-promo'],
    ['/promo-ramadan', 'promo-ramadan'],
    ['/promo-korite', 'promo-korite'],
    ['/promo-tabaski', 'boutique'],
    ['/credit-commandes', 'boutique'],
  ])('%s → %s', (path, source) => {
    expect(searchSource(path)).toBe(source);
  });
});
