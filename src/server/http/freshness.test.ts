import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock } from '../../../tests/fixtures/orders.ts';
import { CATALOGUE_CACHE, CATALOGUE_TAG_HEADER } from '../../domain/freshness.ts';
import { packLines } from '../db/schema.ts';
import { withCatalogueTag } from './freshness.ts';

/** A page request through the validator, with a stand-in renderer that counts its renders and answers the tag it was handed. */
function pageServer(t: TestApi) {
  let renders = 0;
  const handler = withCatalogueTag(t.database.db, 'build-1', (req, res) => {
    renders++;
    res.writeHead(200, { 'Cache-Control': CATALOGUE_CACHE, ETag: String(req.headers[CATALOGUE_TAG_HEADER]) }).end('<html>');
  });
  const get = async (headers: Record<string, string> = {}) => {
    const sent: { status?: number; headers?: Record<string, string> } = {};
    const req = { method: 'GET', url: '/single-product/1', headers: { ...headers } } as unknown as IncomingMessage;
    const res = {
      writeHead(status: number, h: Record<string, string>) {
        sent.status = status;
        sent.headers = h;
        return this;
      },
      end() {},
    } as unknown as ServerResponse;
    await handler(req, res);
    return { status: sent.status, etag: sent.headers?.ETag ?? '', cacheControl: sent.headers?.['Cache-Control'] };
  };
  return { get, renders: () => renders };
}

describe.each(testDatabases())('fresh prices: validators of the catalogue on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  const product = () => `/api/produits/${t.ids.product.frigo}`;
  const read = (path: string, tag?: string) => t.app.request(path, { headers: tag ? { 'If-None-Match': tag } : {} });
  const setPrice = async (list_price: number) =>
    expect((await t.json(product(), { method: 'PUT', token: admin, body: { list_price } })).status).toBe(200);

  beforeAll(async () => {
    t = await setupApi(kind);
    admin = (await t.login('admin')).access_token;
  });
  afterAll(() => t.close());

  it('tags a catalogue read, answers 304 to its tag, and a new tag with the new price after a price write', async () => {
    const first = await read(product());
    const tag = first.headers.get('ETag')!;
    expect(tag).toMatch(/^W\/"c\d+\.\d+-api"$/);
    expect(first.headers.get('Cache-Control')).toBe(CATALOGUE_CACHE);
    const again = await read(product(), tag);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('ETag')).toBe(tag);
    expect(again.headers.get('Cache-Control')).toBe(CATALOGUE_CACHE);
    await setPrice(209000);
    const changed = await read(product(), tag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(tag);
    expect((await changed.json()).list_price).toBe(209000);
  });

  it('moves the tag with a pack, a stock change and a synonym too', async () => {
    const tagOf = async (path: string) => (await read(path)).headers.get('ETag');
    let tag = await tagOf('/api/pack_product');
    await t.database.db.update(packLines).set({ priceUnit: 170000 }).where(eq(packLines.productId, t.ids.product.tvSamsung!));
    expect(await tagOf('/api/pack_product')).not.toBe(tag);
    tag = await tagOf(product());
    await t.json(product(), { method: 'PUT', token: admin, body: { quantity: 3 } });
    expect(await tagOf(product())).not.toBe(tag);
    tag = await tagOf('/api/produits-filtrer?search=frigo');
    await t.json('/api/admin/synonymes', { method: 'POST', token: admin, body: { mot: 'glacière', equivalent: 'congélateur' } });
    expect(await tagOf('/api/produits-filtrer?search=frigo')).not.toBe(tag);
  });

  it('moves the tag of a listing, a product and a page with a sale and with stock given back, which show stock', async () => {
    const customer = (await t.login('customer')).access_token;
    await setStock(t, { [t.ids.product.frigo!]: 4 });
    const listing = '/api/produits-filtrer?limit=100';
    const pages = pageServer(t);
    const stockIn = async (res: Response) =>
      ((await res.json()) as { products: Array<{ id: number; quantity: number }> }).products.find((p) => p.id === t.ids.product.frigo)!
        .quantity;
    // Read twice, so the listing's answer is remembered before the sale.
    await read(listing);
    const [listingTag, productTag, pageTag] = [
      (await read(listing)).headers.get('ETag')!,
      (await read(product())).headers.get('ETag')!,
      (await pages.get()).etag,
    ];
    const sale = await t.json('/api/commandes', {
      method: 'POST',
      token: customer,
      body: orderBody(t.ids.user.customer, [[t.ids.product.frigo!, 1]]),
    });
    expect(sale.status).toBe(201);
    const afterSale = await read(listing, listingTag);
    expect(afterSale.status).toBe(200);
    expect(await stockIn(afterSale)).toBe(3);
    expect((await read(product(), productTag)).status).toBe(200);
    expect((await pages.get({ 'if-none-match': pageTag })).status).toBe(200);
    // A cancellation gives the unit back: the tag moves again, and the listing shows it.
    const soldTag = (await read(listing)).headers.get('ETag')!;
    const cancel = await t.json(`/api/commande/${sale.body.id}/annuler`, { token: customer });
    expect(cancel.status, JSON.stringify(cancel.body)).toBeLessThan(300);
    const afterCancel = await read(listing, soldTag);
    expect(afterCancel.status).toBe(200);
    expect(await stockIn(afterCancel)).toBe(4);
  });

  it('never tags what a token reads, nor what is not the catalogue', async () => {
    const mine = await t.app.request(product(), { headers: { 'Access-Token': admin } });
    expect(mine.headers.get('ETag')).toBeNull();
    expect(mine.headers.get('Cache-Control')).toBe('no-store');
    const tag = (await read(product())).headers.get('ETag')!;
    expect((await t.app.request(product(), { headers: { 'Access-Token': admin, 'If-None-Match': tag } })).status).toBe(200);
    expect((await read('/api/location')).headers.get('ETag')).toBeNull();
  });

  it('answers a page held at the current tag 304 without rendering it, and renders it again after a price write', async () => {
    const pages = pageServer(t);
    const first = await pages.get();
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/"c\d+\.\d+-build-1"$/);
    expect(pages.renders()).toBe(1);
    const again = await pages.get({ 'if-none-match': first.etag });
    expect(again).toMatchObject({ status: 304, etag: first.etag, cacheControl: CATALOGUE_CACHE });
    expect(pages.renders()).toBe(1);
    // A tag a client made up is never handed to the page.
    expect((await pages.get({ [CATALOGUE_TAG_HEADER]: 'W/"c0-x"' })).etag).toBe(first.etag);
    await setPrice(199000);
    const changed = await pages.get({ 'if-none-match': first.etag });
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    expect(pages.renders()).toBe(3);
  });
});
