import { useTestStorageEngine } from '@nanostores/persistent';
import { describe, expect, it, vi } from 'vitest';
import { productSchema } from '../../domain/catalogue.ts';

useTestStorageEngine();
const { collect } = await import('./collect.ts');
const { $cart, $wishlist } = await import('../collections/collections.store.ts');

const product = productSchema.parse({ id: 7, name: 'Réfrigérateur', list_price: 250_000 });

describe('collect: the product islands’ add actions (§4 Collections)', () => {
  it('adds once the actions have loaded, then within the tap itself', async () => {
    collect('addToCart', product);
    await vi.waitFor(() => expect($cart.get().map((l) => [l.product.id, l.quantity])).toEqual([[7, 1]]));
    // Loaded now: the next tap changes the cart before its handler returns, so its answer is drawn in the same frame.
    collect('addToCart', product);
    expect($cart.get().map((l) => [l.product.id, l.quantity])).toEqual([[7, 2]]);
    collect('addToWishlist', product);
    expect($wishlist.get().map((l) => l.product.id)).toEqual([7]);
  });
});
