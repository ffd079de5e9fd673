import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../domain/catalogue.ts';

type CompareModule = typeof import('./compare.store.ts');

/** Loads a fresh compare.store over test storage, as a page load would. */
async function loadWith(stored?: string, extra: Record<string, string> = {}): Promise<CompareModule> {
  cleanTestStorage();
  if (stored !== undefined) setTestStorageKey('compare', stored);
  for (const [key, value] of Object.entries(extra)) setTestStorageKey(key, value);
  vi.resetModules();
  return import('./compare.store.ts');
}

const product = (id: number, over: Partial<Product> = {}): Product => ({
  id,
  name: `Produit ${id}`,
  description: 'Un produit',
  categ_id: 'TELEVISION',
  category_id: 2,
  image_256: '/api/images/x/256.webp',
  image: null,
  list_price: 100000,
  en_promo: true,
  promo_price: 90000,
  preorder_price: null,
  is_creditorder: false,
  creditorder_price: null,
  sale_ok: true,
  rang: 1,
  quantity: 3,
  date: null,
  location: null,
  tags: [{ id: 1, name: 'Ramadan' }],
  ...over,
});

beforeEach(() => useTestStorageEngine());

describe('compare.store', () => {
  it('adds up to 4 products, refuses a fifth and a duplicate, and keeps them in storage', async () => {
    const { $compare, addToCompare } = await loadWith();
    expect([1, 2, 3, 4].map((id) => addToCompare(product(id)))).toEqual(['added', 'added', 'added', 'added']);
    expect(addToCompare(product(2))).toBe('present');
    expect(addToCompare(product(5))).toBe('full');
    expect($compare.get().map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(getTestStorage().compareCount).toBe('4');
    const reloaded = await loadWith(getTestStorage().compare);
    expect(reloaded.$compare.get()).toEqual([1, 2, 3, 4].map((id) => product(id)));
  });

  it('removes one product, then empties', async () => {
    const { $compare, addToCompare, removeFromCompare, clearCompare } = await loadWith();
    addToCompare(product(1));
    addToCompare(product(2));
    removeFromCompare(1);
    expect($compare.get().map((p) => p.id)).toEqual([2]);
    clearCompare();
    expect($compare.get()).toEqual([]);
  });

  it('takes the server’s products of now, drops those it named but no longer sells, and keeps those it was not asked about', async () => {
    const { $compare, addToCompare, refreshCompared } = await loadWith();
    for (const id of [1, 2, 3]) addToCompare(product(id));
    refreshCompared([1, 2], [product(1, { list_price: 120000, image: `data:image/png;base64,${'A'.repeat(5000)}` })]);
    expect($compare.get()).toEqual([product(1, { list_price: 120000 }), product(3)]);
    expect(getTestStorage().compareCount).toBe('2');
  });

  it('does not keep a large inline image', async () => {
    const { $compare, addToCompare } = await loadWith();
    addToCompare(product(1, { image: `data:image/png;base64,${'A'.repeat(5000)}` }));
    expect($compare.get()[0]!.image).toBeNull();
  });

  it.each([
    ['JSON garbage', '[{"id":'],
    ['not a list', '{"id":1}'],
    ['a product without a price', JSON.stringify([{ id: 1, name: 'x' }])],
    ['five products', JSON.stringify([1, 2, 3, 4, 5].map((id) => product(id)))],
    ['a negative price', JSON.stringify([product(1, { list_price: -1 })])],
  ])('reads damaged storage (%s) as an empty comparison, and sets the count back to 0', async (_label, stored) => {
    const { $compare } = await loadWith(stored, { compareCount: '3' });
    expect($compare.get()).toEqual([]);
    expect(getTestStorage().compareCount).toBe('0');
  });
});
