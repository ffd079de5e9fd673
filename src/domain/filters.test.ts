import { describe, expect, it } from 'vitest';
import type { Product } from './catalogue.ts';
import { defaultFilters, filterQuerySchema, matchesFilters, pageOfList, resetFilters } from './filters.ts';

const product = (over: Partial<Product>): Product => ({
  id: 1,
  name: 'Réfrigérateur Nasco',
  description: 'Deux portes, classe A+',
  categ_id: 'REFRIGERATEUR',
  category_id: 3,
  image_256: null,
  image: null,
  list_price: 275000,
  en_promo: false,
  promo_price: null,
  preorder_price: null,
  is_creditorder: false,
  creditorder_price: null,
  sale_ok: true,
  rang: 1,
  quantity: 3,
  date: null,
  location: null,
  tags: [],
  ...over,
});
const all = { category: 'All', search: '', min: undefined, max: undefined, productType: 'All', tag: 'All' } as const;

describe('defaults of §5', () => {
  it('reads min 1000, max 5 000 000, page 1, limit 9; reset uses min 5000', () => {
    expect(defaultFilters).toEqual({
      category: 'All',
      search: '',
      min: 1000,
      max: 5_000_000,
      page: 1,
      limit: 9,
      productType: 'All',
      tag: 'All',
    });
    expect(resetFilters).toEqual({ ...defaultFilters, min: 5000 });
  });
  it('fills the query defaults', () => {
    expect(filterQuerySchema.parse({})).toEqual({ category: 'All', search: '', page: 1, limit: 9, productType: 'All', tag: 'All' });
    expect(filterQuerySchema.parse({ category: '4', tag: '2', page: '3', limit: '100', min: '5000' })).toMatchObject({
      category: 4,
      tag: 2,
      page: 3,
      limit: 100,
      min: 5000,
    });
  });
  it.each([{ page: '0' }, { limit: '101' }, { productType: 'x' }, { category: 'abc' }, { min: '1.5' }])('refuses %o', (q) => {
    expect(filterQuerySchema.safeParse(q).success).toBe(false);
  });
});

describe('matchesFilters', () => {
  it.each<[string, Partial<Product>, Partial<typeof all> | Record<string, unknown>, boolean]>([
    ['everything passes with no filter', {}, {}, true],
    ['not for sale never passes', { sale_ok: false }, {}, false],
    ['category by id', {}, { category: 3 }, true],
    ['other category', {}, { category: 4 }, false],
    ['search on name, any case', {}, { search: 'NASCO' }, true],
    ['search on description', {}, { search: 'classe a+' }, true],
    ['search miss', {}, { search: 'télé' }, false],
    ['min on list price', {}, { min: 275000 }, true],
    ['min above list price', {}, { min: 275001 }, false],
    ['max uses the promo price', { en_promo: true, promo_price: 199000 }, { max: 200000 }, true],
    ['max ignores promo price when not in promo', { promo_price: 199000 }, { max: 200000 }, false],
    ['productType promo', { en_promo: true, promo_price: 1 }, { productType: 'promo' }, true],
    ['productType promo miss', {}, { productType: 'promo' }, false],
    ['productType credit', { is_creditorder: true }, { productType: 'credit' }, true],
    ['tag', { tags: [{ id: 7, name: 'Tabaski' }] }, { tag: 7 }, true],
    ['tag miss', { tags: [{ id: 7, name: 'Tabaski' }] }, { tag: 8 }, false],
  ])('%s', (_label, over, f, want) => {
    expect(matchesFilters(product(over), { ...all, ...f } as Parameters<typeof matchesFilters>[1])).toBe(want);
  });
});

describe('pageOfList (the /pre-commandes listing of §2 over GET /api/produits-precommande)', () => {
  const list = Array.from({ length: 12 }, (_, i) =>
    product({
      id: i + 1,
      name: `Produit ${i + 1}`,
      en_promo: i % 3 === 0,
      promo_price: i % 3 === 0 ? 1000 : null,
      list_price: 10_000 * (i + 1),
    }),
  );
  const ids = (r: { products: Product[] }) => r.products.map((p) => p.id);
  it.each<[string, Partial<typeof defaultFilters>, number[], number]>([
    ['first page of 9, in the answer’s order', {}, [1, 2, 3, 4, 5, 6, 7, 8, 9], 12],
    ['second page', { page: 2 }, [10, 11, 12], 12],
    ['a page past the end is empty but keeps the total', { page: 3 }, [], 12],
    ['promo only', { productType: 'promo' }, [1, 4, 7, 10], 4],
    ['price range on the shopper price (a promo at 1 000 falls out)', { min: 20_000, max: 50_000 }, [2, 3, 5], 3],
    ['search', { search: 'produit 1' }, [1, 10, 11, 12], 4],
  ])('%s', (_label, f, want, total) => {
    const got = pageOfList(list, { ...defaultFilters, ...f });
    expect(ids(got)).toEqual(want);
    expect(got.total).toBe(total);
  });
});

describe('productSchema reads other back ends too', () => {
  it('turns Odoo false and [id, name] into null and the name', async () => {
    const { productSchema } = await import('./catalogue.ts');
    const p = productSchema.parse({
      id: 3,
      name: 'TV',
      description: false,
      categ_id: [4, 'TELEVISION'],
      image_256: false,
      list_price: 1000,
    });
    expect(p).toMatchObject({ description: null, categ_id: 'TELEVISION', image_256: null, image: null, en_promo: false, tags: [] });
  });
});
