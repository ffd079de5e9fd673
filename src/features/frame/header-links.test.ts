import { describe, expect, it } from 'vitest';
import { badgeText, COUNTED_LINKS, countedName } from './header-links.ts';

describe('header counted links (§2 "Shared frame")', () => {
  it('lists the wishlist, the cart, the pre-order cart and the credit cart, in that order', () => {
    expect(COUNTED_LINKS.map((l) => [l.href, l.label])).toEqual([
      ['/wishlist', 'Liste de souhaits'],
      ['/cart', 'Panier'],
      ['/pre-cart', 'Panier de précommande'],
      ['/credit-cart', 'Panier à crédit'],
    ]);
  });

  it('names a link with its count, in the singular for one and bare when empty', () => {
    expect(countedName('Panier', 0)).toBe('Panier');
    expect(countedName('Panier', 1)).toBe('Panier : 1 article');
    expect(countedName('Panier', 3)).toBe('Panier : 3 articles');
  });

  it('writes the badge as the count, 99+ past 99, nothing when empty', () => {
    expect([0, 1, 99, 100].map(badgeText)).toEqual(['', '1', '99', '99+']);
  });
});
