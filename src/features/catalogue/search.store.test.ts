import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product, ProductList } from '../../domain/catalogue.ts';

const filterProducts = vi.fn<(f: object, scope: string, opts: { signal?: AbortSignal }) => Promise<ProductList>>();
const postSearchTerm = vi.fn<(terme: string, source: string, guestId?: string) => Promise<void>>();
const postSearchMiss = vi.fn<(terme: string, guestId?: string) => Promise<void>>();
vi.mock('../../lib/catalogue-api.ts', () => ({ filterProducts }));
vi.mock('../../lib/search-terms-api.ts', () => ({ postSearchTerm, postSearchMiss }));
vi.mock('../collections/guest.store.ts', () => ({ ensureGuestId: () => 'guest-1234' }));

const { $suggestions, clearSuggestions, reportSearchTerm, suggest } = await import('./search.store.ts');

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

beforeEach(() => {
  filterProducts.mockReset();
  postSearchTerm.mockReset();
  postSearchMiss.mockReset();
  clearSuggestions();
});

describe('suggest', () => {
  it.each(['', ' ', 'a', ' b '])('asks nothing below 2 characters (%j)', async (term) => {
    await suggest(term);
    expect(filterProducts).not.toHaveBeenCalled();
    expect($suggestions.get()).toEqual({ term: '', status: 'idle', products: [] });
  });

  it('asks for 5 products matching the trimmed term and keeps at most 5', async () => {
    filterProducts.mockResolvedValueOnce({ products: [1, 2, 3, 4, 5, 6].map(product), total: 6 });
    await suggest('  frigo ');
    expect(filterProducts).toHaveBeenCalledWith({ search: 'frigo', limit: 5 }, 'all', expect.anything());
    expect($suggestions.get()).toEqual({ term: 'frigo', status: 'done', products: [1, 2, 3, 4, 5].map(product) });
  });

  it('drops a late answer to an older term', async () => {
    let answerOld!: (v: ProductList) => void;
    filterProducts
      .mockReturnValueOnce(
        new Promise((ok) => {
          answerOld = ok;
        }),
      )
      .mockResolvedValueOnce({ products: [product(2)], total: 1 });
    const old = suggest('fr');
    await vi.waitFor(() => expect(filterProducts).toHaveBeenCalledTimes(1));
    await suggest('frigo');
    answerOld({ products: [product(1)], total: 1 });
    await old;
    expect($suggestions.get()).toEqual({ term: 'frigo', status: 'done', products: [product(2)] });
  });

  it('an answer arriving after the list was cleared is dropped', async () => {
    let answer!: (v: ProductList) => void;
    filterProducts.mockReturnValueOnce(
      new Promise((ok) => {
        answer = ok;
      }),
    );
    const pending = suggest('tv');
    await vi.waitFor(() => expect(filterProducts).toHaveBeenCalledTimes(1));
    clearSuggestions();
    answer({ products: [product(1)], total: 1 });
    await pending;
    expect($suggestions.get().status).toBe('idle');
  });

  it('reports a failure as an error state with no products', async () => {
    filterProducts.mockRejectedValueOnce(new Error('hors ligne'));
    await suggest('tv');
    expect($suggestions.get()).toEqual({ term: 'tv', status: 'error', products: [] });
  });
});

describe('suggestions that find nothing', () => {
  it('are reported once per word, and words that find products never', async () => {
    filterProducts.mockResolvedValue({ products: [], total: 0 });
    postSearchMiss.mockResolvedValue();
    await suggest('Plancha ');
    await vi.waitFor(() => expect(postSearchMiss).toHaveBeenCalledWith('Plancha', 'guest-1234'));
    await suggest('plancha');
    filterProducts.mockResolvedValue({ products: [product(1)], total: 1 });
    await suggest('frigo');
    await new Promise((done) => setTimeout(done, 0));
    expect(postSearchMiss).toHaveBeenCalledTimes(1);
  });
});

describe('reportSearchTerm', () => {
  it('posts the trimmed term, its source and the guest id', async () => {
    postSearchTerm.mockResolvedValueOnce();
    await reportSearchTerm('  télé ', 'en-promo');
    expect(postSearchTerm).toHaveBeenCalledWith('télé', 'en-promo', 'guest-1234');
  });

  it('sends nothing for a blank term and never throws', async () => {
    await reportSearchTerm('   ', 'boutique');
    expect(postSearchTerm).not.toHaveBeenCalled();
    postSearchTerm.mockRejectedValueOnce(new Error('429'));
    await expect(reportSearchTerm('tv', 'boutique')).resolves.toBeUndefined();
  });
});
