import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../domain/catalogue.ts';
import { matchesFilters, type FilterQuery, type Scope } from '../../domain/filters.ts';
import { searchFold } from '../../domain/search-fold.ts';
import { searchAlternatives } from '../../domain/search-words.ts';
import { sortProducts } from '../../domain/sorting.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import type { Database } from './client.ts';
import { countQuery } from './listing-total.ts';
import { allProducts, listingWhere, listProducts, pageQuery } from './products.ts';
import { seedLarge } from './seed-large.ts';

// Large enough that the planner weighs a full scan against the indexes as it would in the shop (plans, never timings).
const SIZE = 20_000;
const defaults = { category: 'All', search: '', page: 1, limit: 9, productType: 'All', tag: 'All' } as const;

describe.each(testDatabases())('listing query plans at %s products on $name'.replace('%s', String(SIZE)), (kind) => {
  let database: Database;
  let all: Product[];
  const categoryId = (name: string) => all.find((p) => p.categ_id === name)!.category_id!;
  const tagId = (name: string) => all.flatMap((p) => p.tags).find((t) => t.name === name)!.id;

  beforeAll(async () => {
    database = await kind.open();
    await seedLarge(database.db, SIZE, { images: false, now: new Date('2026-11-21T10:00:00Z') });
    all = await allProducts(database.db, listingWhere('all', {}));
  }, 600_000);
  afterAll(() => database?.close());

  const explain = async (query: { getSQL: () => SQL }) => {
    const res = await database.db.execute(sql`explain ${query.getSQL()}`);
    const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Array<Record<string, string>>;
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  };
  // The plan without its subplans: each row's tags are read by a small subplan that sorts them by name.
  const outer = (plan: string) => {
    const kept: string[] = [];
    let skipping = -1;
    for (const line of plan.split('\n')) {
      const indent = line.search(/\S/);
      if (skipping >= 0 && indent > skipping) continue;
      skipping = /^\s*SubPlan\b/.test(line) ? indent : -1;
      if (skipping < 0) kept.push(line);
    }
    return kept.join('\n');
  };

  type Case = [string, Scope, () => Partial<FilterQuery>, (p: Product) => boolean, { sorted: boolean }];
  const cases: Case[] = [
    ['no filter', 'all', () => ({}), () => true, { sorted: false }],
    ['the storefront defaults (min 1000, max 5 000 000)', 'all', () => ({ min: 1000, max: 5_000_000 }), () => true, { sorted: false }],
    ['the promo route', 'promo', () => ({}), (p) => p.en_promo, { sorted: false }],
    ['a category', 'all', () => ({ category: categoryId('TELEVISION') }), (p) => p.categ_id === 'TELEVISION', { sorted: false }],
    [
      'a category on promotion',
      'all',
      () => ({ category: categoryId('CONGELATEUR'), productType: 'promo' }),
      (p) => p.categ_id === 'CONGELATEUR' && p.en_promo,
      { sorted: false },
    ],
    ['productType credit', 'all', () => ({ productType: 'credit' }), (p) => p.is_creditorder, { sorted: false }],
    [
      'a price range',
      'all',
      () => ({ min: 50_000, max: 500_000 }),
      (p) => {
        const v = p.en_promo && p.promo_price !== null ? p.promo_price : p.list_price;
        return v >= 50_000 && v <= 500_000;
      },
      { sorted: false },
    ],
    ['a tag', 'all', () => ({ tag: tagId('Meilleure vente') }), (p) => p.tags.some((t) => t.name === 'Meilleure vente'), { sorted: false }],
    ['the Ramadan route', 'ramadan', () => ({}), (p) => p.tags.some((t) => t.name === 'Ramadan'), { sorted: false }],
    ['a search', 'all', () => ({ search: 'webos' }), (p) => /webos/i.test(`${p.name}\n${p.description}`), { sorted: true }],
    [
      'a search without accents',
      'all',
      () => ({ search: 'refrigerateur' }),
      (p) => searchFold(`${p.name} ${p.description}`).includes('refrigerateur'),
      { sorted: true },
    ],
    [
      'a search with a price range',
      'all',
      () => ({ search: 'webOS', min: 50_000, max: 500_000 }),
      (p) =>
        /webos/i.test(`${p.name}\n${p.description}`) && (p.en_promo && p.promo_price !== null ? p.promo_price : p.list_price) >= 50_000,
      { sorted: true },
    ],
  ];

  it.each(cases)(
    '%s: page and total read through indexes, never a sequential scan of products',
    async (_label, scope, filters, _keep, { sorted }) => {
      const where = listingWhere(scope, { ...defaults, ...filters() });
      const page = outer(await explain(pageQuery(database.db, where, 1, 9)));
      const count = await explain(countQuery(database.db, where));
      expect(page).not.toMatch(/Seq Scan on products/);
      expect(count).not.toMatch(/Seq Scan on products/);
      // Without a search, the §9 order comes straight from products_listing_idx (or its per-category twin): nothing to sort.
      if (!sorted) expect(page).not.toMatch(/Sort/);
      if (!sorted) expect(page).toMatch(/products_(category_)?listing_idx/);
      if (sorted) expect(`${page}\n${count}`).toMatch(/products_search_trgm_idx/);
    },
  );

  it('a search read with its synonyms (frigo, réfrigérateur) is OR-ed LIKEs on the trigram index, never a sequential scan', async () => {
    const readings = searchAlternatives('frigo', [{ word: 'frigo', meaning: 'réfrigérateur' }]);
    const where = listingWhere('all', { ...defaults, search: 'frigo' }, readings);
    const page = outer(await explain(pageQuery(database.db, where, 1, 9)));
    const count = await explain(countQuery(database.db, where));
    for (const plan of [page, count]) expect(plan).not.toMatch(/Seq Scan on products/);
    expect(`${page}\n${count}`).toMatch(/products_search_trgm_idx/);
    const got = await listProducts(database.db, where, 1, 9);
    const want = all.filter((p) => readings.some((r) => searchFold(`${p.name} ${p.description}`).includes(r)));
    expect(got.total).toBe(want.length);
    expect(want.length).toBeGreaterThan(0);
  });

  it.each(cases)('%s: the same products, order and total as the pure rules give', async (_label, scope, filters, keep) => {
    const f = { ...defaults, ...filters() };
    const want = sortProducts(all.filter((p) => keep(p) && matchesFilters(p, { ...f, min: f.min, max: f.max })));
    const got = await listProducts(database.db, listingWhere(scope, f), 2, 50);
    expect(got.total).toBe(want.length);
    expect(got.products.map((p) => p.id)).toEqual(want.slice(50, 100).map((p) => p.id));
    expect(want.length).toBeGreaterThan(0);
  });
});
