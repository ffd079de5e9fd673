import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productSchema, type Product } from '../../domain/catalogue.ts';
import { householdCap } from '../../domain/quantity.ts';

// The persistent engine must be in place before the stores are made.
useTestStorageEngine();
setTestStorageKey('wishlist', '{not json');
setTestStorageKey('preorder', JSON.stringify([{ product: { id: 'x' }, quantity: -1 }]));
const s = await import('./collections.store.ts');
const { moveWishlistToCart } = await import('./wishlist-to-cart.ts');
const { $counts } = await import('../frame/frame.store.ts');
const { $guestId, ensureGuestId } = await import('./guest.store.ts');

const p = (id: number, over: Partial<Product> = {}): Product =>
  productSchema.parse({ id, name: `Produit ${id}`, list_price: 1000 * id, ...over });
const ids = (lines: { product: { id: number }; quantity: number }[]) => lines.map((l) => [l.product.id, l.quantity]);

describe('damaged storage', () => {
  it('decodes to empty collections, never a crash', () => {
    expect(getTestStorage().wishlist).toBe('{not json');
    expect(s.$wishlist.get()).toEqual([]);
    expect(s.$preorder.get()).toEqual([]);
  });
});

describe('collections store', () => {
  let unmount: (() => void)[] = [];
  beforeAll(() => {
    // Persistent stores listen to other tabs only while mounted, as in a page with islands.
    unmount = [s.$cart, s.$wishlist, s.$preorder, s.$creditOrder].map((st) => st.listen(() => {}));
    return () => {
      for (const u of unmount) u();
    };
  });

  beforeEach(() => {
    cleanTestStorage();
    for (const k of ['cart', 'wishlist', 'preorder', 'creditOrder'] as const) s.clearCollection(k);
  });

  it.each([
    ['cart', s.addToCart, s.$cart, 2],
    ['preorder', s.addToPreorder, s.$preorder, 2],
    ['creditOrder', s.addToCreditOrder, s.$creditOrder, 2],
    ['wishlist', s.addToWishlist, s.$wishlist, 1],
  ] as const)('%s: adding twice gives quantity %i and is saved under its key', (key, add, store, qty) => {
    expect(add(p(1))).toBe(true);
    expect(add(p(1))).toBe(key !== 'wishlist');
    expect(ids(store.get())).toEqual([[1, qty]]);
    expect(JSON.parse(getTestStorage()[key] ?? '[]')).toHaveLength(1);
  });

  it('changes quantities, removes, clears', () => {
    s.addToCart(p(1));
    s.addToCart(p(2));
    s.setQuantity('cart', 1, 4);
    expect(ids(s.$cart.get())).toEqual([
      [1, 4],
      [2, 1],
    ]);
    s.removeFromCollection('cart', 2);
    expect(ids(s.$cart.get())).toEqual([[1, 4]]);
    s.setQuantity('cart', 1, 0);
    expect(s.$cart.get()).toEqual([]);
    s.addToCart(p(3));
    s.clearCollection('cart');
    expect(s.$cart.get()).toEqual([]);
    expect(getTestStorage().cart).toBe('[]');
  });

  it.each([
    ['one more', 3, [1], 4],
    ['two taps before a redraw both count', 3, [1, 1], 5],
    ['one fewer', 3, [-1], 2],
    ['never below 1 (removing is its own button)', 1, [-1, -1], 1],
    ['up to the household cap', householdCap - 1, [1, 1], householdCap],
  ] as const)('stepper: %s', (_, start, steps, end) => {
    s.addToCart(p(1));
    s.setQuantity('cart', 1, start);
    for (const step of steps) s.stepQuantity('cart', 1, step);
    expect(ids(s.$cart.get())).toEqual([[1, end]]);
  });

  it('stepper: a tap on + at the household cap changes nothing and says so (false)', () => {
    s.addToCart(p(1));
    s.setQuantity('cart', 1, householdCap);
    expect(s.stepQuantity('cart', 1, 1)).toBe(false);
    expect(s.stepQuantity('cart', 1, -1)).toBe(true);
    expect(ids(s.$cart.get())).toEqual([[1, householdCap - 1]]);
  });

  it('an add at the household cap changes nothing and reports why (atCap), for every collection that counts', () => {
    for (const kind of ['cart', 'preorder', 'creditOrder'] as const) {
      const add = { cart: s.addToCart, preorder: s.addToPreorder, creditOrder: s.addToCreditOrder }[kind];
      for (let i = 0; i < householdCap; i++) expect(add(p(1))).toBe(true);
      expect(s.$lastAdd.get()).toMatchObject({ kind, atCap: false });
      expect(add(p(1))).toBe(false);
      expect(ids(s.collections[kind].get())).toEqual([[1, householdCap]]);
      expect(s.$lastAdd.get()).toMatchObject({ kind, product: { id: 1 }, atCap: true });
    }
  });

  it('stepper: a line no longer there is left alone', () => {
    s.addToCart(p(1));
    s.stepQuantity('cart', 2, 1);
    expect(ids(s.$cart.get())).toEqual([[1, 1]]);
  });

  it('moves the wishlist to the cart', () => {
    s.addToCart(p(1));
    s.addToWishlist(p(1));
    s.addToWishlist(p(2));
    moveWishlistToCart();
    expect(ids(s.$cart.get())).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(s.$wishlist.get()).toEqual([]);
  });

  it('moveWishlistToCart leaves an unavailable product in the wishlist and says so in one toast', async () => {
    const { $toasts } = await import('../frame/toast.store.ts');
    $toasts.set([]);
    s.addToWishlist(p(1));
    s.addToWishlist(p(2));
    moveWishlistToCart([2]);
    expect(ids(s.$cart.get())).toEqual([[1, 1]]);
    expect(ids(s.$wishlist.get())).toEqual([[2, 1]]);
    expect($toasts.get().map((t) => [t.kind, t.message])).toEqual([
      ['warning', '1 produit ajouté au panier. Reste dans votre liste : « Produit 2 » (en rupture de stock).'],
    ]);
  });

  it('refreshProducts: stored lines take the catalogue’s prices of now and are saved; products it did not name stay', () => {
    s.addToPreorder(p(1, { preorder_price: 900 }));
    s.addToPreorder(p(2));
    s.stepQuantity('preorder', 1, 1);
    s.refreshProducts('preorder', [p(1, { name: 'Nouveau nom', preorder_price: 700 })]);
    const [first, second] = s.$preorder.get();
    expect(first).toMatchObject({ quantity: 2, product: { id: 1, name: 'Nouveau nom', preorder_price: 700 } });
    expect(second).toMatchObject({ quantity: 1, product: { id: 2, name: 'Produit 2', list_price: 2000 } });
    expect(JSON.parse(getTestStorage().preorder ?? '[]')[0].product.preorder_price).toBe(700);
    const before = s.$preorder.get();
    s.refreshProducts('preorder', [p(1, { name: 'Nouveau nom', preorder_price: 700 })]);
    expect(s.$preorder.get()).toBe(before);
  });

  it('reports adds on $lastAdd, not refused duplicates', () => {
    s.addToWishlist(p(5));
    expect(s.$lastAdd.get()).toMatchObject({ kind: 'wishlist', product: { id: 5 } });
    s.addToCart(p(6));
    s.addToWishlist(p(5));
    expect(s.$lastAdd.get()).toMatchObject({ kind: 'cart', product: { id: 6 } });
  });

  it('header counts follow the stores', () => {
    s.addToCart(p(1));
    s.addToCart(p(1));
    s.addToWishlist(p(2));
    s.addToPreorder(p(3));
    expect($counts.get()).toEqual({ wishlist: 1, cart: 2, preCart: 1, creditCart: 0 });
  });

  it('takes changes from another tab (storage events), and damaged ones as empty', () => {
    const line = { product: p(7), quantity: 3, date: '2026-01-01', location: '' };
    setTestStorageKey('cart', JSON.stringify([line]));
    expect(ids(s.$cart.get())).toEqual([[7, 3]]);
    expect($counts.get().cart).toBe(3);
    setTestStorageKey('cart', '[{"product":null}]');
    expect(s.$cart.get()).toEqual([]);
    setTestStorageKey('cart', undefined);
    expect(s.$cart.get()).toEqual([]);
  });
});

describe('guestId', () => {
  it('is made once and kept; a damaged one is replaced', () => {
    setTestStorageKey('guestId', '<script>');
    const off = $guestId.listen(() => {});
    const id = ensureGuestId();
    expect(id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(ensureGuestId()).toBe(id);
    expect(getTestStorage().guestId).toBe(id);
    off();
  });
});
