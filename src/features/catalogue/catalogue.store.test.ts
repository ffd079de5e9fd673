import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { appNetwork } from '../../../tests/fixtures/app-network.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { productListSchema, type Product } from '../../domain/catalogue.ts';
import { defaultFilters } from '../../domain/filters.ts';
import * as z from '../../domain/zod.ts';
import { $listing, loadListing, startListing } from './catalogue.store.ts';

const [pglite] = testDatabases();

describe('listing store against the real API', () => {
  let t: TestApi;
  let first: Product;
  // The answer for a held category waits until the test releases it: a slow network.
  const net = appNetwork(() => t.app, { keyOf: (url) => url.searchParams.get('category') ?? '' });
  const { client, logged } = net;
  const hold = (category: number) => net.hold(String(category));
  const asked = () => net.sent.map((s) => s.url);
  const via = { client };
  const names = () => $listing.get()!.products.map((p) => p.name);

  beforeAll(async () => {
    t = await setupApi(pglite!);
    const page = z.parse(productListSchema, (await t.json('/api/produits-filtrer?limit=1')).body);
    first = page.products[0]!;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    net.reset();
    startListing({ scope: 'all', filters: { ...defaultFilters }, products: [first], total: 1 });
  });

  it('shows the loading state with the products on screen, then the new page', async () => {
    const category = t.ids.category.VENTILATEUR!;
    const release = hold(category);
    const next = { ...defaultFilters, category };
    const done = loadListing('all', next, via);
    expect($listing.get()).toMatchObject({ scope: 'all', filters: next, products: [first], total: 1, loading: true, error: null });
    release();
    await done;
    expect($listing.get()).toMatchObject({ scope: 'all', filters: next, total: 2, loading: false, error: null });
    expect(names().toSorted()).toEqual(['Ventilateur de table Sharp', 'Ventilateur sur pied Binatone']);
    expect(asked().map((u) => u.pathname)).toEqual(['/api/produits-filtrer']);
    expect(asked()[0]!.searchParams.get('category')).toBe(String(category));
  });

  it.each([
    ['promo', '/api/produits-filtrer-promo'],
    ['ramadan', '/api/produits-filtrer-ramadan'],
    ['tabaski', '/api/produits-filtrer-tabaski'],
  ] as const)('reads the %s listing from %s', async (scope, path) => {
    await loadListing(scope, { ...defaultFilters }, via);
    expect(asked().map((u) => u.pathname)).toEqual([path]);
    const answer = z.parse(productListSchema, (await t.json(path)).body);
    expect($listing.get()).toMatchObject({ scope, products: answer.products, total: answer.total, loading: false, error: null });
  });

  it('never lets a late answer to an older request replace a newer one', async () => {
    const releaseOlder = hold(t.ids.category.CONGELATEUR!);
    const older = loadListing('all', { ...defaultFilters, category: t.ids.category.CONGELATEUR! }, via);
    const newer = { ...defaultFilters, category: t.ids.category.VENTILATEUR! };
    await loadListing('all', newer, via);
    releaseOlder();
    await older;
    expect($listing.get()).toMatchObject({ filters: newer, total: 2, loading: false, error: null });
    expect(names().every((name) => name.startsWith('Ventilateur'))).toBe(true);
  });

  it('keeps the page and says so in French when the network fails', async () => {
    net.offline(true);
    await loadListing('all', { ...defaultFilters, page: 3 }, via);
    expect($listing.get()).toMatchObject({
      loading: false,
      products: [first],
      error: 'Impossible de charger les produits. Vérifiez votre connexion puis réessayez.',
    });
    expect(logged).toEqual(['Erreur lors de la récupération des produits']);
  });
});
