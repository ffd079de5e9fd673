import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product, ProductList } from '../../domain/catalogue.ts';
import { defaultFilters, type Filters } from '../../domain/filters.ts';

const filterProducts = vi.fn<(f: Partial<Filters>, scope: string, opts: { signal?: AbortSignal }) => Promise<ProductList>>();
vi.mock('../../lib/catalogue-api.ts', () => ({ filterProducts }));

const { $listing, loadListing, startListing } = await import('./catalogue.store.ts');

const product = (id: number): Product => ({
  id,
  name: `Produit ${id}`,
  description: '',
  categ_id: null,
  image_256: null,
  image: null,
  list_price: 1000,
  en_promo: false,
  promo_price: null,
  preorder_price: null,
  is_creditorder: false,
  creditorder_price: null,
  sale_ok: true,
  rang: 0,
  quantity: 1,
  date: null,
  location: null,
  tags: [],
});

/** A promise the test resolves or rejects when it chooses. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  filterProducts.mockReset();
  startListing({ scope: 'all', filters: { ...defaultFilters }, products: [product(1)], total: 1 });
});

describe('loadListing', () => {
  it('shows the loading state with the old products, then the new page', async () => {
    const answer = deferred<ProductList>();
    filterProducts.mockReturnValueOnce(answer.promise);
    const next = { ...defaultFilters, page: 2 };
    const done = loadListing('promo', next);
    await Promise.resolve();
    expect($listing.get()).toMatchObject({ loading: true, products: [product(1)], filters: next, scope: 'promo' });
    answer.resolve({ products: [product(2)], total: 10 });
    await done;
    expect($listing.get()).toEqual({ scope: 'promo', filters: next, products: [product(2)], total: 10, loading: false, error: null });
    expect(filterProducts).toHaveBeenCalledWith(next, 'promo', expect.objectContaining({ signal: expect.any(AbortSignal) }));
  });

  it('never lets a late answer to an older request replace a newer one', async () => {
    const older = deferred<ProductList>();
    const newer = deferred<ProductList>();
    filterProducts.mockReturnValueOnce(older.promise).mockReturnValueOnce(newer.promise);
    const first = loadListing('all', { ...defaultFilters, category: 1 });
    await Promise.resolve();
    const second = loadListing('all', { ...defaultFilters, category: 2 });
    await vi.waitFor(() => expect(filterProducts).toHaveBeenCalledTimes(2));
    expect(filterProducts.mock.calls[0]![2].signal!.aborted).toBe(true);
    newer.resolve({ products: [product(22)], total: 1 });
    await second;
    older.resolve({ products: [product(11)], total: 1 });
    await first;
    expect($listing.get()).toMatchObject({ products: [product(22)], filters: { category: 2 }, loading: false });
  });

  it('keeps the page and says so in French when the call fails', async () => {
    filterProducts.mockRejectedValueOnce(new Error('réseau'));
    await loadListing('all', { ...defaultFilters, page: 3 });
    expect($listing.get()).toMatchObject({
      loading: false,
      products: [product(1)],
      error: 'Impossible de charger les produits. Vérifiez votre connexion puis réessayez.',
    });
  });
});
