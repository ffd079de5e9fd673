import { useTestStorageEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { productSchema, type Product } from '../../domain/catalogue.ts';
import { crmFingerprint, type TrackedKind } from '../../domain/collections.ts';
import type { AddEvent } from './collections.store.ts';
import type { Reactions } from './reactions.ts';

useTestStorageEngine();
const s = await import('./collections.store.ts');
const { $crmSynced } = await import('./crm-synced.store.ts');
const { watchCollections } = await import('./reactions.ts');

const p = (id: number): Product => productSchema.parse({ id, name: `Produit ${id}`, list_price: 1000 * id });

/** A stand-in for crm.store.ts that records what it is handed, and counts its loads. */
function fakeReactions() {
  const seen = { loads: 0, started: [] as TrackedKind[][], adds: [] as AddEvent[] };
  const load = vi.fn(async (): Promise<Reactions> => {
    seen.loads++;
    return { reactToAdd: (e) => void seen.adds.push(e), startCollectionReactions: ({ changed }) => void seen.started.push([...changed]) };
  });
  return { seen, load };
}

describe('collection reactions loaded on demand', () => {
  beforeEach(() => {
    for (const k of ['cart', 'wishlist', 'preorder', 'creditOrder'] as const) s.clearCollection(k);
    $crmSynced.set({});
  });

  it('loads nothing while the collections are empty or acknowledged by the CRM', async () => {
    s.addToCart(p(1));
    $crmSynced.set({ cart: crmFingerprint('cart', s.collections.cart.get()) });
    const { seen, load } = fakeReactions();
    const stop = watchCollections(load);
    await Promise.resolve();
    expect(seen.loads).toBe(0);
    stop();
  });

  it('starts at once when a change was left unsent, handing over nothing else', async () => {
    s.addToCart(p(1));
    const { seen, load } = fakeReactions();
    watchCollections(load);
    await vi.waitFor(() => expect(seen.started).toEqual([[]]));
    expect(seen.adds).toEqual([]);
  });

  it('on the first add, loads once and hands over the add and the changed kind; later changes are the reactions’ own', async () => {
    const { seen, load } = fakeReactions();
    watchCollections(load);
    s.addToCart(p(1));
    s.addToWishlist(p(2));
    await vi.waitFor(() => expect(seen.started).toHaveLength(1));
    expect(seen.started[0]).toEqual(['cart']);
    expect(seen.adds.map((e) => [e.kind, e.product.id])).toEqual([
      ['cart', 1],
      ['wishlist', 2],
    ]);
    s.addToCart(p(3));
    expect(seen.adds).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads once when the page is idle, with nothing to hand over, and a later add is the reactions’ own', async () => {
    const { seen, load } = fakeReactions();
    let idle: (() => void) | undefined;
    watchCollections(load, (run) => {
      idle = run;
    });
    expect(seen.loads).toBe(0);
    idle!();
    await vi.waitFor(() => expect(seen.started).toEqual([[]]));
    s.addToCart(p(4));
    expect(seen.adds).toEqual([]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands over a collection emptied before the reactions ran, so its CRM state is settled', async () => {
    s.addToCart(p(1));
    $crmSynced.set({ cart: crmFingerprint('cart', s.collections.cart.get()) });
    const { seen, load } = fakeReactions();
    watchCollections(load);
    s.clearCollection('cart');
    await vi.waitFor(() => expect(seen.started).toEqual([['cart']]));
  });
});
