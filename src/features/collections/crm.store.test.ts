import { useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productSchema, type Product } from '../../domain/catalogue.ts';
import type { CrmRecord } from '../../domain/crm.ts';

useTestStorageEngine();
const s = await import('./collections.store.ts');
const { $crmSynced, RetryLater, startCollectionReactions } = await import('./crm.store.ts');
const { $toasts } = await import('../frame/toast.store.ts');
const { $session } = await import('../account/session.store.ts');

const p = (id: number): Product =>
  productSchema.parse({ id, name: `Produit ${id}`, list_price: 1000 * id, preorder_price: 900 * id, creditorder_price: 1200 * id });

describe('collection reactions', () => {
  let sent: CrmRecord[];
  let tracker: ReturnType<typeof startCollectionReactions>;
  beforeEach(() => {
    vi.useFakeTimers();
    for (const k of ['cart', 'wishlist', 'preorder', 'creditOrder'] as const) s.clearCollection(k);
    $toasts.set([]);
    $crmSynced.set({});
    sent = [];
    tracker = startCollectionReactions({ send: async (r) => void sent.push(r), delay: 800 });
    (globalThis as { window?: unknown }).window = globalThis;
    (globalThis as { dataLayer?: unknown[] }).dataLayer = [];
  });
  afterEach(() => {
    tracker.stop();
    vi.useRealTimers();
    delete (globalThis as { window?: unknown }).window;
  });

  it('settles the kinds it is told changed before it started: an emptied cart says "Panier vide"', async () => {
    tracker.stop();
    $crmSynced.set({ cart: '1x1000@1000' });
    tracker = startCollectionReactions({ send: async (r) => void sent.push(r), delay: 800, changed: ['cart'] });
    await vi.advanceTimersByTimeAsync(800);
    expect($toasts.get().map((t) => t.message)).toEqual(['Panier vide']);
    expect($crmSynced.get().cart).toBe('');
    expect(sent).toEqual([]);
  });

  it('coalesces a burst into one record carrying the last state', async () => {
    s.addToCart(p(1));
    s.addToCart(p(1));
    s.addToCart(p(2));
    await vi.advanceTimersByTimeAsync(799);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: 'commande',
      total: 4000,
      produits: [
        { id: 1, quantité: 2, prix: 1000 },
        { id: 2, quantité: 1, prix: 2000 },
      ],
    });
    expect(sent[0]?.guest_id).toMatch(/^[A-Za-z0-9-]{8,}$/);
  });

  it.each([
    ['preorder', 'precommande', 900, s.addToPreorder],
    ['creditOrder', 'acredit', 1200, s.addToCreditOrder],
  ] as const)('%s sends type %s with its own price', async (_k, type, total, add) => {
    add(p(1));
    await vi.advanceTimersByTimeAsync(800);
    expect(sent.map((r) => [r.type, r.total])).toEqual([[type, total]]);
  });

  it('never sends the wishlist', async () => {
    s.addToWishlist(p(1));
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(0);
  });

  it("an emptied cart warns 'Panier vide' and sends nothing", async () => {
    s.addToCart(p(1));
    await vi.advanceTimersByTimeAsync(800);
    s.clearCollection('cart');
    await vi.advanceTimersByTimeAsync(800);
    expect(sent).toHaveLength(1);
    expect($toasts.get().map((t) => [t.message, t.kind])).toContainEqual(['Panier vide', 'warning']);
  });

  it("toasts 'Produit ajouté' for 2 s on cart, wishlist and credit adds, not on a refused duplicate; a pre-order says so", () => {
    s.addToCart(p(1));
    s.addToWishlist(p(1));
    s.addToWishlist(p(1));
    s.addToCreditOrder(p(1));
    s.addToPreorder(p(1));
    expect(
      $toasts
        .get()
        .filter((t) => t.message === 'Produit ajouté')
        .map((t) => t.duration),
    ).toEqual([2000, 2000, 2000]);
    expect($toasts.get().filter((t) => t.message === 'Produit ajouté aux pré-commandes')).toMatchObject([
      { kind: 'success', duration: 2000 },
    ]);
  });

  it('pushes a GA4 add_to_cart', () => {
    s.addToCart(p(3));
    const layer = (globalThis as { dataLayer?: unknown[] }).dataLayer;
    expect(layer?.at(-1)).toEqual({
      event: 'add_to_cart',
      collection: 'cart',
      ecommerce: {
        currency: 'XOF',
        value: 3000,
        items: [{ item_id: '3', item_name: 'Produit 3', item_category: undefined, price: 3000, quantity: 1 }],
      },
    });
  });

  it('uses the session contact when logged in', async () => {
    $session.set({
      user_info: { id: 1, name: 'Awa Diop', partner_phone: '221771234567', email: 'awa@x.sn', adhesion: null, parent_id: null },
      company: null,
      parent: null,
      user_context: { lang: 'fr', tz: 'Africa/Dakar', uid: 1 },
      is_verified: true,
    });
    s.addToCart(p(1));
    tracker.flushAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent[0]).toMatchObject({ name: 'Awa Diop', phone: '221771234567', email: 'awa@x.sn' });
    $session.set(null);
  });

  it('sends the last state again after a 429', async () => {
    tracker.stop();
    let calls = 0;
    tracker = startCollectionReactions({
      delay: 800,
      send: async (r) => {
        calls += 1;
        if (calls === 1) throw new RetryLater(5);
        sent.push(r);
      },
    });
    s.addToCart(p(1));
    await vi.advanceTimersByTimeAsync(800);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent.map((r) => r.total)).toEqual([1000]);
  });

  it('at start, sends what changed before it ran, once', async () => {
    tracker.stop();
    s.addToCart(p(4));
    s.addToPreorder(p(4));
    tracker = startCollectionReactions({ send: async (r) => void sent.push(r), delay: 800 });
    await vi.advanceTimersByTimeAsync(800);
    expect(sent.map((r) => r.type).sort()).toEqual(['commande', 'precommande']);
    tracker.stop();
    tracker = startCollectionReactions({ send: async (r) => void sent.push(r), delay: 800 });
    await vi.advanceTimersByTimeAsync(800);
    expect(sent).toHaveLength(2);
  });

  it('does not send a state the server already has', async () => {
    s.addToCart(p(1));
    await vi.advanceTimersByTimeAsync(800);
    s.addToCart(p(1));
    s.setQuantity('cart', 1, 1);
    await vi.advanceTimersByTimeAsync(800);
    expect(sent).toHaveLength(1);
  });
});
