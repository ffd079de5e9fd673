import { describe, expect, it } from 'vitest';
import { moveDone } from './admin.store.ts';

describe('what the admin is told once an order moved', () => {
  it.each([
    ['sale', 'Commande BQ-1 : reçue.'],
    ['confirmed', 'Commande BQ-1 : confirmée.'],
    ['shipped', 'Commande BQ-1 : expédiée.'],
    ['delivered', 'Commande BQ-1 : livrée.'],
    ['cancel', 'Commande BQ-1 : annulée.'],
  ] as const)('%s → %s', (state, text) => expect(moveDone({ reference: 'BQ-1', state })).toBe(text));

  it('says a credit order approved by the shop still waits for its parent account', () => {
    const credit = { months: 6, shop_approved_at: '2026-11-21T10:00:00Z', parent_approved_at: null, parent_refusal: null };
    expect(moveDone({ reference: 'BQ-1', state: 'sale', credit })).toBe(
      'Commande BQ-1 : validée par la boutique, en attente du compte parent.',
    );
  });
});
