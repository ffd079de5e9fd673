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
});
