import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, type Product } from '../../domain/catalogue.ts';
import { categoryBucket, sortProducts } from '../../domain/sorting.ts';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { catalogueChanges, catalogueVersion, categories, products } from '../db/schema.ts';

// The §9 rank is stored on products and the listing's total is remembered per catalogue version: every write that
// changes either must show at once, as if both were worked out afresh.
describe.each(testDatabases())('listing upkeep on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  const created: Record<string, number> = {};

  beforeAll(async () => {
    t = await setupApi(kind);
    admin = (await t.login('admin')).access_token;
  });
  afterAll(() => t.close());

  const write = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
    const res = await t.json(path, { method, body, token: admin });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body;
  };
  const ranks = () =>
    t.database.db
      .select({ id: products.id, rank: products.categoryRank, category: categories.name })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId));
  const rankOf = async (id: number) => (await ranks()).find((r) => r.id === id)!.rank;

  const rankSteps: Array<[string, () => Promise<number>, number]> = [
    [
      'a product created under TELEVISION',
      async () =>
        (created.p = (
          await write('POST', '/api/produits', { name: 'Téléviseur test', list_price: 90000, categ_id: t.ids.category.TELEVISION })
        ).id),
      1,
    ],
    [
      'moved to CLIMATISEUR',
      async () => (await write('PUT', `/api/produits/${created.p}`, { categ_id: t.ids.category.CLIMATISEUR })).id,
      4,
    ],
    ['filed under no category', async () => (await write('PUT', `/api/produits/${created.p}`, { categ_id: null })).id, 4],
    [
      'filed under CONGELATEUR again',
      async () => (await write('PUT', `/api/produits/${created.p}`, { categ_id: t.ids.category.CONGELATEUR })).id,
      0,
    ],
    [
      'an edit that leaves the category alone',
      async () => (await write('PUT', `/api/produits/${created.p}`, { rang: 99, name: 'Congélateur test' })).id,
      0,
    ],
    [
      'CUISINIERE renamed CUISINES: its product leaves the priority group',
      async () => {
        await write('PUT', `/api/categories/${t.ids.category.CUISINIERE}`, { name: 'CUISINES' });
        return t.ids.product.cuisiniere!;
      },
      4,
    ],
    [
      'CLIMATISEUR renamed "cuisiniere" (any case): its product joins it',
      async () => {
        await write('PUT', `/api/categories/${t.ids.category.CLIMATISEUR}`, { name: 'cuisiniere' });
        return t.ids.product.clim!;
      },
      3,
    ],
    [
      'a product created in the renamed category',
      async () =>
        (created.q = (
          await write('POST', '/api/produits', { name: 'Cuisinière test', list_price: 70000, categ_id: t.ids.category.CLIMATISEUR })
        ).id),
      3,
    ],
    [
      'a CSV import filing a product under TELEVISION',
      async () => {
        const res = await t.json('/api/admin/produits/import', {
          method: 'POST',
          body: 'nom;prix;catégorie\nTéléviseur importé;80000;TELEVISION\n',
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
          token: admin,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return (await ranks()).find((r) => r.category === 'TELEVISION' && r.id > created.q!)!.id;
      },
      1,
    ],
  ];
  it.each(rankSteps)('rank after %s', async (_step, act, want) => {
    const id = await act();
    expect(await rankOf(id)).toBe(want);
    // Every product's stored rank is its category's, and the listing is in the order the pure rule gives.
    for (const r of await ranks()) expect([r.id, r.rank]).toEqual([r.id, categoryBucket(r.category)]);
    const all: Product[] = (await t.json('/api/produits')).body;
    expect(all.map((p) => p.id)).toEqual(sortProducts(all).map((p) => p.id));
    const page = productListSchema.parse((await t.json('/api/produits-filtrer?limit=100')).body);
    expect(page.products.map((p) => p.id)).toEqual(all.map((p) => p.id));
  });

  const hasTag = (name: string) => (p: Product) => p.tags.some((x) => x.name.toLowerCase() === name);
  const totalSteps: Array<[string, string, (p: Product) => boolean, () => Promise<unknown>]> = [
    [
      'a product withdrawn from sale',
      '/api/produits-filtrer',
      () => true,
      () => write('PUT', `/api/produits/${t.ids.product.tvLg}`, { sale_ok: false }),
    ],
    [
      'a product put on promotion',
      '/api/produits-filtrer-promo',
      (p) => p.en_promo,
      () => write('PUT', `/api/produits/${t.ids.product.frigo}`, { en_promo: true, promo_price: 250000 }),
    ],
    [
      'a tag added to a product',
      '/api/produits-filtrer-ramadan',
      hasTag('ramadan'),
      () => write('PUT', `/api/produits/${t.ids.product.mixeur}`, { tags: [t.ids.tag.Ramadan] }),
    ],
    [
      'a tag renamed',
      '/api/produits-filtrer-tabaski',
      hasTag('tabaski'),
      () => write('PUT', `/api/tags/${t.ids.tag.Tabaski}`, { name: 'Tabaski 2026' }),
    ],
    [
      'a name that now matches the search',
      '/api/produits-filtrer?search=zzqx',
      (p) => p.name.includes('zzqx'),
      () => write('PUT', `/api/produits/${t.ids.product.fer}`, { name: 'Fer zzqx' }),
    ],
    [
      'a price raised over the minimum',
      '/api/produits-filtrer?min=20000',
      (p) => (p.en_promo && p.promo_price !== null ? p.promo_price : p.list_price) >= 20000,
      () => write('PUT', `/api/produits/${t.ids.product.ventiPied}`, { list_price: 21000 }),
    ],
    [
      'a product moved to another category',
      `/api/produits-filtrer?category=CAT`,
      (p) => p.category_id === t.ids.category.VENTILATEUR,
      () => write('PUT', `/api/produits/${t.ids.product.ventiTable}`, { categ_id: t.ids.category.MIXEUR }),
    ],
    [
      'a product deleted',
      '/api/produits-filtrer?productType=credit',
      (p) => p.is_creditorder,
      () => write('DELETE', `/api/produits/${t.ids.product.congeVertical}`),
    ],
  ];
  it.each(totalSteps)('the total follows %s at once', async (_step, rawPath, keep, act) => {
    const path = rawPath.replace('CAT', String(t.ids.category.VENTILATEUR));
    const total = async () => productListSchema.parse((await t.json(path)).body).total;
    const truth = async () => ((await t.json('/api/produits')).body as Product[]).filter(keep).length;
    // Asked twice so the total is remembered before the write.
    expect(await total()).toBe(await truth());
    const before = await total();
    await act();
    const after = await truth();
    expect(after).not.toBe(before);
    expect(await total()).toBe(after);
  });

  it('a stock change (an order) leaves the remembered total as it is and exact', async () => {
    const before = productListSchema.parse((await t.json('/api/produits-filtrer')).body).total;
    await write('PUT', `/api/produits/${t.ids.product.clim}`, { quantity: 42 });
    expect(productListSchema.parse((await t.json('/api/produits-filtrer')).body).total).toBe(before);
    expect(((await t.json('/api/produits')).body as Product[]).length).toBe(before);
  });

  it('every column of a product moves the answer version, but its stock (and when it was written), which moves only a stock row', async () => {
    // A column added later must join the trigger's list (migration 0018), or a listing would keep showing its old value.
    const unwatched = async (trigger: string) =>
      (
        (await t.database.db.execute(sql`select a.attname as name from pg_attribute a
          where a.attrelid = 'products'::regclass and a.attnum > 0 and not a.attisdropped
            and a.attnum <> all (select unnest(tg.tgattr::int2[]) from pg_trigger tg where tg.tgname = ${trigger} and tg.tgrelid = 'products'::regclass)
          order by a.attname`)) as unknown as { rows: Array<{ name: string }> }
      ).rows.map((r) => r.name);
    expect(await unwatched('products_listing_answer')).toEqual(['quantity', 'search_text', 'updated_at']);
    expect(await unwatched('products_stock')).not.toContain('quantity');
  });

  it('a transaction moves row 2 once when it changes stock and more, in either order, a stock row alone when it changes only stock', async () => {
    const db = t.database.db;
    const id = t.ids.product.clim!;
    const versions = async () => {
      const rows = await db.select().from(catalogueVersion);
      const stock = rows.filter((r) => r.id >= 1000).reduce((sum, r) => sum + Number(r.version), 0);
      const pending = await db.select().from(catalogueChanges);
      return { answer: Number(rows.find((r) => r.id === 2)!.version), stock, pending: pending.length };
    };
    const stock = (tx: Pick<typeof db, 'update'>) =>
      tx
        .update(products)
        .set({ quantity: sql`${products.quantity} + 1`, updatedAt: new Date() })
        .where(eq(products.id, id));
    const rang = (tx: Pick<typeof db, 'update'>, r: number) => tx.update(products).set({ rang: r }).where(eq(products.id, id));
    let before = await versions();
    await db.transaction(async (tx) => {
      await stock(tx);
      await stock(tx);
    });
    let after = await versions();
    expect(after).toEqual({ answer: before.answer, stock: before.stock + 1, pending: 0 });
    for (const both of [
      async (tx: Pick<typeof db, 'update'>) => {
        await stock(tx);
        await rang(tx, 3);
      },
      async (tx: Pick<typeof db, 'update'>) => {
        await rang(tx, 4);
        await stock(tx);
      },
    ]) {
      before = after;
      await db.transaction(both);
      after = await versions();
      expect(after).toEqual({ answer: before.answer + 1, stock: before.stock, pending: 0 });
    }
  });
});
