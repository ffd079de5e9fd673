import { describe, expect, it } from 'vitest';
import { seesSpecialOffer } from './special-offer.ts';

describe('who sees the special offer (§4)', () => {
  it.each([
    [false, false, true],
    [true, false, false],
    [false, true, false],
    [true, true, false],
  ])('logged in %s, ordered here %s → shown %s', (loggedIn, orderedHere, shown) =>
    expect(seesSpecialOffer({ loggedIn, orderedHere })).toBe(shown),
  );
});
