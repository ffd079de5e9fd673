import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, type Product } from '../../domain/catalogue.ts';
import { isPreorderable } from '../../domain/preorder.ts';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock } from '../../../tests/fixtures/orders.ts';
import { catalogueVersion, products } from './schema.ts';

// A listing answer is remembered per filter and page while row 2 of catalogue_version stays the same (migration 0009):
// every write an answer shows must show at once, on this instance and on another one over the same database.
describe.each(testDatabases())('remembered listing answers on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    t = await setupApi(kind);
    admin = (await t.login('admin')).access_token;
    customer = (await t.login('customer')).access_token;
    await setStock(t, { [t.ids.product.frigo!]: 5, [t.ids.product.clim!]: 5 });
  });
  afterAll(() => t.close());

  const write = async (method: 'POST' | 'PUT', path: string, body: unknown, token = admin) => {
    const res = await t.json(path, { method, body, token });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  };
  const answer = async (path: string, api: Pick<TestApi, 'json'> = t) => productListSchema.parse((await api.json(path)).body);
  // The truth, worked out afresh: /api/produits is never remembered.
  const truth = async (keep: (p: Product) => boolean) => ((await t.json('/api/produits')).body as Product[]).filter(keep);
  const all = () => true;

  const steps: Array<[string, string, (p: Product) => boolean, () => Promise<unknown>]> = [
    [
      'an order taking stock',
      '/api/produits-filtrer?limit=100',
      all,
      () => write('POST', '/api/commandes', orderBody(t.ids.user.customer, [[t.ids.product.frigo!, 2]]), customer),
    ],
    [
      'stock set in the back office',
      '/api/produits-filtrer?limit=100',
      all,
      () => write('PUT', `/api/produits/${t.ids.product.clim}`, { quantity: 17 }),
    ],
    ['a rang changed', '/api/produits-filtrer?limit=100', all, () => write('PUT', `/api/produits/${t.ids.product.ventiPied}`, { rang: 0 })],
    [
      'a category renamed',
      '/api/produits-filtrer?limit=100',
      all,
      () => write('PUT', `/api/categories/${t.ids.category.MIXEUR}`, { name: 'MIXEURS' }),
    ],
    [
      'a tag renamed',
      '/api/produits-filtrer?limit=100',
      all,
      () => write('PUT', `/api/tags/${t.ids.tag.Nouveauté}`, { name: 'Nouveautés' }),
    ],
    [
      'a promo price changed',
      '/api/produits-filtrer-promo?limit=100',
      (p) => p.en_promo,
      () => write('PUT', `/api/produits/${t.ids.product.clim}`, { promo_price: 255000 }),
    ],
    [
      'a description changed, page 2 of 3',
      '/api/produits-filtrer?limit=4&page=2',
      all,
      () => write('PUT', `/api/produits/${t.ids.product.cuisiniere}`, { description: 'Nouvelle description' }),
    ],
  ];
  it.each(steps)('shows %s at once', async (_step, path, keep, act) => {
    const url = new URL(path, 'http://x');
    const [page, limit] = [Number(url.searchParams.get('page') ?? 1), Number(url.searchParams.get('limit'))];
    const fresh = async () => (await truth(keep)).slice((page - 1) * limit, page * limit);
    // Asked twice so the answer is remembered before the write.
    await answer(path);
    const before = await answer(path);
    expect(before.products).toEqual(await fresh());
    await act();
    const after = await fresh();
    expect(after).not.toEqual(before.products);
    expect((await answer(path)).products).toEqual(after);
    // Another instance over the same database reads the same version: it never serves the older answer either.
    expect((await answer(path, t.twin())).products).toEqual(after);
  });

  it('serves the remembered answer while the version stays, and drops it at the next change', async () => {
    const path = '/api/produits-filtrer?limit=100';
    const { frigo, fer } = t.ids.product;
    const named = (a: { products: Product[] }, id: number) => a.products.find((p) => p.id === id)?.name;
    await answer(path);
    const name = named(await answer(path), frigo!);
    // A write that skips the triggers leaves the version as it was: the listing still answers from memory.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(products).set({ name: 'Réfrigérateur renommé en douce' }).where(eq(products.id, frigo!));
    });
    expect(named(await answer(path), frigo!)).toBe(name);
    expect(((await t.json('/api/produits')).body as Product[]).find((p) => p.id === frigo)?.name).toBe('Réfrigérateur renommé en douce');
    // Any change that goes through the triggers moves the version: the next answer is made afresh.
    await write('PUT', `/api/produits/${fer}`, { rang: 6 });
    expect(named(await answer(path), frigo!)).toBe('Réfrigérateur renommé en douce');
  });

  it('keeps a remembered answer through sales, with the stock of its products read afresh, and drops it at a price change', async () => {
    const path = '/api/produits-filtrer?limit=100';
    const { frigo, clim } = t.ids.product;
    const of = (a: { products: Product[] }, id: number) => a.products.find((p) => p.id === id)!;
    const version = async () => (await t.database.db.select().from(catalogueVersion).where(eq(catalogueVersion.id, 2)))[0]!.version;
    await setStock(t, { [frigo!]: 6, [clim!]: 6 });
    await answer(path);
    // A write that skips the triggers marks the remembered answer: while it is served from memory, this name stays unseen.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(products).set({ name: 'Climatiseur renommé en douce' }).where(eq(products.id, clim!));
    });
    const remembered = of(await answer(path), clim!).name;
    expect(remembered).not.toBe('Climatiseur renommé en douce');
    const before = await version();
    await write(
      'POST',
      '/api/commandes',
      orderBody(t.ids.user.customer, [
        [frigo!, 2],
        [clim!, 1],
      ]),
      customer,
    );
    // No shared row moved: the answer is the remembered one, its stock the current one, here and on another instance.
    expect(await version()).toBe(before);
    for (const api of [t, t.twin()]) {
      const sold = await answer(path, api);
      expect([of(sold, frigo!).quantity, of(sold, clim!).quantity]).toEqual([4, 5]);
      expect(of(sold, clim!).name).toBe(remembered);
      expect(sold.products.map((p) => ({ ...p, name: '' }))).toEqual((await truth(all)).map((p) => ({ ...p, name: '' })));
    }
    await write('PUT', `/api/produits/${clim}`, { quantity: 9 });
    expect(of(await answer(path), clim!).quantity).toBe(9);
    expect(await version()).toBe(before);
    // A price change moves the version: the next answer is made afresh, with the new price (and the name written meanwhile).
    await write('PUT', `/api/produits/${frigo}`, { list_price: 333000 });
    const priced = await answer(path);
    expect(of(priced, frigo!).list_price).toBe(333000);
    expect(of(priced, clim!).name).toBe('Climatiseur renommé en douce');
    expect(priced.products).toEqual(await truth(all));
  });

  it('the pre-order listing follows stock at once: an order taking the last unit adds the product, stock coming back takes it out', async () => {
    const coffre = t.ids.product.congeCoffre!;
    const listed = async () => ((await t.json('/api/produits-precommande')).body as Product[]).map((p) => p.id);
    // What may be pre-ordered, worked out afresh from the truth (domain/preorder.ts).
    const preorderable = async () => (await truth((p) => isPreorderable(p))).map((p) => p.id);
    await setStock(t, { [coffre]: 1 });
    await listed();
    expect(await listed()).toEqual(await preorderable());
    expect(await listed()).not.toContain(coffre);
    await write('POST', '/api/commandes', orderBody(t.ids.user.customer, [[coffre, 1]]), customer);
    expect(await listed()).toContain(coffre);
    expect(await listed()).toEqual(await preorderable());
    await write('PUT', `/api/produits/${coffre}`, { quantity: 4 });
    expect(await listed()).not.toContain(coffre);
    await write('PUT', `/api/produits/${coffre}`, { quantity: 0, preorder_price: null });
    expect(await listed()).not.toContain(coffre);
    expect(await listed()).toEqual(await preorderable());
  });

  it('a page is sent as the JSON the route always sent', async () => {
    const res = await t.json('/api/produits-filtrer?limit=3');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(productListSchema.parse(res.body).products).toHaveLength(3);
  });
});
